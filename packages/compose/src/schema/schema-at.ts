/**
 * `composeSchemaAt`: what the Compose Specification's JSON schema (`compose-spec.json`, the schema the
 * schema layer validates with) says about one place of a Compose file — its description, the keys a mapping
 * there may hold with theirs, the values an enum allows (or that its description lists as "Options
 * include: 'a', 'b'"), the JSON types it takes, and whether it takes names of the user's own (`services`,
 * `networks`…). Follows JSON Schema's `$ref` (to `#/definitions/…`), `oneOf`/`anyOf`/`allOf` (the union of
 * the alternatives), `properties`, `patternProperties` (the `^x-` extension keys are never offered) and
 * `items`. For completion and hover; pure; never throws.
 */
import type { PathSegment } from "@enginekit/manifests";
import schema from "./compose-spec.json" with { type: "json" };

/** A JSON Schema node of the Compose schema (the keywords this module reads). */
interface SchemaNode {
  $ref?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  patternProperties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  deprecated?: boolean;
}

/** One key a mapping may hold. */
export interface ComposeSchemaKey {
  name: string;
  description?: string;
  deprecated?: boolean;
}

/** What the schema says about one place; see the module comment. */
export interface ComposeSchemaPlace {
  description?: string;
  /** The named keys of the mapping there (sorted by name; extension keys left out). */
  keys: ComposeSchemaKey[];
  /** The values an enum allows, or the options its description lists. */
  values: (string | number | boolean)[];
  /** The JSON types it takes (`string`, `object`, `array`…), in schema order. */
  types: string[];
  /** True when the mapping there takes keys of the user's own (service names, label names…). */
  openKeys: boolean;
}

const ROOT = schema as unknown as SchemaNode & { definitions: Record<string, SchemaNode> };

/** `$ref` → the definition; anything else unchanged. */
function deref(node: SchemaNode): SchemaNode {
  let current = node;
  for (let depth = 0; current.$ref && depth < 16; depth++) {
    const name = /^#\/definitions\/(.+)$/.exec(current.$ref)?.[1];
    const target = name ? ROOT.definitions[name] : undefined;
    if (!target) return {};
    // a `$ref` beside its own description keeps the description (`args: {$ref, description}`)
    current =
      current.description && !target.description ? { ...target, description: current.description } : target;
  }
  return current;
}

/** The node and every alternative under it (`oneOf`/`anyOf`/`allOf`, refs followed), flattened. */
function alternatives(node: SchemaNode, out: SchemaNode[] = [], depth = 0): SchemaNode[] {
  const resolved = deref(node);
  out.push(resolved);
  if (depth > 8) return out;
  for (const child of [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.allOf ?? [])])
    alternatives(child, out, depth + 1);
  return out;
}

/** The schemas a key of a mapping leads to, in every alternative of `nodes`. */
function childrenAt(nodes: readonly SchemaNode[], segment: PathSegment): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (const node of nodes) {
    if (typeof segment === "number") {
      if (node.items) out.push(node.items);
      continue;
    }
    const named = node.properties?.[segment];
    if (named) {
      out.push(named);
      continue;
    }
    let matched = false;
    for (const [pattern, child] of Object.entries(node.patternProperties ?? {})) {
      if (safeTest(pattern, segment)) {
        out.push(child);
        matched = true;
      }
    }
    if (!matched && typeof node.additionalProperties === "object") out.push(node.additionalProperties);
  }
  return out;
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return false;
  }
}

/** The quoted options a description lists after "Options include" (`'no', 'always'`). */
function describedOptions(description: string | undefined): string[] {
  const listed = description ? /Options include:?\s*(.*)$/s.exec(description)?.[1] : undefined;
  return listed ? [...listed.matchAll(/'([^']+)'/g)].map((m) => m[1]!) : [];
}

const cache = new Map<string, ComposeSchemaPlace | undefined>();

/**
 * What the schema says about `path` (keys and list indexes from the file's root, e.g. `["services", "web",
 * "build", "target"]`); undefined when the schema has no such place (an unknown key).
 */
export function composeSchemaAt(path: readonly PathSegment[]): ComposeSchemaPlace | undefined {
  const key = JSON.stringify(path);
  if (cache.has(key)) return cache.get(key);
  let nodes: SchemaNode[] = [ROOT];
  let description: string | undefined = ROOT.description;
  for (const segment of path) {
    const children = childrenAt(
      nodes.flatMap((n) => alternatives(n)),
      segment,
    );
    if (children.length === 0) {
      cache.set(key, undefined);
      return undefined;
    }
    description = children.map((c) => c.description ?? deref(c).description).find(Boolean);
    nodes = children;
  }
  const all = nodes.flatMap((n) => alternatives(n));
  const keys = new Map<string, ComposeSchemaKey>();
  let openKeys = false;
  const values = new Set<string | number | boolean>();
  const types: string[] = [];
  for (const node of all) {
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      if (keys.has(name)) continue;
      const text = child.description ?? deref(child).description;
      keys.set(name, {
        name,
        ...(text ? { description: text } : {}),
        ...(child.deprecated || deref(child).deprecated ? { deprecated: true } : {}),
      });
    }
    if (Object.keys(node.patternProperties ?? {}).some((p) => p !== "^x-")) openKeys = true;
    if (typeof node.additionalProperties === "object") openKeys = true;
    for (const value of node.enum ?? [])
      if (["string", "number", "boolean"].includes(typeof value)) values.add(value as string);
    for (const type of [node.type ?? []].flat()) if (!types.includes(type)) types.push(type);
  }
  for (const option of describedOptions(description)) values.add(option);
  const place: ComposeSchemaPlace = {
    ...(description ? { description } : {}),
    keys: [...keys.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    values: [...values],
    types,
    openKeys,
  };
  if (cache.size > 4096) cache.clear(); // paths hold the user's names: keep the cache bounded
  cache.set(key, place);
  return place;
}
