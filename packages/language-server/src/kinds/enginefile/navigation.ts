/**
 * Enginefile navigation over stages and variables (LSP `textDocument/definition`, `references`,
 * `documentHighlight`, `prepareRename`, `rename`), stage names checked with BuildKit's pattern.
 */
import type { AnalyzedEnginefile } from "@enginekit/lint";
import {
  type DocumentHighlight,
  DocumentHighlightKind,
  type Location,
  type Range,
  type WorkspaceEdit,
} from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { occurrencesAt } from "./occurrences.js";

function rangeOf(document: TextDocument, o: { start: number; end: number }): Range {
  return { start: document.positionAt(o.start), end: document.positionAt(o.end) };
}

/** Go to definition: the stage's `AS` name or the ENV/ARG declaration in scope. */
export function enginefileDefinition(
  document: TextDocument,
  file: AnalyzedEnginefile,
  offset: number,
): Location[] {
  const found = occurrencesAt(file, offset);
  return (found?.occurrences ?? [])
    .filter((o) => o.declaration)
    .map((o) => ({ uri: document.uri, range: rangeOf(document, o) }));
}

/** Find references (with or without the declaration). */
export function enginefileReferences(
  document: TextDocument,
  file: AnalyzedEnginefile,
  offset: number,
  includeDeclaration: boolean,
): Location[] {
  const found = occurrencesAt(file, offset);
  return (found?.occurrences ?? [])
    .filter((o) => includeDeclaration || !o.declaration)
    .map((o) => ({ uri: document.uri, range: rangeOf(document, o) }));
}

/** Document highlight: declarations as Write, references as Read. */
export function enginefileHighlights(
  document: TextDocument,
  file: AnalyzedEnginefile,
  offset: number,
): DocumentHighlight[] {
  const found = occurrencesAt(file, offset);
  return (found?.occurrences ?? []).map((o) => ({
    range: rangeOf(document, o),
    kind: o.declaration ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}

/** prepareRename: the name's range and text when the cursor is on a renamable stage or variable. */
export function enginefilePrepareRename(
  document: TextDocument,
  file: AnalyzedEnginefile,
  offset: number,
): { range: Range; placeholder: string } | null {
  const found = occurrencesAt(file, offset);
  const here = found?.occurrences.find((o) => o.start <= offset && offset <= o.end);
  if (!found || !here || !found.occurrences.some((o) => o.declaration)) return null;
  return { range: rangeOf(document, here), placeholder: file.text.slice(here.start, here.end) };
}

const STAGE_NAME = /^[a-z][a-z0-9._-]*$/i;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Rename of a stage or variable: every occurrence, or `null` when the cursor is on neither or the new
 * name is not valid for its kind (stage names: BuildKit's `^[a-z][a-z0-9-_.]*$`, any case; variables: a
 * shell name).
 */
export function enginefileRename(
  document: TextDocument,
  file: AnalyzedEnginefile,
  offset: number,
  newName: string,
): WorkspaceEdit | null {
  const found = occurrencesAt(file, offset);
  if (!found?.occurrences.some((o) => o.declaration)) return null;
  if (!(found.kind === "stage" ? STAGE_NAME : VARIABLE_NAME).test(newName)) return null;
  return {
    changes: {
      [document.uri]: found.occurrences.map((o) => ({ range: rangeOf(document, o), newText: newName })),
    },
  };
}
