/**
 * The `secret-name-in-arg-env` rule: Secret in ARG or ENV.
 * Its metadata is its documentation (`docs/rules/secret-name-in-arg-env.md`, `enginekit lint --explain
 * secret-name-in-arg-env`).
 * Same check elsewhere: BuildKit SecretsUsedInArgOrEnv, hadolint DL3064, Trivy DS-0031, Checkov
 * CKV_DOCKER_1005.
 */
import { allInstructions } from "../../enginefile/instructions.js";
import type { Range, Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** BuildKit's SecretsUsedInArgOrEnv tokens (lint-anchors §2.1), and its allow tokens. */
const SECRET_TOKENS = new Set([
  "apikey",
  "auth",
  "credential",
  "credentials",
  "key",
  "password",
  "pword",
  "passwd",
  "secret",
  "token",
]);
const ALLOW_TOKENS = new Set([
  "public",
  "file",
  "version",
  "path",
  "dir",
  "url",
  "name",
  "id",
  "mode",
  "type",
  "alias",
  "host",
  "user",
  "username",
  "gpg",
  "pgp",
  "ids",
  "fingerprint",
]);

/** Splits `MY_API_KEY` / `myApiKey` / `db-password` into lower-case tokens. */
function tokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((t) => t.toLowerCase());
}

/** True when a build argument or environment name looks like it holds a secret. */
/**
 * A word every secret-looking name has, once lower-cased and joined without separators (`accesskey` and
 * `apikey` have `key`; each token is part of the joined name): most names are ruled out by this one test.
 */
const SECRET_HINT = /auth|credential|key|password|pword|passwd|secret|token/;

export function looksSecret(name: string): boolean {
  if (!SECRET_HINT.test(name.replace(/[^A-Za-z0-9]+/g, "").toLowerCase())) return false;
  const t = tokens(name);
  const joined = t.join("");
  // an access key's id is half of a credential pair (AWS_ACCESS_KEY_ID), whatever the `id` word says
  if (joined.includes("accesskey") && !t.includes("public")) return true;
  if (t.some((x) => ALLOW_TOKENS.has(x))) return false;
  return t.some((x) => SECRET_TOKENS.has(x) || COMPOUND_SECRET.test(x)) || joined.endsWith("apikey");
}

/** A word ending in a secret's name, written without a separator (`PGPASSWORD`, `MYSQLPASSWORD`, `npmtoken`). */
const COMPOUND_SECRET = /.(password|passwd|secret|token)$/;

export default enginefileRule(
  {
    id: "secret-name-in-arg-env",
    name: "Secret in ARG or ENV",
    description: "An ARG or ENV whose name looks like it holds a secret (password, token, key …).",
    severity: "warning",
    fix: "never",
    docs: `Build arguments and ENV values are stored in the image and its history: anyone who can pull the image
can read them. Pass secrets to the one RUN that needs them with \`RUN --mount=type=secret,id=…\`, and give
containers secrets at run time (a manifest's \`Env\` with a \`svc:\` reference). Names are split into words
(\`DB_PASSWORD\`, \`apiToken\`; a word ending in password, passwd, secret or token counts too: PostgreSQL's
\`PGPASSWORD\`) and matched on BuildKit's word list (\`password\`, \`token\`, \`secret\`, \`key\`,
\`auth\`, \`credentials\`…); names that also contain \`public\`, \`file\`, \`version\`, \`path\`, \`url\`, \`name\`,
\`id\`, \`mode\`, \`user\`, \`gpg\`/\`pgp\` (public key ids)… are not reported (BuildKit's noise complaints, moby/buildkit#5775),
except an access key's id (\`AWS_ACCESS_KEY_ID\`), which is half of a credential pair.`,
    peers: ["BuildKit SecretsUsedInArgOrEnv", "hadolint DL3064", "Trivy DS-0031", "Checkov CKV_DOCKER_1005"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nARG GITHUB_TOKEN\nENV DB_PASSWORD=hunter2\n" },
      {
        kind: "valid",
        code: "FROM alpine:3.20\nARG PUBLIC_KEY_URL\nENV DB_PASSWORD_FILE=/run/secrets/db\nRUN --mount=type=secret,id=token true\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    const report = (keyword: string, name: string, range: Range) =>
      out.push({
        range,
        message: `${keyword} "${name}" looks like a secret; ${keyword} values are kept in the image. Use RUN --mount=type=secret instead.`,
      });
    for (const ins of allInstructions(file)) {
      if (ins.kind === "arg")
        for (const d of ins.declarations) if (looksSecret(d.name)) report("ARG", d.name, d.nameRange);
      if (ins.kind === "env")
        for (const p of ins.pairs) if (looksSecret(p.key.value)) report("ENV", p.key.value, p.key.range);
    }
    return out;
  },
);
