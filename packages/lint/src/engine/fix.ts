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

/** One pass: applies the non-overlapping fixes of `findings` to `state`; false when nothing changed. */
function fixPass(state: FixResult, findings: Finding[]): boolean {
  const fixes = findings
    .filter((f) => f.fix && f.fix.edits.length > 0)
    .map((f) => f.fix!)
    .sort((a, b) => firstStart(a.edits) - firstStart(b.edits));
  const accepted: TextEdit[] = [];
  let count = 0;
  for (const fix of fixes) {
    if (fix.edits.some((e) => accepted.some((a) => overlaps(a, e)))) continue;
    accepted.push(...fix.edits);
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
  return Math.min(...edits.map((e) => e.range.start.offset));
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

/** Applies non-overlapping edits (UTF-16 offsets of `text`), last first. */
export function applyTextEdits(text: string, edits: TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort(
    (a, b) => b.range.start.offset - a.range.start.offset || b.range.end.offset - a.range.end.offset,
  ))
    out = out.slice(0, e.range.start.offset) + e.newText + out.slice(e.range.end.offset);
  return out;
}
