import type { Instruction } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "@enginekit/lint";
import type { SemanticTokensLegend } from "vscode-languageserver";

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
export const TOKEN_MODIFIERS = ["declaration", "deprecated"] as const;

/** The legend announced in the server capabilities. */
export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = {
  tokenTypes: [...TOKEN_TYPES],
  tokenModifiers: [...TOKEN_MODIFIERS],
};

type TokenType = (typeof TOKEN_TYPES)[number];

interface RawToken {
  line: number;
  character: number;
  start: number;
  length: number;
  type: number;
  modifiers: number;
}

const typeIndex = (t: TokenType) => TOKEN_TYPES.indexOf(t);
const DECLARATION = 1;
const DEPRECATED = 2;

/**
 * Semantic tokens of an Enginefile as LSP's relative 5-integer encoding (task §2; lsp-anchors §4 A: the
 * peer's tokens loop, overflow and go negative). One linear pass over the parsed instructions: keywords,
 * flags, variables (declarations marked), stage names, base images, heredoc delimiters, comments and
 * directives. Tokens never span lines, never overlap and are strictly increasing, so every delta is
 * non-negative. `range` (offsets) keeps only tokens inside it.
 */
export function enginefileSemanticTokens(
  file: AnalyzedEnginefile,
  range?: { start: number; end: number },
): number[] {
  const tokens: RawToken[] = [];
  const add = (
    r: { start: { line: number; character: number; offset: number }; end: { line: number; offset: number } },
    type: TokenType,
    modifiers = 0,
  ) => {
    if (r.start.line !== r.end.line || r.end.offset <= r.start.offset) return;
    if (range && (r.end.offset < range.start || r.start.offset > range.end)) return;
    tokens.push({
      line: r.start.line,
      character: r.start.character,
      start: r.start.offset,
      length: r.end.offset - r.start.offset,
      type: typeIndex(type),
      modifiers,
    });
  };
  for (const c of file.doc.comments) add(c.range, "comment");
  for (const d of file.doc.directives) {
    add(d.nameRange, "macro");
    add(d.valueRange, "string");
  }
  const visit = (ins: Instruction) => {
    add(ins.keywordRange, "keyword", ins.kind === "maintainer" ? DEPRECATED : 0);
    for (const f of ins.flags) add(f.nameRange, "parameter");
    for (const v of ins.variables) add(v.range, "variable");
    if (ins.kind === "arg") for (const d of ins.declarations) add(d.nameRange, "variable", DECLARATION);
    if (ins.kind === "env")
      for (const p of ins.pairs) if (!p.key.value.includes("$")) add(p.key.range, "variable", DECLARATION);
    if (ins.kind === "from") {
      if (ins.image && ins.image.variables.length === 0) add(ins.image.range, "type");
      if (ins.stageName) add(ins.stageName.range, "namespace", DECLARATION);
    }
    if (ins.kind === "copy" && ins.from?.valueRange && !ins.from.value?.includes("$"))
      add(ins.from.valueRange, "namespace");
    for (const h of ins.heredocs) {
      add(h.delimiterRange, "string");
      add(h.terminatorRange, "string");
    }
    if (ins.kind === "onbuild" && ins.trigger) visit(ins.trigger);
  };
  for (const ins of file.doc.instructions) visit(ins);
  tokens.sort((a, b) => a.start - b.start || b.length - a.length);
  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  let prevEnd = -1;
  for (const t of tokens) {
    if (t.start < prevEnd) continue;
    data.push(
      t.line - prevLine,
      t.line === prevLine ? t.character - prevChar : t.character,
      t.length,
      t.type,
      t.modifiers,
    );
    prevLine = t.line;
    prevChar = t.character;
    prevEnd = t.start + t.length;
  }
  return data;
}
