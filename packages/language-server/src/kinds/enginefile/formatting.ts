/**
 * Enginefile formatting (LSP `textDocument/formatting`, `rangeFormatting`, `onTypeFormatting`) with the
 * canonical printer's edits.
 */
import { formatEdits } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "@enginekit/lint";
import type { FormattingOptions, Range, TextEdit } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";

/** The continuation indent from the client's options (tab or N spaces; the printer's default is 4). */
function indentOf(options: FormattingOptions | undefined): string {
  if (!options) return "    ";
  return options.insertSpaces === false ? "\t" : " ".repeat(Math.max(1, Math.min(16, options.tabSize || 4)));
}

/**
 * Document formatting with the canonical printer (`formatEdits`, docs/enginefile-ast.md "Printing and
 * formatting"); with `range`, only the edits inside the lines it touches; with `onTypeLine`, only the
 * edits on the instruction that holds that line (on-type formatting after the escape character).
 * Edits that change nothing are dropped. Heredoc bodies and verbatim arguments are never touched.
 */
export function enginefileFormatting(
  document: TextDocument,
  file: AnalyzedEnginefile,
  options: FormattingOptions | undefined,
  range?: Range,
): TextEdit[] {
  let from = 0;
  let to = Number.POSITIVE_INFINITY;
  if (range) {
    from = document.offsetAt({ line: range.start.line, character: 0 });
    to = document.offsetAt({ line: range.end.line + 1, character: 0 });
  }
  // the printer's edits are in source order without no-op edits; their lines are the parser's (`\n`
  // only), so the LSP positions come from the offsets (the editor also ends a line at a lone `\r`)
  return formatEdits(file.doc, { continuationIndent: indentOf(options) })
    .filter((e) => e.range.start.offset >= from && e.range.end.offset <= to)
    .map((e) => ({
      range: {
        start: document.positionAt(e.range.start.offset),
        end: document.positionAt(e.range.end.offset),
      },
      newText: e.newText,
    }));
}

/**
 * On-type formatting (`textDocument/onTypeFormatting`). After the escape character (`\` or `` ` ``): the
 * instruction around `position` is formatted. After a newline (`ch` = `"\n"`): the new line's indentation
 * — `options`' indent when the line before continues an instruction (ends with the escape character), or
 * that line's own indentation when it is itself a continuation line (a nested script keeps its level),
 * none when it starts a new instruction (the editor copied the previous line's indentation; instructions
 * start at column 0). Nothing inside a heredoc body.
 */
export function enginefileOnTypeFormatting(
  document: TextDocument,
  file: AnalyzedEnginefile,
  position: { line: number; character: number },
  ch: string,
  options: FormattingOptions | undefined,
): TextEdit[] {
  const line = position.line;
  const list = file.doc.instructions;
  if (ch === "\n" || ch === "\r\n") return newlineIndent(document, file, line, options);
  const ins =
    list.find((i) => i.range.start.line <= line && line <= i.range.end.line) ??
    list.findLast((i) => i.range.end.line === line - 1);
  if (!ins) return [];
  return enginefileFormatting(document, file, options, {
    start: { line: ins.range.start.line, character: 0 },
    end: { line: Math.max(line, ins.range.end.line), character: 0 },
  });
}

/** The indentation edit of a line just opened by a newline (see {@link enginefileOnTypeFormatting}). */
function newlineIndent(
  document: TextDocument,
  file: AnalyzedEnginefile,
  line: number,
  options: FormattingOptions | undefined,
): TextEdit[] {
  if (line < 1) return [];
  const inHeredoc = file.doc.instructions.some((i) =>
    i.heredocs.some((h) => h.bodyRange.start.line <= line && line <= h.terminatorRange.end.line),
  );
  if (inHeredoc) return [];
  const previous = document.getText({ start: { line: line - 1, character: 0 }, end: { line, character: 0 } });
  const current = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  const blanks = /^[ \t]*/.exec(current)![0];
  const continues = previous
    .replace(/\r?\n$/, "")
    .trimEnd()
    .endsWith(file.doc.escapeCharacter);
  const previousIsComment = previous.trimStart().startsWith("#");
  if (previousIsComment && !continues) return [];
  // a continuation line after another one keeps its indentation (a nested script's level, which the
  // editor copied); after the instruction's first line, the continuation indent
  const beforePrevious =
    line >= 2
      ? document.getText({ start: { line: line - 2, character: 0 }, end: { line: line - 1, character: 0 } })
      : "";
  const previousContinues = beforePrevious
    .replace(/\r?\n$/, "")
    .trimEnd()
    .endsWith(file.doc.escapeCharacter);
  const previousBlanks = /^[ \t]*/.exec(previous)![0];
  const wanted = !continues
    ? ""
    : previousContinues && previousBlanks !== ""
      ? previousBlanks
      : indentOf(options);
  if (blanks === wanted) return [];
  return [
    { range: { start: { line, character: 0 }, end: { line, character: blanks.length } }, newText: wanted },
  ];
}
