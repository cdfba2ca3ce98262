/**
 * Judging generated bodies: the engine's verdict (`engine-verdict.ts`, several bodies at a time) beside
 * enginekit's (the error findings of a linter the caller supplies), and each body's class — agreement,
 * disagreement, not counted because the host decides it (`host-dependent.ts`), or a deliberate difference:
 * an unknown key, which the engine's JSON decoder ignores and enginekit reports as an error on purpose (a
 * misspelt key silently loses its setting; docs/manifests.md "Deliberate differences").
 */
import { checkManifest } from "@enginekit/manifests";
import type { GeneratedBody } from "./bodies.js";
import { containerVerdict, type EngineVerdict, serviceVerdict } from "./engine-verdict.js";
import { hostDependentReason } from "./host-dependent.js";

/** enginekit's verdict on a body: its error findings as `code: message` lines. */
export type LintErrors = string[];

/** A linter: the error lines of each body, by id. */
export type Linter = (bodies: readonly GeneratedBody[]) => Promise<Map<number, LintErrors>>;

/** The library's verdict: `checkManifest`'s error findings (what `enginekit lint -t error` reports). */
export const libraryLinter: Linter = async (bodies) =>
  new Map(
    bodies.map((body) => [
      body.id,
      checkManifest(body.text, { fileName: `${body.id}.${body.kind}.json` })
        .findings.filter((f) => f.severity === "error")
        .map((f) => `${f.code}: ${f.message}`),
    ]),
  );

/** How a body came out. */
export type OutcomeClass = "agree" | "disagree" | "host-dependent" | "deliberate";

export interface Outcome {
  body: GeneratedBody;
  engine: EngineVerdict;
  lintErrors: LintErrors;
  class: OutcomeClass;
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of results. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The class of one body's verdicts (see the module comment). */
export function classify(engine: EngineVerdict, lintErrors: LintErrors): OutcomeClass {
  const lintRefuses = lintErrors.length > 0;
  if (engine.refused ? hostDependentReason(engine.message) !== undefined : false) return "host-dependent";
  if (!engine.refused && lintRefuses && engine.warnings.some((w) => hostDependentReason(w) !== undefined))
    return "host-dependent";
  if (engine.refused === lintRefuses) return "agree";
  if (!engine.refused && lintErrors.every((line) => /^manifest\/unknown-key\b/.test(line)))
    return "deliberate";
  return "disagree";
}

/** The engine's verdicts on `bodies`, `concurrency` at a time. */
export function engineVerdicts(host: string, bodies: readonly GeneratedBody[], concurrency = 4) {
  return pool(bodies, concurrency, async (body): Promise<EngineVerdict> => {
    try {
      return await (body.kind === "container" ? containerVerdict(host, body) : serviceVerdict(host, body));
    } catch (error) {
      // the engine closed the connection without an answer (a panic in its handler): it did not create it
      return {
        refused: true,
        stage: "create",
        message: `the engine answered nothing (${(error as Error).message})`,
      };
    }
  });
}

/** Judges `bodies` on the engine at `host` and with `lint`. */
export async function judge(
  host: string,
  bodies: readonly GeneratedBody[],
  lint: Linter,
  concurrency = 4,
): Promise<Outcome[]> {
  const [errors, verdicts] = await Promise.all([lint(bodies), engineVerdicts(host, bodies, concurrency)]);
  return bodies.map((body, index) => {
    const engine = verdicts[index]!;
    const lintErrors = errors.get(body.id) ?? [];
    return { body, engine, lintErrors, class: classify(engine, lintErrors) };
  });
}

/** One disagreement as text: the body, what the engine did, what enginekit said. */
export function describeOutcome(outcome: Outcome): string {
  const { body, engine } = outcome;
  const engineSide = engine.refused
    ? `engine refuses at ${engine.stage}: ${engine.message}`
    : "engine runs it";
  const lintSide =
    outcome.lintErrors.length > 0 ? `lint: ${outcome.lintErrors.join(" | ")}` : "lint: no error";
  return `#${body.id} ${body.kind} /v${body.apiVersion} [${body.labels.join(", ")}]\n    ${engineSide}\n    ${lintSide}\n    ${body.text}`;
}

/** Counts of a run's classes and the agreement rate over the counted bodies. */
export function summarize(outcomes: readonly Outcome[]): {
  agree: number;
  counted: number;
  hostDependent: number;
  deliberate: number;
  percent: string;
} {
  const count = (c: OutcomeClass) => outcomes.filter((o) => o.class === c).length;
  const agree = count("agree");
  const counted = agree + count("disagree");
  return {
    agree,
    counted,
    hostDependent: count("host-dependent"),
    deliberate: count("deliberate"),
    percent: ((100 * agree) / Math.max(1, counted)).toFixed(1),
  };
}
