/**
 * Where a name written inside a value is in the file: the characters of `web` in `service:web`, `db:alias` or
 * `"data:/var/lib"`, read from the file's raw (not interpolated) tree. A value whose name part goes through
 * interpolation (`service:${DB}`) is resolved with the project's variables as Compose does (compose-go
 * `template`), located at the whole value and marked as not renamable; so is a value the source spells with
 * escapes or folding, whose characters do not map one to one onto the text.
 */
import { basename } from "node:path";
import type { LineIndex, Range } from "@enginekit/manifests";
import { literalStart } from "../interpolate/interpolate-tree.js";
import { substitute } from "../interpolate/template.js";
import type { ComposeNode, ComposeProperty } from "../model/compose-node.js";

/** The half-open span `[start, end)` of a name within a value, or undefined when the value names nothing. */
export type NameSpan = (value: string) => { start: number; end: number } | undefined;

/** The whole value is the name. */
export const wholeValue: NameSpan = (value) => (value === "" ? undefined : { start: 0, end: value.length });

/** The name is the value up to its first `:` (`links: [db:database]`, `external_links`). */
export const beforeColon: NameSpan = (value) => {
  const end = value.indexOf(":");
  return end === 0 || value === "" ? undefined : { start: 0, end: end < 0 ? value.length : end };
};

/** The name follows `prefix` and runs to the next `:` or the end (`service:web`, `container:db:ro`). */
export function afterPrefix(prefix: string): NameSpan {
  return (value) => {
    if (!value.startsWith(prefix) || value.length === prefix.length) return undefined;
    const colon = value.indexOf(":", prefix.length);
    return { start: prefix.length, end: colon < 0 ? value.length : colon };
  };
}

/** A file as navigation reads it: its text, lines, and the variables interpolation would use. */
export interface FileText {
  file: string;
  text: string;
  lines: LineIndex;
  lookup: (name: string) => string | undefined;
}

/** A name found in a value: what it is, where, and why it cannot be edited (absent when it can). */
export interface LocatedName {
  name: string;
  range: Range;
  fixed?: string;
}

function where(source: FileText, range: Range): string {
  return `${basename(source.file)}:${range.start.line + 1}:${range.start.character + 1}`;
}

/** The name `span` finds in the scalar `node` of `source`, or undefined (not a scalar, or no name). */
export function nameInValue(
  node: ComposeNode | undefined,
  source: FileText,
  span: NameSpan,
): LocatedName | undefined {
  if (node?.kind !== "scalar" || node.value === null || typeof node.value === "boolean") return undefined;
  const raw = String(node.value);
  const rawSpan = span(raw);
  const literal = rawSpan && !raw.slice(0, rawSpan.end).includes("$");
  if (!literal) {
    if (!raw.includes("$")) return undefined;
    const substituted = substitute(raw, source.lookup);
    const found = span(substituted.value);
    if (!found) return undefined;
    const names = [...new Set(substituted.variables.map((v) => `\${${v.name}}`))].join(", ");
    return {
      name: substituted.value.slice(found.start, found.end),
      range: node.range,
      fixed: `the name comes from interpolation (${names || "$$"}) at ${where(source, node.range)}`,
    };
  }
  const name = raw.slice(rawSpan.start, rawSpan.end);
  const start = literalStart(node, source.text);
  if (start === undefined)
    return {
      name,
      range: node.range,
      fixed: `the value at ${where(source, node.range)} is written with escapes or folding`,
    };
  return { name, range: source.lines.range(start + rawSpan.start, start + rawSpan.end) };
}

/** A key as a name: the key's characters (inside quotes), or the whole key when written with escapes. */
export function nameOfKey(property: ComposeProperty, source: FileText): LocatedName {
  if (property.keyTextRange) return { name: property.key, range: property.keyTextRange };
  return {
    name: property.key,
    range: property.keyRange,
    fixed: `the key at ${where(source, property.keyRange)} is written with escapes`,
  };
}
