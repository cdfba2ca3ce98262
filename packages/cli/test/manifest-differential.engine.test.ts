import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { type GeneratedBody, generateBodies } from "./differential/bodies.js";
import {
  containerVerdict,
  type EngineVerdict,
  engineRequest,
  ensureSwarm,
  othersUseSwarm,
  serviceVerdict,
} from "./differential/engine-verdict.js";
import { hostDependentReason } from "./differential/host-dependent.js";
import { runCaptured } from "./run-in-process.js";

/**
 * Differential test: `enginekit lint -t error` and the real engine (Debian docker.io 20.10, `/v1.24/`) agree
 * on seeded random container and service bodies (docs/manifests.md, "Agreement with the engine"). A body
 * the engine refuses (at create, or when the container starts) must have an error finding; a body it
 * creates and starts must have none. Refusals that depend on the host (`host-dependent.ts`) are not counted.
 *
 * A fresh seed each run, printed; replay one with `ENGINEKIT_DIFF_SEED=<seed>`; `ENGINEKIT_DIFF_COUNT` sets
 * the number of bodies (default 240, about a minute). The engine is made a single-node swarm on
 * 127.0.0.1 for the services and leaves the swarm at the end.
 */
const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

const seed = Number(process.env.ENGINEKIT_DIFF_SEED ?? Math.floor(Math.random() * 2 ** 31));
const count = Number(process.env.ENGINEKIT_DIFF_COUNT ?? 240);
const CONCURRENCY = 4;

interface Outcome {
  body: GeneratedBody;
  engine: EngineVerdict;
  lintErrors: string[];
}

/** Runs `enginekit lint -f json -t error` on the bodies, one file each; returns the error messages per id. */
async function lintVerdicts(bodies: GeneratedBody[]): Promise<Map<number, string[]>> {
  const dir = mkdtempSync(join(tmpdir(), "ek-diff-"));
  try {
    for (const body of bodies) writeFileSync(join(dir, `${body.id}.${body.kind}.json`), body.text);
    const { stdout, stderr } = await runCaptured(["lint", "-f", "json", "--no-config", "-t", "error", dir]);
    if (!stdout) throw new Error(`enginekit lint printed nothing: ${stderr}`);
    const report = JSON.parse(stdout) as {
      files: { path: string; findings: { ruleId: string; severity: string; message: string }[] }[];
    };
    const errors = new Map<number, string[]>(bodies.map((body) => [body.id, []]));
    for (const file of report.files) {
      const id = Number(/(\d+)\.(?:container|service)\.json$/.exec(file.path)?.[1]);
      errors.set(
        id,
        file.findings.filter((f) => f.severity === "error").map((f) => `${f.ruleId}: ${f.message}`),
      );
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of results. */
async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
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

describe(
  "enginekit lint agrees with the real engine on generated bodies",
  skipIf(!host, NEEDS_ENGINE),
  () => {
    const engine = host ?? "";
    let joinedSwarm = false;
    const bodies = generateBodies(seed, count);
    const serviceNames = new Set(
      bodies
        .filter((body) => body.kind === "service")
        .map((body) => String((JSON.parse(body.text) as { Name?: unknown }).Name ?? "")),
    );

    beforeAll(async () => {
      joinedSwarm = await ensureSwarm(engine);
    }, 60_000);

    afterAll(async () => {
      // Leave the swarm this suite made, unless another suite sharing the engine has services on it.
      if (joinedSwarm && !(await othersUseSwarm(engine, serviceNames))) {
        await engineRequest(engine, "POST", "/v1.24/swarm/leave?force=1");
      }
    }, 60_000);

    it(`agrees on ${count} bodies (seed ${seed}; replay with ENGINEKIT_DIFF_SEED=${seed})`, async () => {
      console.log(
        `manifest differential: seed ${seed}, ${count} bodies (ENGINEKIT_DIFF_SEED=${seed} replays)`,
      );
      const lint = await lintVerdicts(bodies);
      const containers = bodies.filter((body) => body.kind === "container");
      const services = bodies.filter((body) => body.kind === "service");
      const verdicts = new Map<number, EngineVerdict>();
      const containerResults = await pool(containers, CONCURRENCY, (body) => containerVerdict(engine, body));
      for (const [i, body] of containers.entries()) verdicts.set(body.id, containerResults[i]!);
      for (const body of services) verdicts.set(body.id, await serviceVerdict(engine, body));

      const outcomes: Outcome[] = bodies.map((body) => ({
        body,
        engine: verdicts.get(body.id)!,
        lintErrors: lint.get(body.id) ?? [],
      }));
      if (process.env.ENGINEKIT_DIFF_DUMP)
        writeFileSync(process.env.ENGINEKIT_DIFF_DUMP, JSON.stringify(outcomes));
      const hostDependent = outcomes.filter((o) =>
        o.engine.refused
          ? hostDependentReason(o.engine.message) !== undefined
          : o.lintErrors.length > 0 && o.engine.warnings.some((w) => hostDependentReason(w) !== undefined),
      );
      const counted = outcomes.filter((o) => !hostDependent.includes(o));
      const disagreements = counted.filter((o) => o.engine.refused !== o.lintErrors.length > 0);
      const agree = counted.length - disagreements.length;
      console.log(
        `manifest differential: agree on ${agree} of ${counted.length} (${((100 * agree) / Math.max(1, counted.length)).toFixed(1)} %), ${hostDependent.length} host-dependent refusals not counted`,
      );
      const report = disagreements.map((o) => {
        const engineSide = o.engine.refused
          ? `engine refuses at ${o.engine.stage}: ${o.engine.message}`
          : "engine runs it";
        const lintSide = o.lintErrors.length > 0 ? `lint: ${o.lintErrors.join(" | ")}` : "lint: no error";
        return `#${o.body.id} ${o.body.kind} [${o.body.labels.join(", ")}]\n    ${engineSide}\n    ${lintSide}\n    ${o.body.text}`;
      });
      if (report.length > 0) console.log(report.join("\n"));
      expect(report, `seed ${seed}`).toEqual([]);
    }, 300_000);
  },
);
