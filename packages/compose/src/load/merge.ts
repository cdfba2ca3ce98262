/**
 * Merges one Compose model onto another as compose-go's `override/merge.go` and `override/uncity.go` do
 * (an override file onto the files before it, an `extends` child onto its parent): mappings merge key by key
 * (`x-` keys are replaced whole), scalars are replaced, `command`, `entrypoint` and `healthcheck.test` are
 * replaced, key/value lists (`environment`, `labels`, `build.args`, `sysctls`, `extra_hosts`…) merge by key
 * whatever form each side uses, `depends_on` and service `networks` merge as mappings, `logging` merges only
 * when both sides name the same driver, and sequences are appended with one entry per identity (a volume or
 * tmpfs per target, a port, a secret or config per target, a device per target, a DNS server once…).
 * `!reset` removes a value, `!override` replaces it instead of merging (compose-go `loader/reset.go`).
 * Every merged node keeps the file and range it was written at.
 */
import type { PathSegment } from "@enginekit/manifests";
import type {
  ComposeArray,
  ComposeNode,
  ComposeObject,
  ComposeProperty,
  ComposeScalar,
} from "../model/compose-node.js";
import { propertyValue, scalarText } from "../model/compose-node.js";
import type { ComposeFinding } from "../model/findings.js";

/** A path pattern: segments, `*` for any key. */
type Pattern = readonly string[];

function matches(path: readonly PathSegment[], pattern: Pattern): boolean {
  return path.length === pattern.length && pattern.every((p, i) => p === "*" || p === path[i]);
}

function pattern(text: string): Pattern {
  return text.split(".");
}

/** Values replaced whole by the override (compose-go `override`). */
const REPLACED = ["services.*.command", "services.*.entrypoint", "services.*.healthcheck.test"].map(pattern);

/** Key/value lists or mappings, merged by key; the separator of their list form. */
const KEY_VALUE: readonly (readonly [Pattern, string])[] = (
  [
    ["services.*.environment", "="],
    ["services.*.labels", "="],
    ["services.*.annotations", "="],
    ["services.*.sysctls", "="],
    ["services.*.build.args", "="],
    ["services.*.build.labels", "="],
    ["services.*.build.additional_contexts", "="],
    ["services.*.deploy.labels", "="],
    ["services.*.extra_hosts", "=:"],
    ["services.*.build.extra_hosts", "=:"],
    ["networks.*.labels", "="],
    ["volumes.*.labels", "="],
    ["secrets.*.labels", "="],
    ["configs.*.labels", "="],
  ] as const
).map(([p, s]) => [pattern(p), s] as const);

/** Lists that merge as mappings of names (`depends_on: [db]` is `depends_on: {db: {…}}`). */
const NAME_MAPS = ["services.*.depends_on", "services.*.networks"].map(pattern);

/** Sequences whose entries have an identity: a later entry with the same identity replaces the earlier one. */
const UNIQUE: readonly (readonly [Pattern, (item: ComposeNode) => string | undefined])[] = [
  [pattern("services.*.volumes"), volumeTarget],
  [pattern("services.*.tmpfs"), (item) => scalarText(item)?.split(":")[0]],
  [pattern("services.*.ports"), portKey],
  [pattern("services.*.expose"), scalarText],
  [pattern("services.*.secrets"), fileReferenceTarget],
  [pattern("services.*.configs"), fileReferenceTarget],
  [pattern("services.*.devices"), deviceTarget],
  ...[
    "dns",
    "dns_opt",
    "dns_search",
    "cap_add",
    "cap_drop",
    "security_opt",
    "profiles",
    "links",
    "external_links",
    "group_add",
    "env_file",
    "volumes_from",
    "device_cgroup_rules",
  ].map((key) => [pattern(`services.*.${key}`), envFileOrText] as const),
];

function envFileOrText(item: ComposeNode): string | undefined {
  return item.kind === "object" ? scalarText(propertyValue(item, "path")) : scalarText(item);
}

/** The target of a volume entry (short `src:dst[:mode]` / `dst`, or long `target`). */
export function volumeTarget(item: ComposeNode): string | undefined {
  if (item.kind === "object") return scalarText(propertyValue(item, "target"));
  const text = scalarText(item);
  if (text === undefined) return undefined;
  const parts = splitVolumeSpec(text);
  return parts.length >= 2 ? parts[1] : parts[0];
}

