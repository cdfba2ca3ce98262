/**
 * What the Enginefile kind announces in `initialize` (LSP 3.17 server capabilities) before any Enginefile is
 * opened: the characters that open completion and signature help, and the semantic tokens' legend. Kept
 * apart from the providers so that the kind table (src/kinds/kind-table.ts) can read them without loading
 * the kind.
 */
import type { SemanticTokensLegend } from "vscode-languageserver";

/** Characters that open completion in Enginefiles (`--` flags, `=` values, `$` variables, `,` mount options). */
export const ENGINEFILE_TRIGGER_CHARACTERS = ["-", "=", "$", "{", ",", " ", "#"];

/** Characters that open signature help. */
export const SIGNATURE_TRIGGER_CHARACTERS = [" ", "-", "=", "[", ","];

/** Token types, in legend order (the standard LSP names every client themes). */
export const TOKEN_TYPES = [
  "keyword",
  "comment",
  "macro",
  "string",
  "parameter",
  "variable",
  "namespace",
  "type",
  "property",
] as const;

/** Token modifiers, in legend order. */
const TOKEN_MODIFIERS = ["declaration", "deprecated"] as const;

/** The legend announced in the server capabilities. */
export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = {
  tokenTypes: [...TOKEN_TYPES],
  tokenModifiers: [...TOKEN_MODIFIERS],
};
