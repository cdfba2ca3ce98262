/**
 * Manifest hover (LSP `textDocument/hover`): a key's field documentation from the api schemas.
 */
import type { AnalyzedManifest } from "@enginekit/lint";
import { nodeAtOffset, schemaAtManifestPath } from "@enginekit/manifests";
import { type Hover, MarkupKind } from "vscode-languageserver";
import { toLspRange } from "../../diagnostics/to-lsp.js";
import { fieldMarkdown } from "../../providers/field-docs.js";
import { documentAt } from "./manifest-context.js";

/** Hover on a manifest key (or its value): the field's documentation from the api schemas. */
export function manifestHover(manifest: AnalyzedManifest, offset: number): Hover | null {
  const { document, kind } = documentAt(manifest, offset);
  if (!kind || !document?.root) return null;
  const at = nodeAtOffset(document.root, offset);
  if (!at?.property || at.path.length === 0) return null;
  const schema = schemaAtManifestPath(kind, at.path);
  if (!schema) return null;
  const parent = schemaAtManifestPath(kind, at.path.slice(0, -1));
  const required = parent?.keys.find((k) => k.name === at.property?.key)?.required ?? false;
  const name = at.path.filter((s) => typeof s === "string").join(".");
  return {
    contents: { kind: MarkupKind.Markdown, value: fieldMarkdown(name, schema.doc, required, schema.values) },
    range: toLspRange(at.onKey ? at.property.keyRange : (at.property.value?.range ?? at.property.keyRange)),
  };
}
