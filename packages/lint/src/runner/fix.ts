/**
 * `--fix` and the language server's "fix all": lint, apply the non-overlapping quick fixes, lint again,
 * until the text is stable (ESLint's `SourceCodeFixer` loop). Edits are applied by the foundation's one
 * applier (`@enginekit/text` `applyTextEdits`).
 */
import { applyTextEdits, compareTextEdits } from "@enginekit/text";
import type { Finding, TextEdit } from "../model/finding.js";

/** The result of {@link fixText}: the new text, how many fixes were applied, and the passes it took. */
export interface FixResult {
  text: string;
  applied: number;
  passes: number;
}

/** At most this many lint-and-fix passes (overlapping fixes wait for the next pass). */
export const MAX_FIX_PASSES = 10;

/**
 * Applies quick fixes until the text is stable: each pass lints, takes the fixes whose edits do not
 * overlap an earlier-starting accepted fix, applies them together, and lints again. Bounded by
 * {@link MAX_FIX_PASSES}. Pure.
 */
export function fixText(
  text: string,
  lint: (text: string) => Finding[],
  maxPasses = MAX_FIX_PASSES,
): FixResult {
  const state = { text, applied: 0, passes: 0 };
  while (state.passes < maxPasses && fixPass(state, lint(state.text)));
  return state;
}

/**
 * {@link fixText} with an asynchronous lint (e.g. with the online secret checks, whose findings carry
 * fixes such as inserting `data/`). Same passes and bound.
 */
export async function fixTextAsync(
  text: string,
  lint: (text: string) => Promise<Finding[]>,
  maxPasses = MAX_FIX_PASSES,
): Promise<FixResult> {
  const state = { text, applied: 0, passes: 0 };
  while (state.passes < maxPasses && fixPass(state, await lint(state.text)));
  return state;
}

/**
 * One pass: applies the non-overlapping fixes of `findings` to `state`; false when nothing changed.
 * O(n log n) in the number of edits: fixes are taken in order of their first edit, and each edit is
 * checked against its neighbours among the accepted edits (kept sorted by start, found by binary search).
 */
function fixPass(state: FixResult, findings: Finding[]): boolean {
  const fixes = findings
    .filter((f) => f.fix && f.fix.edits.length > 0)
    .map((f) => ({ fix: f.fix!, start: firstStart(f.fix!.edits) }))
    .sort((a, b) => a.start - b.start);
  const accepted: TextEdit[] = [];
  let count = 0;
  for (const { fix } of fixes) {
    if (fix.edits.some((e) => overlapsAccepted(accepted, e))) continue;
    for (const e of fix.edits) insertSorted(accepted, e);
    count++;
  }
  if (count === 0) return false;
  const next = applyTextEdits(state.text, accepted);
  state.passes++;
  if (next === state.text) return false;
  state.text = next;
  state.applied += count;
  return true;
}

function firstStart(edits: TextEdit[]): number {
  let min = Number.POSITIVE_INFINITY;
  for (const e of edits) min = Math.min(min, e.range.start.offset);
  return min;
}

/** The index of the first edit in `sorted` that does not come before `e`. */
function lowerBound(sorted: TextEdit[], e: TextEdit): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareTextEdits(sorted[mid]!, e) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Inserts `e` into `sorted` in order. Fixes arrive in order of their first edit, so this is almost
 * always an append.
 */
function insertSorted(sorted: TextEdit[], e: TextEdit): void {
  const last = sorted[sorted.length - 1];
  if (last === undefined || compareTextEdits(last, e) <= 0) sorted.push(e);
  else sorted.splice(lowerBound(sorted, e), 0, e);
}

/**
 * Whether `e` overlaps an edit of `sorted` (non-overlapping, sorted by start). Only the neighbours of
 * its insertion point can overlap it; equal starts are all neighbours, so they are scanned.
 */
function overlapsAccepted(sorted: TextEdit[], e: TextEdit): boolean {
  const at = lowerBound(sorted, e);
  for (let i = at - 1; i >= 0; i--) {
    const a = sorted[i]!;
    if (overlaps(a, e)) return true;
    if (a.range.start.offset < e.range.start.offset) break;
  }
  for (let i = at; i < sorted.length; i++) {
    const a = sorted[i]!;
    if (a.range.start.offset > e.range.end.offset) break;
    if (overlaps(a, e)) return true;
  }
  return false;
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  const [as, ae, bs, be] = [
    a.range.start.offset,
    a.range.end.offset,
    b.range.start.offset,
    b.range.end.offset,
  ];
  if (as === ae && bs === be) return as === bs;
  return (as < be && bs < ae) || (as === ae && bs <= as && as < be) || (bs === be && as <= bs && bs < ae);
}
