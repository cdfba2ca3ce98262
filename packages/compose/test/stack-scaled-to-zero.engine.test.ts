/**
 * A swarm service scaled to 0 (`deploy.replicas: 0`) on the real engine (Debian docker.io 20.10, made a
 * single-node swarm): what only a task's start refuses (a relative `working_dir`, a soft ulimit above its
 * hard one, `ContainerSpec.Dir`/`Ulimits` of `@enginekit/manifests` validate/task-level.ts) is created by the
 * engine when the service runs no task, and every task is refused with one replica. The stack check's verdict
 * (its error findings, as the stack differential counts them) equals the engine's for both: no error at 0
 * replicas (an advisory says the tasks will fail once scaled up), an engine-limit error at 1. The engine
 * verdict is `@enginekit/manifest-differential`'s `serviceVerdict` (refused at create, or the first task of a
 * service that runs tasks fails). It runs on a private engine of its own (`startEngine`): suites sharing the
 * CI engine join and leave its swarm, which left every service refused at create in CI. Skips without an
 * engine.
 */
import {
  BUSYBOX_IMAGE,
  engineHostForTests,
  NO_ENGINE_MESSAGE,
  type StartedEngine,
  startEngine,
} from "@enginekit/engine-tools";
import { classify, engineVerdicts, ensureSwarm } from "@enginekit/manifest-differential";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import {
  checkProject,
  loadProject,
  memoryFileSystem,
  stackFindings,
  targetApiVersion,
} from "../src/index.js";
import { stackServiceBody } from "./stack-cases.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

const STACK = "ekzero";
/** Task-level refusals (and one valid service), each tried with 0 and 1 replica. */
const CASES: Record<string, string> = {
  "relative working_dir": "working_dir: tmp",
  "soft ulimit above hard": "ulimits: {nofile: {soft: 2048, hard: 1024}}",
  valid: "working_dir: /tmp",
};

describe(
  "a swarm service scaled to 0: the stack check's verdict is the engine's",
  skipIf(!host, NEEDS_ENGINE),
  () => {
    let privateEngine: StartedEngine | undefined;
    beforeAll(async () => {
      privateEngine = await startEngine({ timeoutSeconds: 60 });
      await ensureSwarm(privateEngine.host);
    }, 90_000);
    afterAll(async () => {
      await privateEngine?.stop();
    }, 90_000);
    const cases = Object.entries(CASES).flatMap(([name, line], index) =>
      [0, 1].map((replicas) => ({
        name: `${name}, ${replicas} replica${replicas === 1 ? "" : "s"}`,
        line,
        replicas,
        id: index * 2 + replicas,
      })),
    );

    test("created at 0 replicas (an advisory), refused at task start with 1 (an error)", async () => {
      const engine = privateEngine!.host;
      const judged = cases.map((c) => {
        const yaml = [
          `name: ${STACK}`,
          "services:",
          `  s${c.id}:`,
          `    image: ${BUSYBOX_IMAGE}`,
          "    command: sleep 600",
          `    ${c.line}`,
          `    deploy: {mode: replicated, replicas: ${c.replicas}}`,
          "",
        ].join("\n");
        const project = loadProject({
          workingDir: "/p",
          environment: {},
          fileSystem: memoryFileSystem({ "/p/compose.yaml": yaml }),
        });
        const findings = [
          ...checkProject(project, { engine: false }),
          ...stackFindings(project, targetApiVersion(project), "always"),
        ];
        const errors = findings.filter((f) => f.severity === "error").map((f) => `${f.code}: ${f.message}`);
        const advisories = findings.filter((f) => f.code === "compose/engine-advisory").map((f) => f.message);
        const body = stackServiceBody(project, c.id, yaml);
        return { c, errors, advisories, body };
      });
      const verdicts = await engineVerdicts(
        engine,
        judged.map((j) => j.body),
        2,
      );
      const outcomes = judged.map(({ c, errors, advisories }, index) => {
        const verdict = verdicts[index]!;
        return {
          case: c.name,
          engine: verdict.refused ? `refused at ${verdict.stage}` : "created",
          enginekit: errors.length > 0 ? "error" : advisories.length > 0 ? "advisory" : "clean",
          agree: classify(verdict, errors) === "agree",
        };
      });
      const messages = verdicts.map((v) => (v.refused ? v.message : "created"));
      expect(outcomes, `the engine's answers: ${JSON.stringify(messages)}`).toEqual([
        { case: "relative working_dir, 0 replicas", engine: "created", enginekit: "advisory", agree: true },
        {
          case: "relative working_dir, 1 replica",
          engine: "refused at task",
          enginekit: "error",
          agree: true,
        },
        { case: "soft ulimit above hard, 0 replicas", engine: "created", enginekit: "advisory", agree: true },
        {
          case: "soft ulimit above hard, 1 replica",
          engine: "refused at task",
          enginekit: "error",
          agree: true,
        },
        { case: "valid, 0 replicas", engine: "created", enginekit: "clean", agree: true },
        { case: "valid, 1 replica", engine: "created", enginekit: "clean", agree: true },
      ]);
    }, 300_000);
  },
);
