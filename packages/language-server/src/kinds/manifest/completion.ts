/**
 * Manifest completion (LSP `textDocument/completion`): the keys valid at the cursor in the kind's api schema
 * and enum values, in YAML by indentation and in JSON from the text around the cursor.
 */
import type { AnalyzedManifest } from "@enginekit/lint";
import { type PathSegment, schemaAtManifestPath } from "@enginekit/manifests";
import { type CompletionItem, CompletionItemKind, MarkupKind } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { fieldMarkdown } from "../../providers/field-docs.js";
import { readYamlLine, yamlPathAt } from "../../providers/yaml-path.js";
import { documentAt } from "./manifest-context.js";

function keyItems(
  document: TextDocument,
  keys: ReturnType<typeof schemaAtManifestPath>,
  start: number,
  end: number,
  json: boolean,
  present: Set<string>,
): CompletionItem[] {
  return (keys?.keys ?? [])
    .filter((k) => !present.has(k.name))
    .map((k) => ({
      label: k.name,
      kind: CompletionItemKind.Property,
      detail: k.required ? "required" : undefined,
      documentation: { kind: MarkupKind.Markdown, value: fieldMarkdown(k.name, k.doc, k.required) },
      sortText: `${k.required ? "0" : "1"}${k.name}`,
      textEdit: {
        range: { start: document.positionAt(start), end: document.positionAt(end) },
        newText: json ? `"${k.name}": ` : `${k.name}: `,
      },
    }));
}

function valueItems(
  document: TextDocument,
  values: readonly (string | number | boolean)[],
  start: number,
  end: number,
  json: boolean,
): CompletionItem[] {
  return values.map((v) => ({
    label: typeof v === "string" ? (v === "" ? '""' : v) : String(v),
    kind: CompletionItemKind.EnumMember,
    textEdit: {
      range: { start: document.positionAt(start), end: document.positionAt(end) },
      newText:
        typeof v === "string" && (json || v === "" || /^(yes|no|on|off|true|false|null|~|\d.*)$/i.test(v))
          ? JSON.stringify(v)
          : String(v),
    },
  }));
}

function presentKeys(manifest: AnalyzedManifest, offset: number, path: PathSegment[]): Set<string> {
  const { document } = documentAt(manifest, offset);
  let node = document?.root;
  for (const segment of path) {
    if (!node) break;
    if (node.kind === "object" && typeof segment === "string")
      node = node.properties.find((p) => p.key === segment)?.value;
    else if (node.kind === "array" && typeof segment === "number") node = node.items.at(-1);
    else node = undefined;
  }
  return new Set(node?.kind === "object" ? node.properties.map((p) => p.key) : []);
}

/**
 * Completion of manifest keys and enum values at the cursor (task §2): only the keys valid at that
 * place of the kind's schema (`schemaAtManifestPath`), minus those already present, each with its
 * documentation (meaning, unit, bounds, default, spec section); after `Key: ` the enum's values.
 * YAML places are found from indentation, so half-typed documents complete too.
 */
export function manifestCompletion(
  document: TextDocument,
  manifest: AnalyzedManifest,
  offset: number,
): CompletionItem[] {
  const { kind } = documentAt(manifest, offset);
  if (!kind) return [];
  const position = document.positionAt(offset);
  const lineStart = offset - position.character;
  const linePrefix = manifest.text.slice(lineStart, offset);
  if (manifest.check.format === "json") return jsonCompletion(document, manifest, offset, kind, linePrefix);
  const lines = manifest.text.split("\n");
  const info = readYamlLine(linePrefix.length > 0 ? linePrefix : " ") ?? {
    indent: linePrefix.length,
    dashIndent: undefined,
    key: undefined,
    rest: "",
  };
  const path = yamlPathAt(lines, position.line, info.indent, info.dashIndent);
  if (info.key !== undefined) {
    const at = schemaAtManifestPath(kind, [...path, info.key]);
    const typed = /[^\s:]*$/.exec(linePrefix)![0];
    return valueItems(document, at?.values ?? [], offset - typed.length, offset, false);
  }
  const word = /[A-Za-z0-9_$]*$/.exec(linePrefix)![0];
  const end = offset + (/^[A-Za-z0-9_$]*/.exec(manifest.text.slice(offset))?.[0].length ?? 0);
  return keyItems(
    document,
    schemaAtManifestPath(kind, path),
    offset - word.length,
    end,
    false,
    presentKeys(manifest, offset, path),
  );
}

