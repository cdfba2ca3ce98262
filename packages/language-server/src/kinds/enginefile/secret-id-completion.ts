/**
 * Completion of `id=` (and `source=`/`src=`, which name the id too) in `RUN --mount=type=secret,…` from
 * the secret ids the project's build configuration provides: `build.secrets` of `.enginekit.yaml` (the
 * secrets `enginekit build` serves; docs/build.md "Secrets and SSH") and the `build.secrets` of the Compose
 * services that build the file (`@enginekit/lint` `composeBuildSecretsFor`; the id Compose serves: `target`,
 * else `source`). Only ids are offered: a secret's source (file, variable, secrets-service path) and value
 * never reach the editor.
 */
import { type CompletionItem, CompletionItemKind } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { ComposeServiceSecrets } from "./linter.js";

/** A secret id to offer, with where it is configured (the item's detail). */
export interface SecretIdOffer {
  id: string;
  detail: string;
}

/**
 * The ids to offer, each once, in order: `.enginekit.yaml`'s (`configured`), then each Compose service's
 * (`compose`); an id several places provide names them all.
 */
export function secretIdOffers(
  configured: readonly string[] | undefined,
  compose: readonly ComposeServiceSecrets[] | undefined,
): SecretIdOffer[] {
  const places = new Map<string, string[]>();
  const add = (id: string, place: string) => {
    const list = places.get(id) ?? [];
    if (!list.includes(place)) list.push(place);
    places.set(id, list);
  };
  for (const id of configured ?? []) add(id, ".enginekit.yaml build.secrets");
  for (const s of compose ?? []) for (const id of s.ids) add(id, `build.secrets of service "${s.service}"`);
  return [...places].map(([id, where]) => ({ id, detail: `build secret (${where.join("; ")})` }));
}

/** The mount options whose value is a secret id (BuildKit `dispatchSecret`: `source`, else `id`). */
const SECRET_ID_KEYS = ["id", "source", "src"];

/**
 * Items for the value of option `key` of a mount of type `type`, replacing `[start, end)` (document
 * offsets of the value typed so far); undefined when the option is not a secret's id, so the caller offers
 * its own values. `offers`: the configured ids ({@link secretIdOffers}).
 */
export function secretIdItems(
  document: TextDocument,
  type: string,
  key: string,
  start: number,
  end: number,
  offers: readonly SecretIdOffer[] | undefined,
): CompletionItem[] | undefined {
  if (type !== "secret" || !SECRET_ID_KEYS.includes(key)) return undefined;
  const range = { start: document.positionAt(start), end: document.positionAt(end) };
  return (offers ?? []).map(({ id, detail }, index) => ({
    label: id,
    kind: CompletionItemKind.Constant,
    detail,
    textEdit: { range, newText: id },
    sortText: String(index).padStart(4, "0"),
  }));
}
