/**
 * Walking a located tree: `propertyOf` (the last property of a key wins, as in the engine's JSON decoder),
 * `followPath` as far as a path exists, and `toPlainValue`, the plain JSON value that would be sent to the
 * engine.
 */
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

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
/** The largest number below 2^63: what an int64 at or near its maximum is validated as. */
const BELOW_2_POW_63 = 2 ** 63 - 1024;
/** The largest number below -2^63: what an integer under int64's minimum is validated as. */
const BELOW_MINUS_2_POW_63 = -(2 ** 63) - 2048;

/**
 * Reads a located tree as a plain JSON value (what would be sent to the engine). The last duplicate key
 * wins. An integer written beyond 2^53 (`LocatedScalar.integer`) becomes the nearest number that
 * keeps it inside or outside the engine's int64 range as it is: `9223372036854775807` (int64's maximum)
 * becomes a number below 2^63, `9223372036854775808` stays 2^63, which the api schemas' int64 check refuses.
 */
export function toPlainValue(node: LocatedNode | undefined): unknown {
  if (!node) return null;
  switch (node.kind) {
    case "scalar":
      if (node.integer === undefined) return node.value;
      if (node.integer > INT64_MAX) return Math.max(Number(node.integer), 2 ** 63);
      if (node.integer < INT64_MIN) return Math.min(Number(node.integer), BELOW_MINUS_2_POW_63);
      return Math.min(Number(node.integer), BELOW_2_POW_63);
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
