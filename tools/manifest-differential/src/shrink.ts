/**
 * Shrinking a disagreement to a minimal reproduction (as property-testing tools shrink a counterexample):
 * drop one mutation at a time, and the unknown key or API version where the body keeps disagreeing without
 * it, re-judging each candidate on the engine and with the linter, until no single step keeps the
 * disagreement. The result is the smallest body found that the engine and enginekit still judge apart.
 */
import { buildBody, type GeneratedBody } from "./bodies.js";
import { judge, type Linter, type Outcome } from "./judge.js";

/** True when `candidate` disagrees the way `original` did (same side refuses). */
const sameDisagreement = (original: Outcome, candidate: Outcome) =>
  candidate.class === "disagree" && candidate.engine.refused === original.engine.refused;

/**
 * The minimal reproduction of a disagreeing `outcome` (at most `budget` re-judgements). Bodies built here
 * get ids from `firstId` up, so their names stay unique on the engine.
 */
export async function shrink(
  host: string,
  outcome: Outcome,
  lint: Linter,
  options: { budget?: number; firstId?: number } = {},
): Promise<Outcome> {
  let best = outcome;
  let budget = options.budget ?? 24;
  let id = options.firstId ?? 100_000;
  const rebuild = (
    body: GeneratedBody,
    mutations: GeneratedBody["mutations"],
    apiVersion = body.apiVersion,
  ) => buildBody(id++, body.kind, apiVersion, mutations, `s${id}`);
  let progress = true;
  while (progress && budget > 0) {
    progress = false;
    const { body } = best;
    const candidates: GeneratedBody[] = body.mutations.map((_, index) =>
      rebuild(
        body,
        body.mutations.filter((__, other) => other !== index),
      ),
    );
    if (body.apiVersion !== "1.41") candidates.push(rebuild(body, body.mutations, "1.41"));
    for (const candidate of candidates) {
      if (budget-- <= 0) break;
      if (candidate.mutations.length === 0) continue;
      const [judged] = await judge(host, [candidate], lint, 1);
      if (judged && sameDisagreement(outcome, judged)) {
        best = judged;
        progress = true;
        break;
      }
    }
  }
  return best;
}
