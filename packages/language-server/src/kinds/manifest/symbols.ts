/**
 * Manifest document symbols (LSP `textDocument/documentSymbol`): one symbol per document, named by its kind,
 * with its keys as children.
 */
import type { AnalyzedManifest } from "@enginekit/lint";
import type { LocatedNode } from "@enginekit/manifests";
import { type DocumentSymbol, SymbolKind } from "vscode-languageserver";
import { toLspRange } from "../../diagnostics/to-lsp.js";

/** Deepest level of nesting shown in the outline. */
const MAX_DEPTH = 12;

function kindOf(node: LocatedNode | undefined): SymbolKind {
  if (!node) return SymbolKind.Null;
  if (node.kind === "object") return SymbolKind.Object;
  if (node.kind === "array") return SymbolKind.Array;
  if (typeof node.value === "number") return SymbolKind.Number;
  if (typeof node.value === "boolean") return SymbolKind.Boolean;
  return node.value === null ? SymbolKind.Null : SymbolKind.String;
}

function childrenOf(node: LocatedNode | undefined, depth: number): DocumentSymbol[] {
  if (!node || depth > MAX_DEPTH) return [];
  if (node.kind === "object")
    return node.properties.map((p) => ({
      name: p.key || '""',
      detail: p.value?.kind === "scalar" ? String(p.value.value).slice(0, 60) : "",
      kind: kindOf(p.value),
      range: toLspRange(p.range),
      selectionRange: toLspRange(p.keyRange),
      children: childrenOf(p.value, depth + 1),
    }));
  if (node.kind === "array")
    return node.items.map((item, index) => ({
      name: String(index),
      kind: kindOf(item),
      range: toLspRange(item.range),
      selectionRange: toLspRange(item.range),
      children: childrenOf(item, depth + 1),
    }));
  return [];
}

/** Outline of a manifest: one symbol per document (named by its kind) with its keys as children. */
export function manifestSymbols(manifest: AnalyzedManifest): DocumentSymbol[] {
  const docs = manifest.check.documents;
  if (docs.length === 1) return childrenOf(docs[0]!.root, 0);
  return docs.map((d) => ({
    name: `${d.kind ?? "manifest"} ${d.index}`,
    kind: SymbolKind.Module,
    range: toLspRange(d.range),
    selectionRange: toLspRange(d.range),
    children: childrenOf(d.root, 0),
  }));
}