/**
 * Splits a short volume spec `[source:]target[:mode]` at its colons, keeping a Windows drive letter (`C:\…`)
 * with its path, as compose-go's `format.ParseVolume` does.
 */
export function splitVolumeSpec(text: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ":" && !(current.length === 1 && /[A-Za-z]/.test(current) && /[\\/]/.test(text[i + 1] ?? ""))) {
      parts.push(current);
      current = "";
    } else current += c;
  }
  parts.push(current);
  return parts;
}

function portKey(item: ComposeNode): string | undefined {
  if (item.kind === "scalar") return scalarText(item);
  if (item.kind !== "object") return undefined;
  return ["target", "published", "protocol", "host_ip", "mode"]
    .map((key) => scalarText(propertyValue(item, key)) ?? "")
    .join("/");
}

function fileReferenceTarget(item: ComposeNode): string | undefined {
  if (item.kind === "scalar") return scalarText(item);
  if (item.kind !== "object") return undefined;
  return scalarText(propertyValue(item, "target")) ?? scalarText(propertyValue(item, "source"));
}

function deviceTarget(item: ComposeNode): string | undefined {
  if (item.kind === "object")
    return scalarText(propertyValue(item, "target")) ?? scalarText(propertyValue(item, "source"));
  const parts = scalarText(item)?.split(":");
  return parts?.[1] ?? parts?.[0];
}

/**
 * The entries of a key/value list or mapping as properties. A list entry `KEY=VALUE` (or `KEY:VALUE` for
 * hosts) becomes a property whose key range is the entry and whose value is the text after the separator
 * (the same range: a list entry is one token); `KEY` alone has a null value (taken from the environment).
 */
export function keyValueProperties(node: ComposeNode, separators = "="): ComposeProperty[] {
  if (node.kind === "object") return node.properties;
  if (node.kind !== "array") return [];
  const properties: ComposeProperty[] = [];
  for (const item of node.items) {
    const text = scalarText(item);
    if (item.kind !== "scalar" || text === undefined) continue;
    let at = -1;
    for (const separator of separators) {
      const index = text.indexOf(separator);
      if (index >= 0 && (at < 0 || index < at)) at = index;
    }
    const key = at < 0 ? text : text.slice(0, at);
    const value: ComposeScalar = at < 0 ? { ...item, value: null } : { ...item, value: text.slice(at + 1) };
    properties.push({ key, keyRange: item.range, value, range: item.range, file: item.file });
  }
  return properties;
}

/**
 * The entries of a name list or mapping (`depends_on`, service `networks`) as properties. A `depends_on`
 * list entry becomes `{condition: service_started, required: true}`, as compose-go's `mergeDependsOn`
 * writes it; a `networks` entry has a null value.
 */
function nameProperties(node: ComposeNode, dependsOn: boolean): ComposeProperty[] {
  if (node.kind === "object") return node.properties;
  if (node.kind !== "array") return [];
  return node.items.flatMap((item): ComposeProperty[] => {
    const key = scalarText(item);
    if (key === undefined) return [];
    const { range, file } = item;
    const scalar = (value: string | boolean | null): ComposeScalar => ({
      kind: "scalar",
      value,
      style: "plain",
      range,
      file,
    });
    const value: ComposeNode = dependsOn
      ? {
          kind: "object",
          properties: [
            { key: "condition", keyRange: range, value: scalar("service_started"), range, file },
            { key: "required", keyRange: range, value: scalar(true), range, file },
          ],
          range,
          file,
        }
      : scalar(null);
    return [{ key, keyRange: range, value, range, file }];
  });
}

function asObject(node: ComposeNode, properties: ComposeProperty[]): ComposeObject {
  return { kind: "object", properties, range: node.range, file: node.file };
}

/** Removes every `!reset` value of a tree (its key or list entry) and drops the `!override` tags. */
export function applyResetTags(node: ComposeNode): ComposeNode {
  if (node.kind === "scalar") return node.tag ? { ...node, tag: undefined } : node;
  if (node.kind === "array")
    return {
      ...node,
      tag: undefined,
      items: node.items.filter((item) => item.tag !== "!reset").map(applyResetTags),
    };
  return {
    ...node,
    tag: undefined,
    properties: node.properties
      .filter((property) => property.value?.tag !== "!reset")
      .map((property) =>
        property.value ? { ...property, value: applyResetTags(property.value) } : property,
      ),
  };
}

