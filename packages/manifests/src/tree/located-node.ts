/**
 * The located tree every manifest reader produces: scalars (with their source style and exact big integers),
 * arrays, properties and objects, each with its source range, and the path segments that address them (the
 * project's own design).
 */
import type { Range } from "@enginekit/text";

/**
 * How a scalar was written in the source. Secret reference ranges inside a string depend on it (escapes,
 * quotes, folding). `json` is a JSON string; the others are the YAML 1.2 styles.
 */
export type ScalarStyle =
  | "plain"
  | "single-quoted"
  | "double-quoted"
  | "block-literal"
  | "block-folded"
  | "json";

/**
 * A scalar: string, number, boolean or null, with the range of its source token (quotes included). An
 * integer written beyond JavaScript's exact range (±2^53, e.g. `Memory: 9223372036854775807`, the engine's
 * int64 maximum) has its exact value in `integer`; `value` is then the nearest number.
 */
export interface LocatedScalar {
  kind: "scalar";
  value: string | number | boolean | null;
  integer?: bigint;
  style: ScalarStyle;
  range: Range;
  /** The node's local YAML tag (`!reset`), when the reader was asked to keep it (`ReadYamlOptions.localTags`). */
  tag?: string;
}

/** A list (YAML sequence / JSON array). `range` spans from the opening to the closing token. */
export interface LocatedArray {
  kind: "array";
  items: LocatedNode[];
  range: Range;
  /** The node's local YAML tag, as on {@link LocatedScalar}. */
  tag?: string;
}

/**
 * One key of an object. `keyRange` spans the key token (quotes included); `keyTextRange` spans the key's
 * characters without quotes, present when the source text there equals `key` (no escapes), so a quick fix can
 * rename the key in place. `value` is absent when the source has a key without a value (a syntax error in
 * JSON). `range` spans the key and its value.
 */
export interface LocatedProperty {
  key: string;
  keyRange: Range;
  keyTextRange?: Range;
  value?: LocatedNode;
  range: Range;
}

/**
 * A map (YAML mapping / JSON object). Properties are in source order; duplicate keys are kept (the last one
 * wins when the manifest is read as a value, as in the engine's JSON decoder).
 */
export interface LocatedObject {
  kind: "object";
  properties: LocatedProperty[];
  range: Range;
  /** The node's local YAML tag, as on {@link LocatedScalar}. */
  tag?: string;
}

/** A node of the one located tree both the YAML and the JSON reader produce. */
export type LocatedNode = LocatedObject | LocatedArray | LocatedScalar;

/** A key or an index: the path of a node from the document root, as zod paths are written. */
export type PathSegment = string | number;
