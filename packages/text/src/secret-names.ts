/**
 * Which names hold a secret and which values are not one: the heuristic of enginekit's plain-secret checks
 * (manifests' `secret/plain-value`, Compose's `plain-secret` rule) and of the masking of secret values in
 * output (`redact-secret-values.ts`). The project's own design; kept here, in the foundation, so that
 * masking a line costs no more than these few regular expressions wherever it runs.
 */

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
