/**
 * Redaction of tokens and secret values (RULES: secrets never appear in logs, diagnostics or error
 * messages). Every message the client builds passes through {@link redact} with the values it knows.
 */

/** What replaces a hidden value in messages and `util.inspect` output. */
export const REDACTED = "[redacted]";

/** Values shorter than this are not searched for (too likely to hit ordinary words). */
const MIN_SECRET_LENGTH = 4;

/** Replaces every occurrence of each of `secrets` in `text` with {@link REDACTED}. */
export function redact(text: string, secrets: Iterable<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** Collects the string leaves of a JSON value (the secret values of a request body), bounded in count. */
export function stringLeaves(value: unknown, out: string[] = [], limit = 1000): string[] {
  if (out.length >= limit) return out;
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringLeaves(v, out, limit);
  else if (value && typeof value === "object")
    for (const v of Object.values(value)) stringLeaves(v, out, limit);
  return out;
}
