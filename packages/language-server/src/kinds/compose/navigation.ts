/**
 * Compose definition, references, highlights and rename (LSP `textDocument/definition`, `references`,
 * `documentHighlight`, `prepareRename`, `rename`) for service, network, volume, secret, config and container
 * names, across the files of the document's project (./navigation-project.ts): pure
 * functions of its navigation model (`ProjectNavigation` of `@enginekit/compose`) and an offset. A rename the
 * model refuses (a name from interpolation, an invalid or taken new name) is answered with a `ResponseError`
 * whose message says why and where, which editors show to the user.
 */
import { prepareRename, renameEdits } from "@enginekit/compose";
import {
  type DocumentHighlight,
  DocumentHighlightKind,
  ErrorCodes,
  type Location,
  type Range,
  ResponseError,
  type WorkspaceEdit,
} from "vscode-languageserver";
import { toLspRange } from "../../diagnostics/to-lsp.js";
import type { DocumentNavigation } from "./navigation-project.js";

/** The definitions of the name at `offset` (a service defined in compose.yaml and its override: both). */
export function composeDefinition(at: DocumentNavigation, offset: number): Location[] {
  return at.navigation
    .definitionsAt(at.file, offset)
    .map((o) => ({ uri: at.uriOf(o.file), range: toLspRange(o.range) }));
}

/** Every occurrence of the name at `offset` in the project; definitions only when `includeDeclaration`. */
export function composeReferences(
  at: DocumentNavigation,
  offset: number,
  includeDeclaration: boolean,
): Location[] {
  return at.navigation
    .referencesAt(at.file, offset, includeDeclaration)
    .map((o) => ({ uri: at.uriOf(o.file), range: toLspRange(o.range) }));
}

/** The occurrences of the name at `offset` in this document: definitions as writes, references as reads. */
export function composeHighlights(at: DocumentNavigation, offset: number): DocumentHighlight[] {
  return at.navigation
    .referencesAt(at.file, offset)
    .filter((o) => o.file === at.file)
    .map((o) => ({
      range: toLspRange(o.range),
      kind: o.definition ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
    }));
}

/** The name's range and text when it can be renamed; `null` when no name is there; a `ResponseError` when refused. */
export function composePrepareRename(
  at: DocumentNavigation,
  offset: number,
): { range: Range; placeholder: string } | null {
  const prepared = prepareRename(at.navigation, at.file, offset);
  if (!prepared) return null;
  if ("error" in prepared) throw new ResponseError(ErrorCodes.InvalidRequest, prepared.error);
  return { range: toLspRange(prepared.occurrence.range), placeholder: prepared.occurrence.name };
}

/**
 * The edits of every file of the project that writes the name; `null` when no name is at `offset`; a
 * `ResponseError` saying why not when the model refuses.
 */
export function composeRename(at: DocumentNavigation, offset: number, newName: string): WorkspaceEdit | null {
  // no name here: nothing to rename (as prepareRename's null says), not an error
  if (!at.navigation.occurrenceAt(at.file, offset)) return null;
  const result = renameEdits(at.navigation, at.file, offset, newName);
  if ("error" in result) throw new ResponseError(ErrorCodes.InvalidRequest, result.error);
  return {
    changes: Object.fromEntries(
      result.files.map((f) => [
        at.uriOf(f.file),
        f.edits.map((edit) => ({ range: toLspRange(edit.range), newText: edit.newText })),
      ]),
    ),
  };
}
