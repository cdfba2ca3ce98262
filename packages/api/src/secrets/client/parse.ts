/**
 * `parseBody`: checks an answer body against its schema and reports a mismatch by field paths and types
 * only, never the values (a body may hold secrets).
 */
import type { z } from "zod";
import { SecretsProtocolError } from "./errors.js";

/**
 * Parses an answer body with `schema`. On mismatch throws {@link SecretsProtocolError} naming the
 * offending field paths and expected types only (zod messages are not used: a body may hold secrets).
 */
export function parseBody<T extends z.ZodType>(
  schema: T,
  body: unknown,
  method: string,
  path: string,
): z.infer<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? i.path.join(".") : "(body)"}: ${i.code}`)
    .join(", ");
  throw new SecretsProtocolError(`unexpected response shape (${fields})`, method, path);
}
