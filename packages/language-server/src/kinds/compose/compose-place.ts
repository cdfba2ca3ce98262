/**
 * Where an offset is in a Compose document's own tree (`composePlaceAt`): the path of keys and indexes from
 * the file's root, the property there and whether the offset is on its key, read from the file as its
 * project loaded it (interpolated; nodes merged in from other files are skipped, so every range is this
 * file's). For hover; completion reads the place from indentation (src/providers/yaml-path.ts), since the
 * text being typed may not parse.
 */
import type { ComposeNode, ComposeProperty, ComposeScalar } from "@enginekit/compose";
import type { PathSegment } from "@enginekit/manifests";
import type { ComposeAnalysis } from "./analysis.js";

/** A place in the document: the path to it, the property holding it, and whether the offset is on the key. */
export interface ComposePlace {
  path: PathSegment[];
  property?: ComposeProperty;
  onKey: boolean;
  /** The node at the offset (the property's value, or a list item). */
  node?: ComposeNode;
}

/** The roots of the document's own file, as its project read and interpolated them. */
export function ownRoots(analysis: ComposeAnalysis): ComposeNode[] {
  return analysis.compose.project.sources.get(analysis.compose.path)?.roots ?? [];
}

const inside = (node: { range: { start: { offset: number }; end: { offset: number } } }, offset: number) =>
  node.range.start.offset <= offset && offset <= node.range.end.offset;

/** The deepest place of this file's tree holding `offset`, or undefined outside every mapping. */
export function composePlaceAt(analysis: ComposeAnalysis, offset: number): ComposePlace | undefined {
  const file = analysis.compose.path;
  const root = ownRoots(analysis).find((r) => r.file === file && inside(r, offset));
  if (!root) return undefined;
  let place: ComposePlace | undefined;
  let node: ComposeNode = root;
  const path: PathSegment[] = [];
  for (let depth = 0; depth < 64; depth++) {
    let next: ComposeNode | undefined;
    if (node.kind === "object") {
      const property = node.properties.find(
        (p) =>
          p.file === file &&
          (inside({ range: p.keyRange }, offset) || (p.value?.file === file && inside(p.value, offset))),
      );
      if (!property) break;
      path.push(property.key);
      const onKey = inside({ range: property.keyRange }, offset);
      place = { path: [...path], property, onKey, ...(property.value ? { node: property.value } : {}) };
      if (onKey || !property.value) break;
      next = property.value;
    } else if (node.kind === "array") {
      const index = node.items.findIndex((item) => item.file === file && inside(item, offset));
      if (index < 0) break;
      path.push(index);
      const item = node.items[index]!;
      place = {
        path: [...path],
        ...(place?.property ? { property: place.property } : {}),
        onKey: false,
        node: item,
      };
      next = item;
    }
    if (!next || next.kind === "scalar") break;
    node = next;
  }
  return place;
}

/** Every interpolated scalar of this file's tree, with the key that holds it (for inlay hints). */
export function interpolatedScalars(
  analysis: ComposeAnalysis,
  from: number,
  to: number,
): { scalar: ComposeScalar; key: string | undefined }[] {
  const file = analysis.compose.path;
  const out: { scalar: ComposeScalar; key: string | undefined }[] = [];
  const visit = (node: ComposeNode | undefined, key: string | undefined) => {
    if (!node || node.file !== file) return;
    if (node.range.end.offset < from || node.range.start.offset > to) return;
    if (node.kind === "scalar") {
      if (node.variables) out.push({ scalar: node, key });
    } else if (node.kind === "array") for (const item of node.items) visit(item, key);
    else for (const p of node.properties) visit(p.value, p.key);
  };
  for (const root of ownRoots(analysis)) visit(root, undefined);
  return out;
}
