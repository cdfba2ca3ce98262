/**
 * `secretCompletion`: live completion of `svc:` secret references in manifests (LSP
 * `textDocument/completion`), segment by segment from the secrets service (mounts, folders, field names,
 * never values; secrets §4), capped at `MAX_SECRET_ITEMS` with an incomplete list.
 */
import {
  type CancellationToken,
  type CompletionItem,
  CompletionItemKind,
  type CompletionList,
  type Range,
} from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { RETRIGGER_COMPLETION } from "../providers/retrigger.js";
import { type SecretsService, userPath } from "./secrets-service.js";

/**
 * The most items one secret completion answers (a folder of 200,000 keys was one 51 MB list): the first
 * ones by name, the list marked incomplete so the client asks again as more is typed (as ignore-file
 * path completion does).
 */
const MAX_SECRET_ITEMS = 500;

/** `items` capped at {@link MAX_SECRET_ITEMS} (sorted by label first): a plain array when all fit. */
function capped(items: CompletionItem[]): CompletionItem[] | CompletionList {
  if (items.length <= MAX_SECRET_ITEMS) return items;
  items.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return { isIncomplete: true, items: items.slice(0, MAX_SECRET_ITEMS) };
}

/** The secret reference being typed before the cursor: `svc:<location>[#<field>]`. */
const TYPED_REFERENCE = /(?:^|[^A-Za-z0-9_])svc:([A-Za-z0-9._/-]*)(?:#([A-Za-z0-9._-]*))?$/;

/**
 * Live completion of `svc:` references in manifests (docs/language-server.md "Secret completion"),
 * segment by segment: mounts, then the folder typed so far (KV version from the client's preflight, v2
 * listed under `metadata/` by the client, `data/` offered after a v2 mount), then field names after `#`
 * — never values; at most {@link MAX_SECRET_ITEMS} items (then an incomplete list). Returns undefined when the cursor is not in a reference (other providers answer), `[]`
 * when the setting `secrets.completion` is off or the service gives nothing.
 */
export async function secretCompletion(
  service: SecretsService,
  document: TextDocument,
  offset: number,
  token?: CancellationToken,
): Promise<CompletionItem[] | CompletionList | undefined> {
  const position = document.positionAt(offset);
  const prefix = document.getText({ start: { line: position.line, character: 0 }, end: position });
  const m = TYPED_REFERENCE.exec(prefix);
  if (!m) return undefined;
  if (!service.settings().completion) return [];
  const location = m[1] ?? "";
  const field = m[2];
  const rangeFor = (typed: string): Range => ({
    start: document.positionAt(offset - typed.length),
    end: position,
  });
  if (field !== undefined) return capped(await fieldItems(service, location, field, rangeFor(field), token));
  const slash = location.indexOf("/");
  if (slash < 0) {
    const mounts = (await service.mounts(token)) ?? [];
    return capped(
      mounts
        .filter((mt) => mt.type === "kv" && mt.path.startsWith(location))
        .map((mt) => ({
          label: mt.path,
          kind: CompletionItemKind.Folder,
          detail: `KV version ${mt.kvVersion ?? "?"} mount`,
          documentation: mt.description || undefined,
          textEdit: { range: rangeFor(location), newText: mt.path },
          command: RETRIGGER_COMPLETION,
        })),
    );
  }
  const mount = location.slice(0, slash + 1);
  const folder = location.slice(0, location.lastIndexOf("/") + 1);
  const leaf = location.slice(folder.length);
  const version = await service.kvVersionOf(mount, token);
  if (version === undefined) return [];
  if (version === 2 && folder === mount)
    return "data/".startsWith(leaf)
      ? [
          {
            label: "data/",
            kind: CompletionItemKind.Folder,
            detail: "KV version 2: secrets are read under data/",
            textEdit: { range: rangeFor(leaf), newText: "data/" },
            command: RETRIGGER_COMPLETION,
          },
        ]
      : [];
  const logical = userPath(mount, folder, version);
  if (logical === undefined) return [];
  const keys =
    (await service.lookup(`list:${logical}`, (c, signal) => c.kv.list(logical, { signal }), token)) ?? [];
  return capped(
    keys
      .filter((k) => k.startsWith(leaf))
      .map((k): CompletionItem => {
        const isFolder = k.endsWith("/");
        return {
          label: k,
          kind: isFolder ? CompletionItemKind.Folder : CompletionItemKind.Value,
          detail: isFolder ? "folder" : "secret",
          textEdit: { range: rangeFor(leaf), newText: isFolder ? k : `${k}#` },
          command: RETRIGGER_COMPLETION,
        };
      }),
  );
}

/** Field names of the secret at `location` (after `#`), filtered by what is typed. Never values. */
async function fieldItems(
  service: SecretsService,
  location: string,
  typed: string,
  range: Range,
  token?: CancellationToken,
): Promise<CompletionItem[]> {
  const mount = location.slice(0, location.indexOf("/") + 1);
  if (!mount) return [];
  const version = await service.kvVersionOf(mount, token);
  const path = userPath(mount, location, version);
  if (path === undefined || path.endsWith("/")) return [];
  const fields = await service.fieldNames(path, token);
  return (fields ?? [])
    .filter((f) => f.startsWith(typed))
    .map((f) => ({
      label: f,
      kind: CompletionItemKind.Field,
      detail: "field",
      textEdit: { range, newText: f },
    }));
}
