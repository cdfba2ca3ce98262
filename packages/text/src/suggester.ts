/**
 * Closest-match suggestions ("did you mean") over a candidate list, by the {@link editDistance} of
 * `./edit-distance.ts`: used for manifest kinds and keys, secret paths, rule ids, flags, stages and variables.
 */
import { editDistance } from "./edit-distance.js";

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
