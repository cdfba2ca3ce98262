/**
 * `didYouMeanFix`: a quick fix replacing the misspelt word of a "Did you mean X?" diagnostic with X, for
 * rules that give no fix themselves.
 */
import type { Diagnostic, TextEdit } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";

/** The suggestion of a "Did you mean …?" message (quotes removed). */
const SUGGESTION = /Did you mean "?([^"?\s]+)"?\?/;

/**
 * A quick fix for a finding whose message ends in "Did you mean X?" and whose rule gives no fix itself
 * (#15 item 5: flags, instructions, stage names, mount types and options, variables): replaces the
 * misspelt word inside the diagnostic's range with X. The misspelt word is the range itself when it is
 * one word (`--form`, `COPPY`), the name of a `$NAME`/`${NAME}` reference, or the first quoted word of
 * the message found in the range (`type=cahce` with `Unknown mount type "cahce"`). Undefined when the
 * message has no suggestion or the word cannot be found.
 */
export function didYouMeanFix(
  document: TextDocument,
  diagnostic: Diagnostic,
): { title: string; edits: TextEdit[] } | undefined {
  const message = typeof diagnostic.message === "string" ? diagnostic.message : diagnostic.message.value;
  const guess = SUGGESTION.exec(message)?.[1];
  if (!guess) return undefined;
  const start = document.offsetAt(diagnostic.range.start);
  const text = document.getText(diagnostic.range);
  let at: { from: number; to: number } | undefined;
  const reference = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)/.exec(text);
  if (reference) {
    const from = text.indexOf(reference[1]!);
    at = { from, to: from + reference[1]!.length };
  } else if (/^[A-Za-z0-9_.-]+$/.test(text)) at = { from: 0, to: text.length };
  else {
    const quoted = /"([^"]+)"/.exec(message)?.[1];
    const from = quoted ? text.indexOf(quoted) : -1;
    if (quoted && from >= 0) at = { from, to: from + quoted.length };
  }
  if (!at || text.slice(at.from, at.to) === guess) return undefined;
  return {
    title: `Change to ${guess}`,
    edits: [
      {
        range: { start: document.positionAt(start + at.from), end: document.positionAt(start + at.to) },
        newText: guess,
      },
    ],
  };
}
