/**
 * The outline of one Compose file: its top-level keys; under `services`, `networks`, `volumes`, `secrets` and
 * `configs` each resource, with its keys (and theirs) as children; under `include` each included path. Built
 * from the file's own tree as written (no merge, no interpolation), so it is the outline of the text in the
 * editor. Keys brought in by an alias or a `<<` merge key are written elsewhere and are left out of the
 * mapping they were merged into (a child's range always lies inside its parent's).
 */
import { type Range, rangeContains } from "@enginekit/text";
import { type ComposeNode, type ComposeProperty, propertyValue, scalarText } from "../model/compose-node.js";
import type { NameKind } from "./name-occurrence.js";

/** What a symbol is: a top-level section, a named resource, an `include` entry, or any other key. */
export type ComposeSymbolKind = "section" | Exclude<NameKind, "container"> | "include" | "key";

/** One outline entry; `range` spans the whole entry, `selectionRange` its name. */
export interface ComposeSymbol {
  name: string;
  kind: ComposeSymbolKind;
  /** A scalar value, shortened (absent for mappings and sequences). */
  detail?: string;
  range: Range;
  selectionRange: Range;
  children: ComposeSymbol[];
}

const RESOURCE_SECTIONS: Record<string, ComposeSymbolKind> = {
  services: "service",
  networks: "network",
  volumes: "volume",
  secrets: "secret",
  configs: "config",
};

/** Deepest nesting shown below a resource. */
const MAX_DEPTH = 8;

function detailOf(node: ComposeNode | undefined): string | undefined {
  const text = scalarText(node);
  return text === undefined ? undefined : text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function propertySymbol(property: ComposeProperty, kind: ComposeSymbolKind, depth: number): ComposeSymbol {
  const detail = detailOf(property.value);
  return {
    name: property.key || '""',
    kind,
    ...(detail === undefined ? {} : { detail }),
    range: property.range,
    selectionRange: property.keyRange,
    children: keysOf(property.value, property.range, depth + 1),
  };
}

/** The keys of a mapping written inside `within` (and, for sequences, the keys of their mappings). */
function keysOf(node: ComposeNode | undefined, within: Range, depth: number): ComposeSymbol[] {
  if (!node || depth > MAX_DEPTH) return [];
  if (node.kind === "object")
    return node.properties
      .filter((p) => rangeContains(within, p.range))
      .map((p) => propertySymbol(p, "key", depth));
  if (node.kind === "array")
    return node.items.flatMap((item, index) =>
      item.kind === "object" && rangeContains(within, item.range)
        ? [
            {
              name: String(index),
              kind: "key" as const,
              range: item.range,
              selectionRange: item.range,
              children: keysOf(item, item.range, depth + 1),
            },
          ]
        : [],
    );
  return [];
}

/** The outline of a file whose document roots are `roots` (one per YAML document, in order). */
export function documentSymbols(roots: readonly ComposeNode[]): ComposeSymbol[] {
  const out: ComposeSymbol[] = [];
  for (const root of roots) {
    if (root.kind !== "object") continue;
    for (const property of root.properties) {
      if (!rangeContains(root.range, property.range)) continue;
      const resourceKind = RESOURCE_SECTIONS[property.key];
      const value = property.value;
      if (resourceKind && value?.kind === "object") {
        out.push({
          ...propertySymbol(property, "section", 0),
          children: value.properties
            .filter((p) => rangeContains(property.range, p.range))
            .map((p) => propertySymbol(p, resourceKind, 0)),
        });
      } else if (property.key === "include" && value?.kind === "array") {
        out.push({
          ...propertySymbol(property, "section", 0),
          children: value.items.flatMap((item) => {
            const path = item.kind === "object" ? propertyValue(item, "path") : item;
            const name =
              detailOf(path) ?? (path?.kind === "array" ? path.items.map(scalarText).join(", ") : "");
            return rangeContains(property.range, item.range)
              ? [
                  {
                    name: name || '""',
                    kind: "include" as const,
                    range: item.range,
                    selectionRange: (path ?? item).range,
                    children: [],
                  },
                ]
              : [];
          }),
        });
      } else out.push(propertySymbol(property, "key", 0));
    }
  }
  return out;
}
