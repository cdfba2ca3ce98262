/**
 * A memo of the engine layer's manifest checks (`judgeBody`) by the located body's shape, so that an edit
 * in one service of a large Compose file re-judges that service only (issue #26: the language server
 * analyses the whole project on every edit). The key is everything the checks read: the body's located
 * tree (values, styles, tags, every range with its offset and line taken from the start of the text the
 * body spans, its column as is), the text it spans, the body's kind, the target API version and the
 * schema. Two bodies with the same key get the same findings shifted by the distance between their
 * spans, so a service that only moved (lines added above it) is not judged again. Bodies drawing on
 * another file (an `extends` target) and bodies spanning more than {@link MAX_SPAN} characters (an anchor
 * far above its alias) are judged each time. Our own module: no peer memoises these checks.
 */

import type { Finding } from "@enginekit/manifests";
import type { Position, Range } from "@enginekit/text";
import type { ComposeNode } from "../model/compose-node.js";

/** The longest text span (UTF-16 code units) a memoised body may cover. */
const MAX_SPAN = 64 * 1024;
/** Most keys kept per schema; the memo is emptied when it is full (an editor's session stays far below). */
const MAX_ENTRIES = 4096;

const memos = new WeakMap<object, Map<string, Finding[]>>();

function isPosition(value: unknown): value is Position {
  return (
    value !== null &&
    typeof value === "object" &&
    typeof (value as Position).offset === "number" &&
    typeof (value as Position).line === "number" &&
    typeof (value as Position).character === "number"
  );
}

/** A deep copy of `value` with every position moved by `lines` lines and `offsets` code units. */
function shifted<T>(value: T, lines: number, offsets: number): T {
  if (Array.isArray(value)) return value.map((item) => shifted(item, lines, offsets)) as T;
  if (value === null || typeof value !== "object") return value;
  if (isPosition(value)) return { ...value, line: value.line + lines, offset: value.offset + offsets } as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = shifted(item, lines, offsets);
  return copy as T;
}

/** The span of text `root`'s ranges cover, or undefined when a node is in another file than the root. */
function spanOf(root: ComposeNode): { start: Position; end: number } | undefined {
  let start = root.range.start;
  let end = root.range.end.offset;
  const widen = (range: Range): void => {
    if (range.start.offset < start.offset) start = range.start;
    if (range.end.offset > end) end = range.end.offset;
  };
  const visit = (node: ComposeNode): boolean => {
    if (node.file !== root.file) return false;
    widen(node.range);
    if (node.kind === "object")
      for (const property of node.properties) {
        if (property.file !== root.file) return false;
        widen(property.range);
        widen(property.keyRange);
        if (property.keyTextRange) widen(property.keyTextRange);
        if (property.value && !visit(property.value)) return false;
      }
    else if (node.kind === "array") for (const item of node.items) if (!visit(item)) return false;
    return true;
  };
  return visit(root) ? { start, end } : undefined;
}

/**
 * Every field of the located tree the manifest checks read (`LocatedNode`: kinds, keys, values, exact
 * integers, styles, tags, ranges), ranges as line and offset from `base` and column as is.
 */
function shapeOf(root: ComposeNode, base: Position): string {
  const parts: string[] = [];
  const range = (r: Range | undefined): void => {
    if (!r) parts.push("-");
    else
      parts.push(
        `${r.start.line - base.line}:${r.start.character}:${r.start.offset - base.offset}-${r.end.line - base.line}:${r.end.character}:${r.end.offset - base.offset}`,
      );
  };
  const visit = (node: ComposeNode | undefined): void => {
    if (!node) {
      parts.push("~");
      return;
    }
    parts.push(node.kind, node.tag ?? "");
    range(node.range);
    if (node.kind === "scalar")
      parts.push(node.style, typeof node.value, JSON.stringify(node.value), String(node.integer ?? ""));
    else if (node.kind === "array") {
      parts.push(`[${node.items.length}`);
      for (const item of node.items) visit(item);
    } else {
      parts.push(`{${node.properties.length}`);
      for (const property of node.properties) {
        parts.push(JSON.stringify(property.key));
        range(property.range);
        range(property.keyRange);
        range(property.keyTextRange);
        visit(property.value);
      }
    }
  };
  visit(root);
  return parts.join("\u0001");
}

/**
 * The findings `judge` gives for the body `root` (whose file's text is `text`), from the memo when a body
 * of the same shape was judged before with the same `variant` (kind and API version) and `schema`; see the
 * module comment. `judge` must be a pure function of `root`, `text`, `variant` and `schema`.
 */
export function memoisedFindings(
  root: ComposeNode,
  text: string,
  schema: object,
  variant: string,
  judge: () => Finding[],
): Finding[] {
  const span = spanOf(root);
  if (!span || span.end - span.start.offset > MAX_SPAN || span.end > text.length) return judge();
  const { line, offset } = span.start;
  const tree = shapeOf(root, span.start);
  const key = `${variant}\u0000${tree}\u0000${text.slice(offset, span.end)}`;
  let memo = memos.get(schema);
  if (!memo) memos.set(schema, (memo = new Map()));
  const found = memo.get(key);
  if (found) return shifted(found, line, offset);
  const findings = judge();
  if (memo.size >= MAX_ENTRIES) memo.clear();
  memo.set(key, shifted(findings, -line, -offset));
  return findings;
}
