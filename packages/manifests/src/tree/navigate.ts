import type { LocatedNode, LocatedProperty, PathSegment } from "./located-node.js";

/** The effective property for `key` in an object: the last one with that key (JSON/engine semantics). */
export function propertyOf(node: LocatedNode | undefined, key: string): LocatedProperty | undefined {
  if (node?.kind !== "object") return undefined;
  for (let i = node.properties.length - 1; i >= 0; i--) {
    const property = node.properties[i]!;
    if (property.key === key) return property;
  }
  return undefined;
}

/** Where a path leads in a located tree: the deepest node reached and how much of the path it covers. */
export interface PathTarget {
  /** The node at `path[0..depth)`. */
  node: LocatedNode;
  /**
   * The last property followed: the one whose value is `node`, or — when the path names a key that is present
   * without a value (`"a":` in broken JSON) — that key's property while `node` stays its object.
   */
  property?: LocatedProperty;
  /** How many segments of the path were followed; `depth === path.length` means the whole path exists. */
  depth: number;
}

/**
 * Follows `path` (object keys and array indexes) from `root` as far as it exists. Never throws; a path that
 * leaves the tree stops at the last node reached.
 */
export function followPath(root: LocatedNode, path: readonly PathSegment[]): PathTarget {
  let target: PathTarget = { node: root, depth: 0 };
  for (const segment of path) {
    const { node } = target;
    if (node.kind === "object") {
      const property = propertyOf(node, String(segment));
      if (!property?.value) return property ? { ...target, property, depth: target.depth } : target;
      target = { node: property.value, property, depth: target.depth + 1 };
    } else if (node.kind === "array" && typeof segment === "number") {
      const item = node.items[segment];
      if (!item) return target;
      target = { node: item, depth: target.depth + 1 };
    } else {
      return target;
    }
  }
  return target;
}

/** Reads a located tree as a plain JSON value (what would be sent to the engine). The last duplicate key wins. */
export function toPlainValue(node: LocatedNode | undefined): unknown {
  if (!node) return null;
  switch (node.kind) {
    case "scalar":
      return node.value;
    case "array":
      return node.items.map(toPlainValue);
    case "object": {
      const result: Record<string, unknown> = {};
      for (const property of node.properties) {
        Object.defineProperty(result, property.key, {
          value: toPlainValue(property.value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return result;
    }
  }
}
