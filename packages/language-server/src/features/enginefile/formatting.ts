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
  return formatEdits(file.doc, { continuationIndent: indentOf(options) })
    .filter((e) => e.start >= from && e.end <= to && file.text.slice(e.start, e.end) !== e.text)
    .sort((a, b) => a.start - b.start)
    .map((e) => ({
      range: { start: document.positionAt(e.start), end: document.positionAt(e.end) },
      newText: e.text,
    }));
}

/** On-type formatting after the escape character: format the instruction around `line`. */
export function enginefileOnTypeFormatting(
  document: TextDocument,
  file: AnalyzedEnginefile,
  line: number,
  options: FormattingOptions | undefined,
): TextEdit[] {
  const list = file.doc.instructions;
  const ins =
    list.find((i) => i.range.start.line <= line && line <= i.range.end.line) ??
    list.findLast((i) => i.range.end.line === line - 1);
  if (!ins) return [];
  return enginefileFormatting(document, file, options, {
    start: { line: ins.range.start.line, character: 0 },
    end: { line: Math.max(line, ins.range.end.line), character: 0 },
  });
}
