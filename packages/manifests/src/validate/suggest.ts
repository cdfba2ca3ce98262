/** Rows reused by {@link editDistance} (grown on demand), so a call allocates nothing. */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/**
 * Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions, each substring edited
 * at most once) between `a` and `b`, in UTF-16 code units. Stops early and returns `limit + 1` once the
 * distance must exceed `limit`.
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

/**
 * Finds the known name closest to a word, for "did you mean" messages. Build one per candidate list and ask
 * it many times (the lower-cased candidates are kept).
 */
export class Suggester {
  readonly #candidates: readonly string[];
  readonly #lower: readonly string[];

  constructor(candidates: Iterable<string>) {
    this.#candidates = [...candidates];
    this.#lower = this.#candidates.map((candidate) => candidate.toLowerCase());
  }

  /**
   * The candidate closest to `word`: first a case-insensitive exact match (the engine's keys are PascalCase,
   * so `memory` → `Memory`), then the smallest case-insensitive edit distance when it is at most a third of
   * the word's length (at least 1, at most 3), then the one candidate that contains the word (4 characters or
   * more, case-insensitive: `Attempts` → `MaxAttempts`, the name the v1.24 document's example uses,
   * lint-anchors §8). Ties go to the earlier candidate. `undefined` when nothing is close enough or the word
   * is itself a candidate.
   */
  closest(word: string): string | undefined {
    const lower = word.toLowerCase();
    const exact = this.#lower.indexOf(lower);
    if (exact >= 0) return this.#candidates[exact] === word ? undefined : this.#candidates[exact];
    const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
    let best: string | undefined;
    let bestDistance = limit + 1;
    for (let i = 0; i < this.#lower.length; i++) {
      const distance = editDistance(lower, this.#lower[i]!, Math.min(bestDistance - 1, limit));
      if (distance < bestDistance) {
        best = this.#candidates[i];
        bestDistance = distance;
      }
    }
    if (best !== undefined || lower.length < 4) return best;
    const containing = this.#candidates.filter((_, i) => this.#lower[i]!.includes(lower));
    return containing.length === 1 ? containing[0] : undefined;
  }
}

/** {@link Suggester.closest} for a one-off question. */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  return new Suggester(candidates).closest(word);
}
