/**
 * Compose document symbols (LSP `textDocument/documentSymbol`): the outline of the document's own text
 * (`documentSymbols` of `@enginekit/compose`) — top-level sections; services, networks, volumes, secrets and
 * configs with their keys; `include` entries — with LSP symbol kinds.
 */
import {
  type ComposeSymbol,
  type ComposeSymbolKind,
  documentSymbols,
  readComposeFile,
} from "@enginekit/compose";
import { type DocumentSymbol, SymbolKind } from "vscode-languageserver";
import { toLspRange } from "../../diagnostics/to-lsp.js";

const KINDS: Record<ComposeSymbolKind, SymbolKind> = {
  section: SymbolKind.Module,
  service: SymbolKind.Class,
  network: SymbolKind.Interface,
  volume: SymbolKind.Package,
  secret: SymbolKind.Key,
  config: SymbolKind.Object,
  include: SymbolKind.File,
  key: SymbolKind.Property,
};

function toLsp(symbol: ComposeSymbol): DocumentSymbol {
  return {
    name: symbol.name,
    kind: KINDS[symbol.kind],
    ...(symbol.detail === undefined ? {} : { detail: symbol.detail }),
    range: toLspRange(symbol.range),
    selectionRange: toLspRange(symbol.selectionRange),
    children: symbol.children.map(toLsp),
  };
}

/** The outline of a Compose document's text (`path` names it in the reader's findings only). */
export function composeSymbols(text: string, path: string): DocumentSymbol[] {
  return documentSymbols(readComposeFile(path, text).roots).map(toLsp);
}
