/**
 * Compose completion (LSP `textDocument/completion`): at a key position, the keys the Compose schema allows
 * there (`composeSchemaAt` of `@enginekit/compose`, over the pinned schema the schema layer validates with)
 * with their documentation, minus those present; after `key: ` or `- `, the values the place takes — the
 * schema's enums and listed options, `true`/`false`, the names the project defines (services, networks, volumes, secrets, configs, wherever a
 * Compose key refers to one), `build.target` stages of the service's Dockerfile, the engine's local images,
 * and paths for `build.context`, `dockerfile`, `env_file`, `include`, `extends.file`. The place is read from
 * indentation (src/providers/yaml-path.ts), so a half-typed file completes too. `svc:` secret paths are
 * completed live by the caller (src/secrets/secret-completion.ts).
 */
import { composeSchemaAt, nodeAt, propertyValue } from "@enginekit/compose";
import type { PathSegment } from "@enginekit/manifests";
import { type CompletionItem, CompletionItemKind, MarkupKind, type Range } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { readYamlLine, yamlPathAt } from "../../providers/yaml-path.js";
import type { ComposeAnalysis } from "./analysis.js";
import { ownRoots } from "./compose-place.js";
import { type PathKind, pathItems } from "./path-completion.js";
import { targetStages } from "./stages.js";

/** What the value completion needs from the server: the engine's local image tags. */
export interface ComposeCompletionSources {
  imageTags(): Promise<readonly string[]>;
}

/** The project's names a Compose key refers to. */
type NameKind = "services" | "networks" | "volumes" | "secrets" | "configs";

/**
 * Which names or paths a value at `path` takes (`path`: keys and list indexes, a service's name replaced by
 * `*` and list indexes by `#`), e.g. `services.*.depends_on.#` → service names.
 */
const VALUE_SOURCES: Record<string, NameKind | PathKind> = {
  "services.*.depends_on.#": "services",
  "services.*.links.#": "services",
  "services.*.volumes_from.#": "services",
  "services.*.extends": "services",
  "services.*.extends.service": "services",
  "services.*.networks.#": "networks",
  "services.*.secrets.#": "secrets",
  "services.*.secrets.#.source": "secrets",
  "services.*.configs.#": "configs",
  "services.*.configs.#.source": "configs",
  "services.*.volumes.#.source": "volumes",
  "services.*.build": "folder",
  "services.*.build.context": "folder",
  "services.*.build.dockerfile": "dockerfile",
  "services.*.env_file": "file",
  "services.*.env_file.#": "file",
  "services.*.env_file.#.path": "file",
  "services.*.extends.file": "file",
  "include.#": "file",
  "include.#.path": "file",
  "include.#.path.#": "file",
  "include.#.env_file": "file",
  "secrets.*.file": "file",
  "configs.*.file": "file",
};

/** Keys (as in {@link VALUE_SOURCES}) whose mapping form takes the project's names as keys. */
const NAME_KEYS: Record<string, NameKind> = {
  "services.*.depends_on": "services",
  "services.*.networks": "networks",
};

/** `path` with a service's (network's…) own name as `*` and list indexes as `#`. */
function shapeOf(path: readonly PathSegment[]): string {
  return path
    .map((s, i) =>
      typeof s === "number"
        ? "#"
        : i === 1 && ["services", "networks", "volumes", "secrets", "configs"].includes(String(path[0]))
          ? "*"
          : s,
    )
    .join(".");
}

