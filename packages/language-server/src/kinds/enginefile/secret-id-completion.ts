/**
 * Completion of `id=` (and `source=`/`src=`, which name the id too) in `RUN --mount=type=secret,…` from
 * the secret ids the project's build configuration provides (`build.secrets` of `.enginekit.yaml`, the
 * secrets `enginekit build` serves; docs/build.md "Secrets and SSH"). Only ids are offered: a secret's
 * source (file, variable, secrets-service path) and value never reach the editor.
 */
import { type CompletionItem, CompletionItemKind } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";

/** The mount options whose value is a secret id (BuildKit `dispatchSecret`: `source`, else `id`). */
const SECRET_ID_KEYS = ["id", "source", "src"];

/**
 * Items for the value of option `key` of a mount of type `type`, replacing `[start, end)` (document
 * offsets of the value typed so far); undefined when the option is not a secret's id, so the caller offers
 * its own values. `ids`: the configured ids, in the configuration's order.
 */
export function secretIdItems(
  document: TextDocument,
  type: string,
  key: string,
  start: number,
  end: number,
  ids: readonly string[] | undefined,
): CompletionItem[] | undefined {
  if (type !== "secret" || !SECRET_ID_KEYS.includes(key)) return undefined;
  const range = { start: document.positionAt(start), end: document.positionAt(end) };
  return (ids ?? []).map((id, index) => ({
    label: id,
    kind: CompletionItemKind.Constant,
    detail: "build secret (.enginekit.yaml build.secrets)",
    textEdit: { range, newText: id },
    sortText: String(index).padStart(4, "0"),
  }));
}
