/**
 * Compose hover (LSP `textDocument/hover`): on a key or its value, the Compose schema's description of the
 * key (and the values it allows), and for a value that becomes engine fields (src/kinds/compose/
 * engine-fields.ts: `mem_limit` → `HostConfig.Memory`) each engine field's documentation from the api
 * schemas — meaning, unit, bounds, default — as the manifest hover shows it (src/providers/field-docs.ts),
 * with the number the engine gets for byte and nanosecond fields. A service's (network's…) own name shows
 * what it is. Never a value of the user's besides those numbers.
 */
import { composePathLabel, composeSchemaAt } from "@enginekit/compose";
import { type Hover, MarkupKind } from "vscode-languageserver";
import { toLspRange } from "../../diagnostics/to-lsp.js";
import { fieldMarkdown } from "../../providers/field-docs.js";
import type { ComposeAnalysis } from "./analysis.js";
import { composePlaceAt } from "./compose-place.js";
import { engineFieldLabel, engineFieldsAt } from "./engine-fields.js";
import { humanBytes, humanNanoseconds } from "./units.js";

/** Top-level sections whose keys are names the user gives (`services: { web: … }`). */
const NAMED_SECTIONS: Record<string, string> = {
  services: "Service",
  networks: "Network",
  volumes: "Volume",
  secrets: "Secret",
  configs: "Config",
  models: "Model",
};

/** The hover at `offset` of a Compose document, or null outside every key. */
export function composeHover(analysis: ComposeAnalysis, offset: number): Hover | null {
  const place = composePlaceAt(analysis, offset);
  if (!place?.property) return null;
  const { path, property } = place;
  const parts: string[] = [];
  const section = NAMED_SECTIONS[String(path[0])];
  if (path.length === 2 && section) parts.push(`**${section} \`${property.key}\`**`);
  else parts.push(`**${composePathLabel(path)}**`);
  const schema = composeSchemaAt(path);
  if (schema?.description) parts.push(schema.description);
  if (schema && schema.values.length > 0 && !(path.length === 2 && section))
    parts.push(`Values: ${schema.values.map((v) => `\`${String(v)}\``).join(", ")}`);
  if (!schema) parts.push("Not a key of the Compose Specification.");
  // a value's engine fields (a mapping such as a whole service becomes many: those show on its own keys)
  const valueNode = place.node ?? property.value;
  const fields = valueNode && valueNode.kind !== "object" ? engineFieldsAt(analysis, valueNode) : [];
  for (const field of fields) {
    const label = engineFieldLabel(field.path);
    parts.push(`---\n\nOn the engine: ${fieldMarkdown(`\`${label}\``, field.doc)}`);
    const n = typeof field.value === "number" ? field.value : undefined;
    if (n !== undefined && field.doc?.unit === "bytes")
      parts.push(`The engine gets \`${label}: ${n}\` (${humanBytes(n)}).`);
    if (n !== undefined && field.doc?.unit === "nanoseconds")
      parts.push(`The engine gets \`${label}: ${n}\` (${humanNanoseconds(n)}).`);
  }
  const range = place.onKey ? property.keyRange : (place.node?.range ?? property.keyRange);
  return { contents: { kind: MarkupKind.Markdown, value: parts.join("\n\n") }, range: toLspRange(range) };
}
