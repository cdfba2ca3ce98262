/**
 * Enginefile semantic tokens (LSP `textDocument/semanticTokens/full`): one linear pass (legend in ./capabilities.ts)
 * emitting keywords, flags, variables, stage names, images, heredoc delimiters, comments and directives.
 */
import type { Instruction } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "@enginekit/lint";
import { TOKEN_TYPES } from "./capabilities.js";

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

type Located = {
  start: { line: number; character: number; offset: number };
  end: { line: number; offset: number };
};

/** Collects the tokens of one instruction (few, so sorting them is cheap). */
class InstructionTokens {
  readonly list: RawToken[] = [];
  sorted = true;

  constructor(private readonly range: { start: number; end: number } | undefined) {}

  add(r: Located, type: TokenType, modifiers = 0): void {
    if (r.start.line !== r.end.line || r.end.offset <= r.start.offset) return;
    if (this.range && (r.end.offset < this.range.start || r.start.offset > this.range.end)) return;
    const last = this.list.at(-1);
    if (last && r.start.offset < last.start) this.sorted = false;
    this.list.push({
      line: r.start.line,
      character: r.start.character,
      start: r.start.offset,
      length: r.end.offset - r.start.offset,
      type: typeIndex(type),
      modifiers,
    });
  }

  visit(ins: Instruction): void {
    this.add(ins.keywordRange, "keyword", ins.kind === "maintainer" ? DEPRECATED : 0);
    for (const f of ins.flags) this.add({ start: f.range.start, end: f.nameRange.end }, "parameter");
    if (ins.kind === "from") {
      if (ins.image && ins.image.variables.length === 0) this.add(ins.image.range, "type");
      if (ins.stageName) this.add(ins.stageName.range, "namespace", DECLARATION);
    }
    if (ins.kind === "arg") for (const d of ins.declarations) this.add(d.nameRange, "variable", DECLARATION);
    if (ins.kind === "env")
      for (const p of ins.pairs)
        if (!p.key.value.includes("$")) this.add(p.key.range, "variable", DECLARATION);
    if (ins.kind === "copy" && ins.from?.valueRange && !ins.from.value?.includes("$"))
      this.add(ins.from.valueRange, "namespace");
    for (const v of ins.variables) this.add(v.range, "variable");
    for (const h of ins.heredocs) {
      this.add(h.delimiterRange, "string");
      this.add(h.terminatorRange, "string");
    }
    if (ins.kind === "onbuild" && ins.trigger) this.visit(ins.trigger);
  }
}

/**
 * Semantic tokens of an Enginefile as LSP's relative 5-integer encoding (task §2; lsp-anchors §4 A: the
 * peer's tokens loop, overflow and go negative). One linear pass over the parsed instructions: keywords,
 * flags, variables (declarations marked), stage names, base images, heredoc delimiters, comments and
 * directives. Tokens never span lines, never overlap and are strictly increasing, so every delta is
 * non-negative. Only the few tokens of one instruction are ever sorted. `range` (offsets) keeps only
 * tokens inside it.
 */
export function enginefileSemanticTokens(
  file: AnalyzedEnginefile,
  range?: { start: number; end: number },
): number[] {
  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  let prevEnd = -1;
  const emit = (t: RawToken) => {
    if (t.start < prevEnd) return;
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
  };
  const head = new InstructionTokens(range);
  for (const d of file.doc.directives) {
    head.add(d.nameRange, "macro");
    head.add(d.valueRange, "string");
  }
  const comments = file.doc.comments;
  let c = 0;
  const commentsBefore = (offset: number, into: InstructionTokens) => {
    while (c < comments.length && comments[c]!.range.start.offset < offset)
      into.add(comments[c++]!.range, "comment");
  };
  const flush = (group: InstructionTokens) => {
    if (!group.sorted) group.list.sort((a, b) => a.start - b.start || b.length - a.length);
    for (const t of group.list) emit(t);
  };
  for (const ins of file.doc.instructions) {
    commentsBefore(ins.range.start.offset, head);
    flush(head);
    head.list.length = 0;
    head.sorted = true;
    const group = new InstructionTokens(range);
    group.visit(ins);
    // comments inside the instruction's continuation lines
    commentsBefore(ins.range.end.offset, group);
    flush(group);
  }
  commentsBefore(Number.POSITIVE_INFINITY, head);
  flush(head);
  return data;
}