/** A YAML scalar for `value`, quoted when YAML would read it as something else (`no`, `1.0`, `on`). */
function yamlScalar(value: string | number | boolean): string {
  if (typeof value !== "string") return String(value);
  const misread = /^(yes|no|on|off|y|n|true|false|null|~|[-+.\d].*)$/i.test(value);
  const special = /^[\s?:,[\]{}#&*!|>'"%@`]/.test(value) || /: |\s#|:$|\s$/.test(value);
  return value === "" || misread || special ? JSON.stringify(value) : value;
}

function markdown(value: string) {
  return { kind: MarkupKind.Markdown, value };
}

/** The names the project defines under `kind` (its merged model: override and included files count). */
function definedNames(analysis: ComposeAnalysis, kind: NameKind): string[] {
  const node = propertyValue(analysis.compose.project.model, kind);
  return node?.kind === "object" ? [...new Set(node.properties.map((p) => p.key))] : [];
}

/** The keys written at `path` of this file's tree (not offered again). */
function presentKeys(analysis: ComposeAnalysis, path: readonly PathSegment[]): Set<string> {
  const keys = new Set<string>();
  for (const root of ownRoots(analysis)) {
    const node = nodeAt(root, path);
    if (node?.kind === "object") for (const p of node.properties) keys.add(p.key);
  }
  return keys;
}

/**
 * Completion at `offset` of a Compose document; see the module comment. `sources` gives what the engine
 * knows (image tags), asked only where an image is being typed.
 */
export async function composeCompletion(
  document: TextDocument,
  analysis: ComposeAnalysis,
  offset: number,
  sources: ComposeCompletionSources,
): Promise<CompletionItem[]> {
  const position = document.positionAt(offset);
  const text = document.getText();
  const lineStart = offset - position.character;
  const linePrefix = text.slice(lineStart, offset);
  if (/^\s*#/.test(linePrefix)) return [];
  const info = readYamlLine(linePrefix.length > 0 ? linePrefix : " ") ?? {
    indent: linePrefix.length,
    dashIndent: undefined,
    key: undefined,
    rest: "",
  };
  const lines = lineWindow(text, lineStart);
  const path = yamlPathAt(lines.lines, lines.cursorLine, info.indent, info.dashIndent);
  const rangeOf = (typedLength: number, after = 0): Range => ({
    start: document.positionAt(offset - typedLength),
    end: document.positionAt(offset + after),
  });
  if (info.key !== undefined) {
    // after `key: `: the value typed so far (an image's `name:tag` included; in a flow list, the last item)
    const typed = /[^,[]*$/.exec(info.rest)![0].trimStart();
    return valueItems(analysis, [...path, info.key], typed, rangeOf(typed.length), sources);
  }
  const typed = /[^\s'"[,]*$/.exec(linePrefix)![0];
  const after = /^[A-Za-z0-9_.-]*/.exec(text.slice(offset))![0].length;
  const items: CompletionItem[] = [];
  // `- ` starts a list item: its values (names, paths…) first, then the keys of its mapping form
  if (info.dashIndent !== undefined && typed === linePrefix.slice(info.indent))
    items.push(...(await valueItems(analysis, path, typed, rangeOf(typed.length), sources)));
  items.push(...keyItems(analysis, path, rangeOf(typed.length, after)));
  return items;
}

/** The lines of the document up to the cursor's line (the path is read from the lines above it). */
function lineWindow(text: string, lineStart: number): { lines: string[]; cursorLine: number } {
  const lines = text.slice(0, lineStart).split("\n");
  lines.pop(); // the empty rest after the last line break
  return { lines: [...lines, ""], cursorLine: lines.length };
}

/** The keys the schema allows at `path`, minus those present; or the project's names where keys are names. */
function keyItems(analysis: ComposeAnalysis, path: PathSegment[], range: Range): CompletionItem[] {
  const names = NAME_KEYS[shapeOf(path)];
  const present = presentKeys(analysis, path);
  if (names)
    return definedNames(analysis, names)
      .filter((n) => !present.has(n))
      .map((name) => ({
        label: name,
        kind: CompletionItemKind.Reference,
        detail: `${names.slice(0, -1)} defined in the project`,
        textEdit: { range, newText: `${name}:` },
      }));
  const place = composeSchemaAt(path);
  return (place?.keys ?? [])
    .filter((k) => !present.has(k.name))
    .map((k) => ({
      label: k.name,
      kind: CompletionItemKind.Property,
      ...(k.description ? { documentation: markdown(`**${k.name}**\n\n${k.description}`) } : {}),
      ...(k.deprecated ? { tags: [1 as const] } : {}),
      sortText: `${k.deprecated ? "1" : "0"}${k.name}`,
      textEdit: { range, newText: `${k.name}: ` },
    }));
}

/** The values a place takes; see the module comment. */
async function valueItems(
  analysis: ComposeAnalysis,
  path: PathSegment[],
  typed: string,
  range: Range,
  sources: ComposeCompletionSources,
): Promise<CompletionItem[]> {
  const shape = shapeOf(path);
  const source = VALUE_SOURCES[shape];
  if (source === "folder" || source === "file" || source === "dockerfile")
    return pathItems(analysis, path, typed, range, source);
  const items: CompletionItem[] = [];
  const value = (
    label: string,
    kind: CompletionItemKind,
    detail?: string,
    documentation?: string,
    newText = yamlScalar(label),
  ) =>
    items.push({
      label,
      kind,
      ...(detail ? { detail } : {}),
      ...(documentation ? { documentation: markdown(documentation) } : {}),
      textEdit: { range, newText },
    });
  // a service does not depend on, link to or extend itself
  const self = path[0] === "services" ? String(path[1]) : undefined;
  if (source)
    for (const name of definedNames(analysis, source))
      if (source !== "services" || name !== self)
        value(name, CompletionItemKind.Reference, `${source.slice(0, -1)} defined in the project`);
  if (shape === "services.*.build.target")
    for (const stage of targetStages(analysis, String(path[1])))
      value(stage, CompletionItemKind.Class, "build stage");
  if (shape === "services.*.image")
    for (const tag of await sources.imageTags()) value(tag, CompletionItemKind.Module, "local image");
  if (shape === "services.*.network_mode")
    for (const name of definedNames(analysis, "services"))
      if (name !== self)
        value(`service:${name}`, CompletionItemKind.Reference, "another service's network stack");
  const place = composeSchemaAt(path);
  for (const v of place?.values ?? [])
    value(String(v), CompletionItemKind.EnumMember, undefined, place?.description, yamlScalar(v));
  if (place?.types.includes("boolean") && !place.values.includes(true))
    for (const b of ["true", "false"]) value(b, CompletionItemKind.Value, undefined, undefined, b);
  const wanted = typed.replace(/^["']/, "");
  return items.filter((item) => item.label.startsWith(wanted) || wanted === "");
}
