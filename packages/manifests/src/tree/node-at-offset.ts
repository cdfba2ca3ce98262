/**
 * `nodeAtOffset`: the innermost node of a located tree at a cursor offset, for completion and hover.
 */
import type { LocatedNode, LocatedProperty, PathSegment } from "./located-node.js";

/** What lies at a cursor offset in a located tree (for completion and hover). */
export interface NodeAtOffset {
  /**
   * Path of the innermost node containing the offset. On a key it is the path of that key's value (the
   * field the key names), so `schemaAtPath(schema, path)` gives the field's documentation and
   * `schemaAtPath(schema, path.slice(0, -1)).keys` the keys valid there.
   */
  path: PathSegment[];
  node: LocatedNode;
  /** The property whose key or value holds the offset, if any. */
  property?: LocatedProperty;
  /** True when the offset is on the property's key (completion of keys, hover on a field name). */
  onKey: boolean;
}

function contains(
  node: { range: { start: { offset: number }; end: { offset: number } } },
  offset: number,
): boolean {
  return node.range.start.offset <= offset && offset <= node.range.end.offset;
}

/**
 * The innermost node at a UTF-16 `offset` (ends inclusive, so a cursor just after a token still touches it).
 * Returns `undefined` when the offset is outside the root. Pure; never throws.
 */
export function nodeAtOffset(root: LocatedNode | undefined, offset: number): NodeAtOffset | undefined {
  if (!root || !contains(root, offset)) return undefined;
  let result: NodeAtOffset = { path: [], node: root, onKey: false };
  for (let depth = 0; depth < 256; depth++) {
    const { node, path } = result;
    let next: NodeAtOffset | undefined;
    if (node.kind === "object") {
      for (const property of node.properties) {
        if (contains({ range: property.keyRange }, offset)) {
          next = { path: [...path, property.key], node: property.value ?? node, property, onKey: true };
          break;
        }
        if (property.value && contains(property.value, offset)) {
          next = { path: [...path, property.key], node: property.value, property, onKey: false };
          break;
        }
      }
      if (next?.onKey) return next;
    } else if (node.kind === "array") {
      const index = node.items.findIndex((item) => contains(item, offset));
      if (index >= 0) next = { path: [...path, index], node: node.items[index]!, onKey: false };
    }
    if (!next) return result;
    result = next;
  }
  return result;
}
