/**
 * `field`: the `documented()` shorthand every secrets schema uses to attach a description and a source.
 */
import type { z } from "zod";
import { documented, type FieldDoc } from "../../meta.js";

/**
 * Shorthand for {@link documented} used by every secrets schema: attaches `description` and `source`
 * (`secrets §N` for the API document, `research secrets-anchors §N` for researched facts) plus any
 * extra {@link FieldDoc} entries (unit, bounds, default, decision).
 */
export function field<T extends z.ZodType>(
  schema: T,
  description: string,
  source: string,
  extra: Omit<FieldDoc, "description" | "source"> = {},
): T {
  return documented(schema, { description, source, ...extra });
}
