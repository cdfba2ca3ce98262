/**
 * `fieldMarkdown`: a manifest field's documentation from the api schemas, as Markdown for hover and
 * completion.
 */
import { type FieldDoc, renderFieldDoc } from "@enginekit/api";

/** Markdown documentation of a manifest field (meaning, unit, bounds, default, spec section). */
export function fieldMarkdown(
  name: string,
  doc: FieldDoc | undefined,
  required = false,
  values: readonly unknown[] = [],
): string {
  const lines = [`**${name}**${required ? " (required)" : ""}`];
  if (doc) lines.push("", renderFieldDoc(doc));
  if (values.length > 0)
    lines.push("", `Values: ${values.map((v) => `\`${JSON.stringify(v)}\``).join(", ")}`);
  return lines.join("\n");
}
