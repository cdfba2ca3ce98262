/**
 * The quick fix of the Compose ordering rules (dclint's `*-order` rules): the entries of one block mapping or
 * block sequence rewritten in a new order as one text edit over their exact lines, so comments, blank lines
 * and formatting travel with their entry and nothing else in the file changes. dclint re-serialises the
 * whole document with the `yaml` package instead, which reflows it; moving whole lines keeps the text.
 *
 * An entry owns its lines (from its first line to its last, a trailing comment included) and the comment and
 * blank lines just above it; above the first entry, only the comment lines directly above it at its
 * indentation are its own (the others stay where they are). No fix is offered (undefined)
 * when an entry does not start its own line (flow style, `- key: v` compact mappings), when two entries share
 * a line, or when the block holds an anchor, alias or merge key (`&a`, `*a`, `<<`): moving an alias above its
 * anchor would break the file.
 */
import type { Fix, Range } from "../model/finding.js";

/** What the fix needs of an entry: the range of its text (a key and value, or a sequence item). */
interface OrderedEntry {
  range: Range;
}

/** The offset of the start of the line holding `offset`. */
function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

/** The offset just after the line break ending the line that holds `offset` (the text's end if none). */
function afterLineEnd(text: string, offset: number): number {
  const nl = text.indexOf("\n", offset);
  return nl < 0 ? text.length : nl + 1;
}

/**
 * The start of the comment lines directly above the line at `first` (no blank line between) that are
 * indented as that line is: the first entry's own comments, which move with it.
 */
function commentsAbove(text: string, first: number): number {
  const indent = /^[ \t]*/.exec(text.slice(first))![0];
  let start = first;
  while (start > 0) {
    const previous = lineStart(text, start - 1);
    const line = text.slice(previous, start - 1);
    if (!line.startsWith(`${indent}#`) || /^[ \t]/.test(line.slice(indent.length))) break;
    start = previous;
  }
  return start;
}

/** The last offset inside an entry (a block scalar's range may end at the next line's start). */
function lastInside(text: string, range: Range): number {
  const end = range.end.offset;
  if (end > range.start.offset && text[end - 1] === "\n") return end - 1;
  return end;
}

/**
 * A fix writing `entries` (in source order) in the order of `order` (indices into `entries`), or undefined
 * when the lines cannot be moved safely (see the module comment). `lines` converts offsets to positions.
 */
function reorderFix(
  text: string,
  lines: { range(start: number, end: number): Range },
  entries: readonly OrderedEntry[],
  order: readonly number[],
  title: string,
): Fix | undefined {
  if (entries.length < 2) return undefined;
  const chunks: string[] = [];
  let regionStart = -1;
  let previousEnd = -1;
  for (const entry of entries) {
    const start = entry.range.start.offset;
    const first = lineStart(text, start);
    const before = text.slice(first, start);
    if (!/^\s*(?:-\s+)?$/.test(before)) return undefined;
    if (first < previousEnd) return undefined;
    const chunkStart = previousEnd < 0 ? commentsAbove(text, first) : previousEnd;
    if (regionStart < 0) regionStart = chunkStart;
    const end = afterLineEnd(text, lastInside(text, entry.range));
    chunks.push(text.slice(chunkStart, end));
    previousEnd = end;
  }
  const region = text.slice(regionStart, previousEnd);
  if (/(?:^|[\s[{,:-])[&*][^\s,[\]{}]|<<\s*:/.test(region)) return undefined;
  const endsWithBreak = region.endsWith("\n");
  const withBreak = chunks.map((c) => (c.endsWith("\n") ? c : `${c}\n`));
  let newText = order.map((i) => withBreak[i]).join("");
  if (!endsWithBreak) newText = newText.slice(0, -1);
  if (newText === region) return undefined;
  return { title, edits: [{ range: lines.range(regionStart, previousEnd), newText }] };
}

/**
 * The indices of `keys` in a stable sort by `compare` (equal keys keep their order), and the indices of the
 * entries out of place: those that sort before an entry above them (dclint reports these).
 */
function sortedOrder<T>(
  keys: readonly T[],
  compare: (a: T, b: T) => number,
): { order: number[]; outOfPlace: number[] } {
  const order = keys.map((_, i) => i).sort((a, b) => compare(keys[a]!, keys[b]!) || a - b);
  const outOfPlace: number[] = [];
  let highest = -1;
  for (let i = 0; i < keys.length; i++) {
    if (highest >= 0 && compare(keys[i]!, keys[highest]!) < 0) outOfPlace.push(i);
    else highest = i;
  }
  return { order, outOfPlace };
}

/** One entry an ordering rule checks: its text range, where to report it, and its sort key. */
export interface SortableEntry<T> extends OrderedEntry {
  at: Range;
  key: T;
}

/**
 * The reports of an ordering rule over one block: one per entry out of place (at its `at`, message from
 * `message`), the first carrying the fix that rewrites the whole block in order when it can be moved safely.
 */
export function orderReports<T>(
  text: string,
  lines: { range(start: number, end: number): Range },
  entries: readonly SortableEntry<T>[],
  compare: (a: T, b: T) => number,
  message: (entry: SortableEntry<T>) => string,
  title: string,
): { range: Range; message: string; fix?: Fix }[] {
  const { order, outOfPlace } = sortedOrder(
    entries.map((e) => e.key),
    compare,
  );
  if (outOfPlace.length === 0) return [];
  const fix = reorderFix(text, lines, entries, order, title);
  return outOfPlace.map((i, n) => {
    const entry = entries[i]!;
    return { range: entry.at, message: message(entry), ...(n === 0 && fix ? { fix } : {}) };
  });
}