/**
 * Merges `over` onto `base` at `path` (both already free of reset tags on `base`'s side). Conflicting kinds
 * (a mapping over a list) are `compose/merge` errors, as compose-go's "cannot override"; the override wins.
 */
export function mergeNodes(
  base: ComposeNode,
  over: ComposeNode,
  path: PathSegment[],
  findings: ComposeFinding[],
): ComposeNode {
  if (over.tag === "!override") return applyResetTags(over);
  const cleanOver = () => applyResetTags(over);
  if (REPLACED.some((p) => matches(path, p))) return cleanOver();
  const keyValue = KEY_VALUE.find(([p]) => matches(path, p));
  if (keyValue)
    return asObject(
      over,
      mergeProperties(
        keyValueProperties(base, keyValue[1]),
        keyValueProperties(cleanOver(), keyValue[1]),
        path,
        findings,
        true,
      ),
    );
  if (NAME_MAPS.some((p) => matches(path, p))) {
    const dependsOn = path[path.length - 1] === "depends_on";
    return asObject(
      over,
      mergeProperties(
        nameProperties(base, dependsOn),
        nameProperties(cleanOver(), dependsOn),
        path,
        findings,
      ),
    );
  }
  if (matches(path, pattern("services.*.logging")) && base.kind === "object" && over.kind === "object") {
    const a = scalarText(propertyValue(base, "driver"));
    const b = scalarText(propertyValue(over, "driver"));
    if (a !== undefined && b !== undefined && a !== b) return cleanOver();
  }
  if (base.kind === "object" && over.kind === "object")
    return {
      ...base,
      tag: undefined,
      properties: mergeProperties(base.properties, over.properties, path, findings),
    };
  if (base.kind === "array" && over.kind === "array")
    return mergeSequences(base, cleanOver() as ComposeArray, path);
  if (base.kind !== over.kind && base.kind !== "scalar" && over.kind !== "scalar") {
    findings.push({
      code: "compose/merge",
      message: `cannot override ${path.join(".")}: a ${over.kind === "object" ? "mapping" : "sequence"} cannot replace a ${base.kind === "object" ? "mapping" : "sequence"}`,
      severity: "error",
      file: over.file,
      range: over.range,
      path,
    });
  }
  return cleanOver();
}

function mergeProperties(
  base: readonly ComposeProperty[],
  over: readonly ComposeProperty[],
  path: PathSegment[],
  findings: ComposeFinding[],
  replaceValues = false,
): ComposeProperty[] {
  const result = [...base];
  const index = new Map<string, number>();
  result.forEach((property, i) => {
    index.set(property.key, i);
  });
  for (const property of over) {
    const at = index.get(property.key);
    if (property.value?.tag === "!reset") {
      if (at !== undefined) {
        result.splice(at, 1);
        index.clear();
        result.forEach((p, i) => {
          index.set(p.key, i);
        });
      }
      continue;
    }
    if (at === undefined) {
      index.set(property.key, result.length);
      result.push(property.value ? { ...property, value: applyResetTags(property.value) } : property);
      continue;
    }
    const existing = result[at]!;
    const replace = replaceValues || property.key.startsWith("x-") || !existing.value || !property.value;
    const value = replace
      ? property.value && applyResetTags(property.value)
      : mergeNodes(existing.value!, property.value!, [...path, property.key], findings);
    // a replaced value is located where the override wrote it; a merged mapping keeps its first key
    result[at] = { ...(replace ? property : existing), ...(value ? { value } : {}) };
  }
  return result;
}

function mergeSequences(base: ComposeArray, over: ComposeArray, path: PathSegment[]): ComposeArray {
  const identity = UNIQUE.find(([p]) => matches(path, p))?.[1];
  const items = [...base.items];
  for (const item of over.items) {
    const key = identity?.(item);
    const at = key === undefined ? -1 : items.findIndex((existing) => identity?.(existing) === key);
    if (at >= 0) items[at] = item;
    else items.push(item);
  }
  return { ...base, tag: undefined, items };
}
