/**
 * The one edit distance of the project, behind every "did you mean": unknown request fields in the api
 * schemas (`request-object.ts`), manifest kinds and keys and the linter's rule ids, flags, stages and
 * variables (through {@link Suggester} in `./suggester.ts`).
 */

/** Rows reused by {@link editDistance} (grown on demand), so a call allocates nothing. */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/**
 * Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions, each substring edited
 * at most once) between `a` and `b`, in UTF-16 code units: a typo's swapped letters (`Memroy`) count as one
 * edit. Stops early and returns `limit + 1` once the distance must exceed `limit` (default: no limit).
 * Never throws.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (rows[0].length <= b.length) {
    const size = b.length * 2 + 1;
    rows = [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
  }
  let [before, previous, current] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}
