import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import {
  CI_BODIES_PER_SEED,
  CI_SEEDS,
  coverage,
  describeOutcome,
  engineRequest,
  ensureSwarm,
  FOUND_CASES,
  foundCaseBodies,
  type GeneratedBody,
  generateBodies,
  judge,
  type Linter,
  type Outcome,
  othersUseSwarm,
  summarize,
} from "@enginekit/manifest-differential";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { runCaptured } from "./run-in-process.js";

/**
 * Differential test: `enginekit lint -t error` and the real engine (Debian docker.io 20.10, at each body's
 * API version from /v1.24/ to /v1.41/) agree on bodies generated from the api schemas
 * (`@enginekit/manifest-differential`, docs/manifests.md "Agreement with the engine"). A body the engine
 * refuses (at create, at start, or — services — when its one task fails or never runs) must have an error
 * finding; a body it runs must have none. Refusals that depend on the host, and unknown keys (reported on
 * purpose), are not counted.
 *
 * CI runs the fixed seeds `CI_SEEDS` (together they set every field of both schemas: the test fails on a
 * field left out) and the classes `pnpm explore-manifests` found on other seeds (`FOUND_CASES`: the engine
 * must still give the recorded verdict, and enginekit exactly the recorded number of errors);
 * `ENGINEKIT_DIFF_SEED=<seed>` (with `ENGINEKIT_DIFF_COUNT`) replays one seed instead.
 * New random seeds with minimal reproductions: `pnpm explore-manifests`. The engine is made a single-node
 * swarm on 127.0.0.1 for the services and leaves the swarm at the end.
 */
const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

const replay = process.env.ENGINEKIT_DIFF_SEED;
const runs: { seed: number; count: number; sweepOffset: number }[] = replay
  ? [
      {
        seed: Number(replay),
        count: Number(process.env.ENGINEKIT_DIFF_COUNT ?? CI_BODIES_PER_SEED),
        sweepOffset: 0,
      },
    ]
  : CI_SEEDS.map((seed, index) => ({
      seed,
      count: CI_BODIES_PER_SEED,
      sweepOffset: index * CI_BODIES_PER_SEED,
    }));

/** Runs `enginekit lint -f json -t error` on the bodies, one file each; returns the error lines per id. */
const cliLinter: Linter = async (bodies: readonly GeneratedBody[]) => {
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
};

describe(
  "enginekit lint agrees with the real engine on bodies generated from the schemas",
  skipIf(!host, NEEDS_ENGINE),
  () => {
    const engine = host ?? "";
    let joinedSwarm = false;
    const generated = runs.map((run) => ({ ...run, bodies: generateBodies(run.seed, run.count, run) }));
    const found = foundCaseBodies(Math.floor(Math.random() * 36 ** 3).toString(36));
    const serviceNames = new Set(
      [...generated, { bodies: found }].flatMap((run) =>
        run.bodies
          .filter((body) => body.kind === "service")
          .map((body) => String((JSON.parse(body.bodyText) as { Name?: unknown }).Name ?? "")),
      ),
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

    it("the seeds set every field of both schemas", () => {
      const cover = coverage(generated.flatMap((run) => run.bodies));
      console.log(`manifest differential: fields exercised ${cover.exercised} / ${cover.total}`);
      if (!replay) expect(cover.missing).toEqual([]);
    });

    it.each(generated)(
      "agrees on seed $seed ($count bodies; replay with ENGINEKIT_DIFF_SEED=$seed)",
      async ({ seed, count, bodies }) => {
        const outcomes: Outcome[] = await judge(engine, bodies, cliLinter);
        if (process.env.ENGINEKIT_DIFF_DUMP)
          writeFileSync(`${process.env.ENGINEKIT_DIFF_DUMP}.${seed}.json`, JSON.stringify(outcomes));
        const sum = summarize(outcomes);
        console.log(
          `manifest differential: seed ${seed}, ${count} bodies: agree on ${sum.agree} of ${sum.counted} counted (${sum.percent} %), ${sum.hostDependent} host-dependent and ${sum.deliberate} deliberate (unknown keys) not counted`,
        );
        const report = outcomes.filter((o) => o.class === "disagree").map(describeOutcome);
        if (report.length > 0) console.log(report.join("\n"));
        expect(report, `seed ${seed}`).toEqual([]);
      },
      600_000,
    );

    it("agrees on the classes explore-manifests found (FOUND_CASES)", async () => {
      // a replay judges its seed only
      if (replay) return;
      const outcomes = await judge(engine, found, cliLinter);
      const report: string[] = [];
      outcomes.forEach((outcome, index) => {
        const expected = FOUND_CASES[index]!;
        const engineOk =
          expected.engine === "runs"
            ? !outcome.engine.refused
            : outcome.engine.refused && expected.engine.test(outcome.engine.message);
        if (!engineOk || outcome.lintErrors.length !== expected.errors) {
          report.push(
            `${expected.found}: expected the engine to ${expected.engine === "runs" ? "run it" : `refuse it (${expected.engine})`} and ${expected.errors} error(s)\n  ${describeOutcome(outcome)}`,
          );
        }
      });
      if (report.length > 0) console.log(report.join("\n"));
      expect(report).toEqual([]);
    }, 300_000);
  },
);
