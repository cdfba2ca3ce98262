/**
 * The `compose/plain-secret` rule: Secret written in environment.
 * Its metadata is its documentation (`docs/rules/compose/plain-secret.md`, `enginekit lint --explain
 * compose/plain-secret`).
 * Same check elsewhere: compose-lint CL-0020 / CL-0021.
 */
import { type ComposeScalar, propertyValue } from "@enginekit/compose";
import {
  isPlaceholderSecret,
  looksLikeSecretName,
  SECRET_REFERENCE_PREFIX,
} from "@enginekit/manifests/schema-free";
import { linesOf, ownProperties, ownServices, rangeInValue, sourceText } from "../../compose/rule-nodes.js";
import type { Report } from "../../model/finding.js";
import { composeRule } from "../../model/rule.js";

/** A URL with a password (`postgres://app:PASSWORD@db/shop`): group 1 is the password. */
const URL_PASSWORD = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^:/@\s]*:([^@\s]+)@/;

/** An interpolation with a default, `${NAME:-default}` or `${NAME-default}`: group 3 is the default. */
const DEFAULT = /\$\{([A-Za-z_][A-Za-z0-9_]*)(:?-)([^}$]*)\}/g;

/**
 * An environment entry's name and value: a mapping entry's key and its text, or a list entry's
 * `NAME=value` split at the first `=` (`from`: where the value starts in the text). Undefined for `NAME` alone.
 */
function split(
  text: string,
  key: string | undefined,
): { name: string; value: string; from: number } | undefined {
  if (key !== undefined) return { name: key, value: text, from: 0 };
  const equals = text.indexOf("=");
  return equals <= 0
    ? undefined
    : { name: text.slice(0, equals), value: text.slice(equals + 1), from: equals + 1 };
}

/** Whether a value is written as a secret: not empty, not a placeholder, not interpolated, not a `svc:` reference. */
function isPlain(value: string): boolean {
  // a switch, not a secret: MYSQL_ALLOW_EMPTY_PASSWORD=yes, MYSQL_RANDOM_ROOT_PASSWORD=1
  if (/^(?:true|false|yes|no|on|off|[01])$/i.test(value)) return false;
  return !isPlaceholderSecret(value) && !value.includes("$") && !value.includes(SECRET_REFERENCE_PREFIX);
}

export default composeRule(
  {
    id: "compose/plain-secret",
    name: "Secret written in environment",
    description:
      "An `environment` entry with a secret-looking name, or a URL with a password, holds its value in plain text.",
    severity: "warning",
    fix: "never",
    docs: `A password in the Compose file is in every clone, every fork and every CI log that prints the
configuration, and in the container's \`docker inspect\` output. Take it out of the file: interpolate it
(\`DB_PASSWORD: \${DB_PASSWORD:?}\`, the value in an untracked \`.env\`), mount it with Compose's \`secrets:\` (and
point the program at \`/run/secrets/<name>\`, e.g. \`POSTGRES_PASSWORD_FILE\`), or reference it from the secrets
service (\`svc:<mount>/<path>#<field>\`). Names are matched as in manifests (\`…PASSWORD\`, \`…TOKEN\`, \`…API_KEY\`,
\`…SECRET\`; not \`…_FILE\`), and any value that is a URL with a password (\`postgres://app:pw@db/shop\`) is
reported too. Empty values, placeholders (\`changeme\`, \`<password>\`), switches (\`MYSQL_ALLOW_EMPTY_PASSWORD: yes\`,
\`1\`) and interpolated values are not, but a secret written as an interpolation's default
(\`\${DB_PASSWORD:-hunter2}\`) is: it is what runs whenever the variable is unset. The
finding never repeats the value.`,
    peers: ["compose-lint CL-0020 / CL-0021"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: hunter2\n",
      },
      {
        kind: "valid",
        code: "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db\n    secrets: [db]\nsecrets:\n  db:\n    file: ./db.txt\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const environment = propertyValue(service.node, "environment");
      const scalars: { key?: string; scalar: ComposeScalar }[] = [];
      if (environment?.kind === "object") {
        for (const p of ownProperties(environment))
          if (p.value?.kind === "scalar" && p.value.value !== null)
            scalars.push({ key: p.key, scalar: p.value });
      } else if (environment?.kind === "array") {
        for (const item of environment.items) if (item.kind === "scalar") scalars.push({ scalar: item });
      }
      const out: Report[] = [];
      const report = (range: Report["range"], what: string) =>
        out.push({ range, message: `service "${service.name}": environment variable ${what}` });
      for (const { key, scalar } of scalars) {
        if (scalar.variables?.length) {
          // interpolated: only a default written into the file is a plain secret
          const source = sourceText(file, scalar);
          const entry = source && split(source.text, key);
          if (!source || !entry || !looksLikeSecretName(entry.name)) continue;
          for (const m of entry.value.matchAll(DEFAULT)) {
            const fallback = m[3] ?? "";
            if (!isPlain(fallback)) continue;
            const at = source.base + entry.from + m.index + m[0].length - 1 - fallback.length;
            report(
              linesOf(file).range(at, at + fallback.length),
              `"${entry.name}" has a plain-text secret as its default; require the variable (\${${m[1]}:?}) or use a secret`,
            );
          }
          continue;
        }
        const entry = split(String(scalar.value), key);
        if (!entry) continue;
        const { name, value, from } = entry;
        const url = URL_PASSWORD.exec(value);
        if (looksLikeSecretName(name) && isPlain(value)) {
          report(
            rangeInValue(file, scalar, from, from + value.length),
            `"${name}" holds a plain-text secret; use a secret (secrets:), an interpolated variable or an svc: reference`,
          );
        } else if (url?.[1] && isPlain(url[1])) {
          const at = from + url[0].length - 1 - url[1].length;
          report(
            rangeInValue(file, scalar, at, at + url[1].length),
            `"${name}" holds a URL with a plain-text password; interpolate it or use a secret`,
          );
        }
      }
      return out;
    }),
);
