/**
 * Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions, each substring edited
 * at most once) between `a` and `b`, in UTF-16 code units. Stops early and returns `limit + 1` once the
 * distance must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
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
 * The candidate closest to `word`, for "did you mean" messages: first a case-insensitive exact match (the
 * engine's keys are PascalCase, so `memory` → `Memory`), then the smallest case-insensitive edit distance
 * when it is at most a third of the word's length (at least 1, at most 3), then the one candidate that
 * contains the word (4 characters or more, case-insensitive: `Attempts` → `MaxAttempts`, the name the v1.24
 * document's example uses, lint-anchors §8). Ties go to the earlier candidate. Returns `undefined` when
 * nothing is close enough.
 */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const list = [...candidates];
  const exact = list.find((candidate) => candidate.toLowerCase() === lower);
  if (exact !== undefined) return exact === word ? undefined : exact;
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of list) {
    const distance = editDistance(lower, candidate.toLowerCase(), Math.min(bestDistance - 1, limit));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined || lower.length < 4) return best;
  const containing = list.filter((candidate) => candidate.toLowerCase().includes(lower));
  return containing.length === 1 ? containing[0] : undefined;
}
