/**
 * The Enginefile formatter (`enginekit format` and the language server's formatting): `format` and
 * `formatEdits` upper-case keywords and normalise blanks, continuation indentation and spacing without
 * changing any word, heredoc, comment or JSON form (the project's own design, docs/enginefile-ast.md
 * "Printing and formatting").
 */
import { applyTextEdits, type TextEdit } from "@enginekit/text";
import type { EnginefileDocument, Instruction } from "../ast/nodes.js";
import { type SourceLines, splitLines } from "../lexer/source-lines.js";
import { parse } from "../parser/parse.js";
import { PositionMapper } from "../parser/positions.js";

/**
 * The printer's working form of an edit: replace the source span `[start, end)` (UTF-16 offsets) by
 * `text`. {@link formatEdits} turns these into `@enginekit/text` {@link TextEdit}s at its edge.
 */
interface SpanEdit {
  start: number;
  end: number;
  text: string;
}

/** Options of {@link format}. */
export interface FormatOptions {
  /** Indentation of continuation lines of whitespace-separated arguments (default 4 spaces). */
  continuationIndent?: string;
}

const BLANKS = /^[ \t]*$/;

function isBlankRun(text: string, start: number, end: number): boolean {
  return end > start && BLANKS.test(text.slice(start, end));
}

/** Edits that upper-case keywords and normalise the spacing of keyword, flags and arguments. */
function headEdits(text: string, ins: Instruction, edits: SpanEdit[]): void {
  const kw = ins.keywordRange;
  const upper = ins.keyword.toUpperCase();
  if (upper.length === ins.keyword.length && upper.toLowerCase() === ins.keyword.toLowerCase())
    edits.push({ start: kw.start.offset, end: kw.end.offset, text: upper });
  let prevEnd = kw.end;
  const items = ins.flags.map((f) => f.range);
  if (ins.kind === "onbuild" && ins.trigger) items.push(ins.trigger.keywordRange);
  else if (ins.argumentsRange.end.offset > ins.argumentsRange.start.offset) items.push(ins.argumentsRange);
  for (const r of items) {
    if (r.start.line === prevEnd.line && isBlankRun(text, prevEnd.offset, r.start.offset)) {
      edits.push({ start: prevEnd.offset, end: r.start.offset, text: " " });
    }
    prevEnd = r.end;
  }
  if (ins.kind === "onbuild" && ins.trigger) headEdits(text, ins.trigger, edits);
}

/** Kinds whose shell-form arguments are split on blanks, so blank runs at line joins may change. */
function blankSplitArguments(ins: Instruction): boolean {
  switch (ins.kind) {
    case "from":
    case "expose":
      return true;
    case "copy":
    case "add":
    case "volume":
      return ins.form === "shell";
    default:
      return false;
  }
}

/**
 * Single spaces between blank-separated arguments: every run of blanks between two other characters
 * of one line inside the arguments becomes one space. Skipped when quotes or heredocs could give
 * blanks a meaning (COPY/ADD with heredocs, `<<`, quote characters or backslashes, which the
 * reference's heredoc detection reads as shell words).
 */
