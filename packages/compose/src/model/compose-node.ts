/**
 * The located tree of a Compose project: the manifests' located nodes (`@enginekit/manifests`, same ranges,
 * same `Range` type) with the file each node was read from, so that a value merged in from an override file,
 * an `include`d file or an `extends` parent still points at the text the user must change. Interpolated
 * scalars also keep the variables that made them.
 */
import type {
  LocatedArray,
  LocatedObject,
  LocatedProperty,
  LocatedScalar,
  PathSegment,
  Range,
} from "@enginekit/manifests";

/**
 * One variable of an interpolated value: its name, its range in the source (the `${…}` or `$NAME`), and
 * where its value came from (`environment`: the process environment or the caller's; `env-file`: a `.env`
 * or `--env-file`, named by `envFile`; `default`: the `:-`/`-` default; `unset`: no value, empty string).
 */
export interface InterpolatedVariable {
  name: string;
  range: Range;
  source: "environment" | "env-file" | "default" | "unset";
  envFile?: string;
}

/** A scalar, with its file and, when interpolation changed it, the variables used. */
export interface ComposeScalar extends LocatedScalar {
  file: string;
  variables?: InterpolatedVariable[];
}

/** A sequence, with its file. */
export interface ComposeArray extends LocatedArray {
  items: ComposeNode[];
  file: string;
}

/** One key of a mapping, with the file its key was written in. */
export interface ComposeProperty extends LocatedProperty {
  value?: ComposeNode;
  file: string;
}

/** A mapping, with its file. */
export interface ComposeObject extends LocatedObject {
  properties: ComposeProperty[];
  file: string;
}

/** Any node of a Compose project's located tree. */
export type ComposeNode = ComposeScalar | ComposeArray | ComposeObject;

/** Where a node is: its file and its range there. */
export interface SourceLocation {
  file: string;
  range: Range;
}

/** The value of `key` in `node` (the last one when the key is repeated), or undefined. */
export function propertyValue(node: ComposeNode | undefined, key: string): ComposeNode | undefined {
  return propertyNamed(node, key)?.value;
}

/** The property `key` of `node` (the last one when repeated), or undefined. */
export function propertyNamed(node: ComposeNode | undefined, key: string): ComposeProperty | undefined {
  if (node?.kind !== "object") return undefined;
  for (let i = node.properties.length - 1; i >= 0; i--)
    if (node.properties[i]!.key === key) return node.properties[i];
  return undefined;
}

/** The node at `path` below `node`, or undefined. */
export function nodeAt(node: ComposeNode | undefined, path: readonly PathSegment[]): ComposeNode | undefined {
  let current = node;
  for (const segment of path) {
    if (!current) return undefined;
    if (typeof segment === "number") current = current.kind === "array" ? current.items[segment] : undefined;
    else current = propertyValue(current, segment);
  }
  return current;
}

/** A scalar's value as Compose reads it as text (`null` → undefined; numbers and booleans as written). */
export function scalarText(node: ComposeNode | undefined): string | undefined {
  if (node?.kind !== "scalar" || node.value === null) return undefined;
  return String(node.value);
}

/**
 * Sets `file` on every node and property of a freshly read tree, in place (the tree is the reader's own:
 * copying it cost a tenth of a project's load), and returns it typed as a Compose tree.
 */
export function withFile(node: LocatedScalar | LocatedArray | LocatedObject, file: string): ComposeNode {
  const located = node as ComposeNode;
  located.file = file;
  if (located.kind === "array") for (const item of located.items) withFile(item, file);
  else if (located.kind === "object")
    for (const property of located.properties) {
      property.file = file;
      if (property.value) withFile(property.value, file);
    }
  return located;
}