function jsonCompletion(
  document: TextDocument,
  manifest: AnalyzedManifest,
  offset: number,
  kind: NonNullable<ReturnType<typeof documentAt>["kind"]>,
  linePrefix: string,
): CompletionItem[] {
  const root = documentAt(manifest, offset).document?.root;
  const path = jsonPathAt(root, offset);
  const valueMatch = /"([^"]+)"\s*:\s*"?([^",]*)$/.exec(linePrefix);
  if (valueMatch) {
    const at = schemaAtManifestPath(kind, [...path, valueMatch[1]!]);
    const typed = valueMatch[2]!;
    const quoted = linePrefix.endsWith(`"${typed}`);
    return valueItems(document, at?.values ?? [], offset - typed.length - (quoted ? 1 : 0), offset, true);
  }
  const word = /"?[A-Za-z0-9_$]*$/.exec(linePrefix)![0];
  let end = offset;
  while (end < manifest.text.length && /[A-Za-z0-9_$"]/.test(manifest.text[end]!)) end++;
  const around = jsonContextAround(manifest.text, offset);
  const where = around.path.length > path.length ? around.path : path;
  const present = presentKeys(manifest, offset, where);
  for (const key of around.keys) present.add(key);
  return keyItems(document, schemaAtManifestPath(kind, where), offset - word.length, end, true, present);
}

/**
 * The JSON object around `offset` read from the text (the document being typed is usually not valid JSON,
 * so the parsed tree may miss it): its path from the root (keys, and indexes in arrays) and the keys
 * written in it — at that object's own depth, from its `{` to its `}` or the end, the key at the cursor
 * left out. Strings are skipped whole (an unterminated one ends at its line's end).
 */
function jsonContextAround(text: string, offset: number): { path: PathSegment[]; keys: string[] } {
  type Open = { at: number; array: boolean; segment: PathSegment | undefined; index: number };
  const stack: Open[] = [];
  let inString = false;
  let stringStart = -1;
  let lastString: string | undefined;
  let lastKey: string | undefined;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"' || c === "\n") {
        inString = false;
        lastString = text.slice(stringStart + 1, i);
      }
      continue;
    }
    const top = stack.at(-1);
    if (c === '"') {
      inString = true;
      stringStart = i;
    } else if (c === ":") lastKey = lastString;
    else if (c === "," && top?.array) top.index++;
    else if (c === "{" || c === "[") {
      const segment = top ? (top.array ? top.index : lastKey) : undefined;
      stack.push({ at: i, array: c === "[", segment, index: 0 });
      lastKey = undefined;
    } else if (c === "}" || c === "]") {
      stack.pop();
      lastKey = undefined;
    }
  }
  const open = stack.at(-1);
  if (!open || open.array) return { path: [], keys: [] };
  const path = stack.slice(1).map((o) => o.segment ?? "");
  const keys: string[] = [];
  let depth = 0;
  inString = false;
  for (let i = open.at; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === "\n") inString = false;
      else if (c === '"') {
        inString = false;
        const isKey = /^\s*:/.test(text.slice(i + 1, i + 64));
        const atCursor = stringStart < offset && offset <= i + 1;
        if (depth === 1 && isKey && !atCursor) keys.push(text.slice(stringStart + 1, i));
      }
    } else if (c === '"') {
      inString = true;
      stringStart = i;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) break;
    }
  }
  return { path, keys };
}
/** The path of the innermost JSON object whose braces hold `offset` (keys are completed there). */
function jsonPathAt(
  root: import("@enginekit/manifests").LocatedNode | undefined,
  offset: number,
): PathSegment[] {
  const path: PathSegment[] = [];
  let node = root;
  for (let depth = 0; node && depth < 64; depth++) {
    let next: import("@enginekit/manifests").LocatedNode | undefined;
    if (node.kind === "object") {
      for (const p of node.properties) {
        if (
          p.value &&
          p.value.kind !== "scalar" &&
          p.value.range.start.offset < offset &&
          offset < p.value.range.end.offset
        ) {
          path.push(p.key);
          next = p.value;
          break;
        }
      }
    } else if (node.kind === "array") {
      const index = node.items.findIndex(
        (i) => i.kind !== "scalar" && i.range.start.offset < offset && offset < i.range.end.offset,
      );
      if (index >= 0) {
        path.push(index);
        next = node.items[index];
      }
    }
    node = next;
  }
  return path;
}
