/** The request methods the server answers and params that fit every one of them (shared by the protocol tests). */

/** Every request method the server answers, with params at a position (or range). */
export const METHODS = [
  "textDocument/completion",
  "textDocument/hover",
  "textDocument/signatureHelp",
  "textDocument/definition",
  "textDocument/references",
  "textDocument/documentHighlight",
  "textDocument/prepareRename",
  "textDocument/rename",
  "textDocument/documentSymbol",
  "textDocument/foldingRange",
  "textDocument/documentLink",
  "textDocument/formatting",
  "textDocument/rangeFormatting",
  "textDocument/onTypeFormatting",
  "textDocument/semanticTokens/full",
  "textDocument/semanticTokens/range",
  "textDocument/inlayHint",
  "textDocument/codeAction",
] as const;

export function paramsFor(uri: string, position: { line: number; character: number }) {
  const range = { start: { line: 0, character: 0 }, end: position };
  return {
    textDocument: { uri },
    position,
    range,
    context: { includeDeclaration: true, diagnostics: [] },
    newName: "renamed",
    options: { tabSize: 4, insertSpaces: true },
    ch: "\\",
  };
}
