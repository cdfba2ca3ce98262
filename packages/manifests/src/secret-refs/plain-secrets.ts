/**
 * `findPlainSecrets`: `secret/plain-value` findings for `Env` and `Labels` entries whose secret-looking name
 * (`looksLikeSecretName`) holds a plain value instead of a `svc:` reference.
 */
import type { Finding } from "../findings.js";
import type { LocatedNode, PathSegment } from "../tree/located-node.js";
import { type FindReferencesContext, rangeInScalar } from "./find-references.js";
import { SECRET_REFERENCE_PREFIX } from "./reference-syntax.js";

/** Variable or label names that usually hold a secret (matched on the last word of the name). */
const SECRET_NAME =
  /(?:^|[_.-])(?:PASSWORD|PASSWD|PWD|SECRET|SECRET[_-]KEY|TOKEN|API[_-]?KEY|ACCESS[_-]?KEY|PRIVATE[_-]?KEY|CLIENT[_-]SECRET|CREDENTIALS?)$/i;
/** Names that point at a secret instead of holding it (`POSTGRES_PASSWORD_FILE=/run/secrets/db`). */
const POINTER_NAME = /_(?:FILE|PATH|DIR|ENV|NAME|ID)$/i;
/** Values that are not plain secrets: empty, a placeholder, or a reference. */
const NOT_A_SECRET = /^(?:|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|<[^>]*>|changeme|xxx+)$/i;

/** True for a value that is not a plain secret: empty, a placeholder (`<password>`, `changeme`) or a `$VAR` reference. */
export function isPlaceholderSecret(value: string): boolean {
  return NOT_A_SECRET.test(value);
}

/** True for a name like `DB_PASSWORD` or `api.token` whose value should come from the secrets service. */
export function looksLikeSecretName(name: string): boolean {
  // `PWD` alone is the shell's working directory, not a password.
  return SECRET_NAME.test(name) && !POINTER_NAME.test(name) && name.toUpperCase() !== "PWD";
}

/**
 * `secret/plain-value` findings (warning): an `Env` entry `NAME=value` or a `Labels` entry whose name looks
 * like a secret (`…PASSWORD`, `…TOKEN`, `…API_KEY`, …) and whose value is written in plain text instead of
 * a `svc:` reference. Located at the value (after `=` for `Env`). The message never repeats the value.
 */
export function findPlainSecrets(root: LocatedNode | undefined, ctx: FindReferencesContext): Finding[] {
  const findings: Finding[] = [];
  const report = (name: string, path: PathSegment[], range: Finding["range"], where: string) => {
    findings.push({
      code: "secret/plain-value",
      message: `${where} "${name}" holds a plain-text value that looks like a secret; reference it instead (${SECRET_REFERENCE_PREFIX}<mount>/<path>#<field>).`,
      severity: "warning",
      range,
      path,
      document: ctx.document,
    });
  };
  const visit = (node: LocatedNode, path: PathSegment[], depth: number) => {
    if (depth > 64) return;
    if (node.kind === "array") {
      for (const [index, item] of node.items.entries()) visit(item, [...path, index], depth + 1);
      return;
    }
    if (node.kind !== "object") return;
    for (const property of node.properties) {
      const value = property.value;
      if (!value) continue;
      const childPath = [...path, property.key];
      if (property.key === "Env" && value.kind === "array") {
        value.items.forEach((item, index) => {
          if (item.kind !== "scalar" || typeof item.value !== "string") return;
          const equals = item.value.indexOf("=");
          if (equals <= 0) return;
          const name = item.value.slice(0, equals);
          const secret = item.value.slice(equals + 1);
          if (
            !looksLikeSecretName(name) ||
            NOT_A_SECRET.test(secret) ||
            secret.includes(SECRET_REFERENCE_PREFIX)
          )
            return;
          const { range } = rangeInScalar(ctx, item, equals + 1, item.value.length);
          report(name, [...childPath, index], range, "Environment variable");
        });
      } else if (property.key === "Labels" && value.kind === "object") {
        for (const label of value.properties) {
          const labelValue = label.value;
          if (labelValue?.kind !== "scalar" || typeof labelValue.value !== "string") continue;
          if (!looksLikeSecretName(label.key) || NOT_A_SECRET.test(labelValue.value)) continue;
          if (labelValue.value.includes(SECRET_REFERENCE_PREFIX)) continue;
          report(label.key, [...childPath, label.key], labelValue.range, "Label");
        }
      } else {
        visit(value, childPath, depth + 1);
      }
    }
  };
  if (root) visit(root, [], 0);
  return findings;
}