function spacingEdits(
  text: string,
  lines: SourceLines,
  ins: Instruction,
  escapeCode: number,
  edits: SpanEdit[],
): void {
  const from = ins.argumentsRange.start.offset;
  const to = ins.argumentsRange.end.offset;
  if (
    (ins.kind === "copy" || ins.kind === "add") &&
    (ins.heredocs.length > 0 || ins.args.some((a) => /['"\\]|<</.test(a.value)))
  )
    return;
  for (let l = ins.argumentsRange.start.line; l <= ins.argumentsRange.end.line; l++) {
    const s = Math.max(lines.starts[l] ?? 0, from);
    const e = Math.min(lines.contentEnds[l] ?? 0, to);
    if (
      text
        .slice(lines.starts[l] ?? 0, e)
        .trimStart()
        .startsWith("#")
    )
      continue;
    let k = s;
    while (k < e) {
      const c = text.charCodeAt(k);
      if (c !== 32 && c !== 9) {
        k++;
        continue;
      }
      const runStart = k;
      while (k < e && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
      const atLineStart = runStart === (lines.starts[l] ?? 0);
      const beforeContinuation =
        k < e &&
        text.charCodeAt(k) === escapeCode &&
        text.slice(k + 1, lines.contentEnds[l] ?? 0).trim() === "";
      if (!atLineStart && k < e && !beforeContinuation && runStart > from)
        edits.push({ start: runStart, end: k, text: " " });
    }
  }
}

/** Shell-form commands whose continuation lines are re-indented where no quote is open (RUN, CMD, …). */
function shellCommand(ins: Instruction): boolean {
  switch (ins.kind) {
    case "run":
    case "cmd":
    case "entrypoint":
    case "healthcheck":
      return ins.form === "shell";
    default:
      return false;
  }
}

/** The tab stop used to compare the indentation of continuation lines (POSIX `expand`, terminals). */
const TAB_STOP = 8;

/** The column after the blanks `text[start, end)`, tabs advancing to the next multiple of {@link TAB_STOP}. */
function blankWidth(text: string, start: number, end: number): number {
  let column = 0;
  for (let k = start; k < end; k++)
    column = text.charCodeAt(k) === 9 ? column - (column % TAB_STOP) + TAB_STOP : column + 1;
  return column;
}

/**
 * Continuation lines of a shell-form command re-indented, keeping their structure: the distinct
 * indentation widths of the command's continuation lines (tabs to {@link TAB_STOP}) are ranked, and a
 * line at the n-th smallest width (n from 0) gets `indent` n + 1 times. Nested `if`/`then`/`fi`, loops and
 * `&&` chains indented one level deeper than their lines keep that depth (issue 30: a postgres
 * Dockerfile's tab-nested script was flattened to one level). Done only where no shell quote is open at
 * the line's start (the reference keeps a continuation line's blanks in the command, so inside quotes
 * they are part of a string; outside they only separate words), with one space before each continuation
 * character outside quotes. Comment lines inside the command (removed by the reference) and the lines
 * from a heredoc body on are left alone. The quote state follows sh: `'…'`, `"…"` with `\` escapes, and
 * `\x` outside quotes. Idempotent: the widths written are increasing in the rank, so they rank the same.
 */
function shellContinuationEdits(
  text: string,
  lines: SourceLines,
  ins: Instruction,
  escapeCode: number,
  indent: string,
  edits: SpanEdit[],
): void {
  const argsStart = ins.argumentsRange.start.offset;
  if (ins.argumentsRange.end.offset <= argsStart) return;
  const lastLine =
    ins.heredocs.length > 0 ? (ins.heredocs[0]?.bodyRange.start.line ?? 1) - 1 : ins.range.end.line;
  let quote: 0 | 39 | 34 = 0; // none, ', "
  let continued = false;
  let blankBeforeEscape = false;
  /** Continuation lines to re-indent: the blanks `[start, end)` before their first word, and their width. */
  const indented: { start: number; end: number; width: number }[] = [];
  for (let l = ins.argumentsRange.start.line; l <= lastLine; l++) {
    const lineStart = lines.starts[l] ?? 0;
    const s = Math.max(lineStart, argsStart);
    const contentEnd = lines.contentEnds[l] ?? 0;
    if (l > ins.argumentsRange.start.line) {
      const trimmed = text.slice(lineStart, contentEnd).trimStart();
      if (trimmed.startsWith("#")) continue; // a comment line inside the command
      if (!continued) break;
      let k = lineStart;
      while (k < contentEnd && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
      // a word split over the join (`ins\` + `tall`) stays joined: blanks only where there were some
      const boundary = blankBeforeEscape || k > lineStart;
      if (quote === 0 && trimmed !== "" && boundary)
        indented.push({ start: lineStart, end: k, width: blankWidth(text, lineStart, k) });
    }
    let e = contentEnd;
    while (e > s && (text.charCodeAt(e - 1) === 32 || text.charCodeAt(e - 1) === 9)) e--;
    const endsWithEscape = e > s && text.charCodeAt(e - 1) === escapeCode;
    const scanEnd = endsWithEscape ? e - 1 : contentEnd;
    for (let k = s; k < scanEnd; k++) {
      const c = text.charCodeAt(k);
      if (quote === 39) {
        if (c === 39) quote = 0;
      } else if (c === 92) k++;
      else if (quote === 34) {
        if (c === 34) quote = 0;
      } else if (c === 39 || c === 34) quote = c;
    }
    continued = endsWithEscape && l < lastLine;
    blankBeforeEscape = false;
    if (endsWithEscape) {
      let before = e - 1;
      while (before > s && (text.charCodeAt(before - 1) === 32 || text.charCodeAt(before - 1) === 9))
        before--;
      blankBeforeEscape = before < e - 1;
      if (quote === 0 && before > s && blankBeforeEscape && text.slice(before, e - 1) !== " ")
        edits.push({ start: before, end: e - 1, text: " " });
    }
  }
  if (indented.length === 0) return;
  const widths = [...new Set(indented.map((i) => i.width))].sort((a, b) => a - b);
  for (const line of indented) {
    const wanted = indent.repeat(widths.indexOf(line.width) + 1);
    if (text.slice(line.start, line.end) !== wanted)
      edits.push({ start: line.start, end: line.end, text: wanted });
  }
}

/**
 * Formats an Enginefile canonically while keeping its meaning (the instructions' words are unchanged):
 * - instruction keywords (and ONBUILD's nested keyword) in upper case;
 * - exactly one space between keyword, flags and arguments on the instruction's first line, no
 *   indentation before the keyword;
 * - no trailing blanks on any line outside heredoc bodies (after a continuation character too);
 * - blank-separated arguments (FROM, EXPOSE, shell-form COPY/ADD/VOLUME) separated by one space,
 *   their continuation lines indented by `continuationIndent`, one space before the continuation
 *   character;
 * - continuation lines of shell-form RUN/CMD/ENTRYPOINT/HEALTHCHECK indented by `continuationIndent`
 *   once per indentation level they had (the script's nesting is kept: a line indented deeper than
 *   another stays deeper), one space before the continuation character, wherever no shell quote is open
 *   (the command's words stay the same; only blanks between them change).
 * Heredoc bodies, comments' text, JSON (exec) forms, quoted text and the words of every argument are
 * never changed; nothing is aligned. Formatting is idempotent. Never throws; a file with syntax errors is
 * formatted where it parsed.
 */
export function format(text: string, options: FormatOptions = {}): string {
  const doc = parse(text);
  return applyTextEdits(text, formatEdits(doc, options));
}

/**
 * The edits {@link format} applies to `doc.text` (with `applyTextEdits` of `@enginekit/text`), in source
 * order; edits that would change nothing are left out. Positions count lines as the parser does
 * (`\n` only, like the document's own ranges); the offsets are exact UTF-16 offsets into `doc.text`.
 */
export function formatEdits(doc: EnginefileDocument, options: FormatOptions = {}): TextEdit[] {
  const text = doc.text;
  const lines = splitLines(text);
  const positions = new PositionMapper(lines);
  return spanEdits(doc, lines, options)
    .filter((e) => text.slice(e.start, e.end) !== e.text)
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((e) => ({ range: positions.range(e.start, e.end), newText: e.text }));
}

/** The printer's edits of `doc` as offset spans (see {@link formatEdits}). */
function spanEdits(doc: EnginefileDocument, lines: SourceLines, options: FormatOptions): SpanEdit[] {
  const text = doc.text;
  const indent = options.continuationIndent ?? "    ";
  const edits: SpanEdit[] = [];
  const frozen = new Uint8Array(lines.starts.length);
  const escapeCode = doc.escapeCharacter.charCodeAt(0);

  for (const ins of doc.instructions) {
    for (const h of ins.heredocs) {
      for (let l = h.bodyRange.start.line; l <= h.terminatorRange.end.line && l < frozen.length; l++)
        frozen[l] = 1;
    }
    // indentation before the keyword
    const first = ins.keywordRange.start;
    const lineStart = (lines.starts[first.line] ?? 0) + (first.line === 0 ? lines.bomLength : 0);
    // (a keyword starting with U+FEFF must not become a BOM at the start of the file)
    const wouldBeBom = lineStart === 0 && text.charCodeAt(first.offset) === 0xfeff;
    if (!wouldBeBom && isBlankRun(text, lineStart, first.offset))
      edits.push({ start: lineStart, end: first.offset, text: "" });
    headEdits(text, ins, edits);
  }

  // trailing blanks, and blanks after a continuation character
  for (let l = 0; l < lines.starts.length; l++) {
    if (frozen[l]) continue;
    const s = lines.starts[l] ?? 0;
    const e = lines.contentEnds[l] ?? 0;
    let k = e;
    while (k > s && (text.charCodeAt(k - 1) === 32 || text.charCodeAt(k - 1) === 9)) k--;
    if (k < e) edits.push({ start: k, end: e, text: "" });
  }

  // continuation indentation of shell commands
  for (const ins of doc.instructions) {
    const command = ins.kind === "onbuild" ? ins.trigger : ins;
    if (command && shellCommand(command))
      shellContinuationEdits(text, lines, command, escapeCode, indent, edits);
  }

  // continuation indentation of blank-separated arguments, single spaces between them
  for (const ins of doc.instructions) {
    if (!blankSplitArguments(ins)) continue;
    spacingEdits(text, lines, ins, escapeCode, edits);
    const argsStart = ins.argumentsRange.start.offset;
    const lastLine =
      ins.heredocs.length > 0 ? (ins.heredocs[0]?.bodyRange.start.line ?? 1) - 1 : ins.range.end.line;
    for (let l = ins.keywordRange.start.line; l < lastLine; l++) {
      const s = lines.starts[l] ?? 0;
      let e = lines.contentEnds[l] ?? 0;
      while (e > s && (text.charCodeAt(e - 1) === 32 || text.charCodeAt(e - 1) === 9)) e--;
      const esc = e - 1;
      if (esc < s || text.charCodeAt(esc) !== escapeCode || esc < argsStart) continue;
      if (esc - 1 >= s && text.charCodeAt(esc - 1) === escapeCode) continue;
      // the next line joined to this one: skip comment and blank lines
      let n = l + 1;
      while (n <= lastLine) {
        const ns = lines.starts[n] ?? 0;
        const ne = lines.contentEnds[n] ?? 0;
        const trimmed = text.slice(ns, ne).trimStart();
        if (trimmed !== "" && !trimmed.startsWith("#")) break;
        n++;
      }
      if (n > lastLine) break;
      let before = esc;
      while (before > s && (text.charCodeAt(before - 1) === 32 || text.charCodeAt(before - 1) === 9))
        before--;
      const ns = lines.starts[n] ?? 0;
      let after = ns;
      const ne = lines.contentEnds[n] ?? 0;
      while (after < ne && (text.charCodeAt(after) === 32 || text.charCodeAt(after) === 9)) after++;
      if (before === esc && after === ns) continue;
      if (before === s) continue;
      edits.push({ start: before, end: esc, text: " " });
      edits.push({ start: ns, end: after, text: indent });
      l = n - 1;
    }
  }
  return edits;
}
