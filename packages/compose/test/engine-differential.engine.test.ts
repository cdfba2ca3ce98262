/**
 * Differential test: the engine layer (`compose/engine-limit` errors) and the real engine (Debian docker.io
 * 20.10, API 1.41) agree on seeded random Compose services (docs/compose.md "Agreement with the engine").
 * Each service sets values around the engine's limits (memory, swap, blkio weight, healthcheck durations,
 * CPU period and quota, OOM score, shm size, restart policy); it is loaded and checked as a Compose file, then
 * translated into its create body (`engineBodies`) and created and started on the engine. A service the
 * engine refuses must have an engine-limit error; one it creates and starts must have none. Refusals and
 * create warnings that depend on the host (kernel features, privileges) are not counted.
 *
 * Seed: `ENGINEKIT_COMPOSE_DIFF_SEED` (default 20261128, fixed so CI is repeatable); count:
 * `ENGINEKIT_COMPOSE_DIFF_COUNT` (default 120). The services use `network_mode: none` (the test engine has
 * no bridge) and the busybox image tools/engine loads.
 *
 * The second suite does the same for `docker stack deploy`: seeded services with `deploy` sections (mode,
 * replicas, resources, restart_policy, update_config, rollback_config, placement, endpoint_mode) and the
 * fields the converter moves into the `ContainerSpec` (healthcheck, stop_grace_period, ulimits, sysctls,
 * working_dir, cap_add), each translated into its service spec (`translateStack`) and created on the engine
 * made a single-node swarm, as the manifest differential creates services (`@enginekit/manifest-differential`
 * `serviceVerdict`: refused at create, or the first task fails, is rejected or never runs; one replica).
 * enginekit's verdict is its error findings with every service judged as a swarm service: the loader's, the
 * schema's and consistency's, and the stack check's (not the container check's: `docker stack deploy` does
 * not send a container create body). Seed `ENGINEKIT_COMPOSE_DIFF_SEED` as above, count
 * `ENGINEKIT_COMPOSE_STACK_DIFF_COUNT` (default 80). The services are `s<n>` of one project `ekstack`, with
 * one replica or global; their `TaskTemplate.Networks` (the project's overlay network) is left out, because
 * overlay (vxlan) interfaces of several engines on one machine collide, which is counted as host-dependent
 * where the ingress network meets it too.
 */
import {
  BUSYBOX_IMAGE,
  engineHostForTests,
  engineRequest,
  NO_ENGINE_MESSAGE,
  seededRandom,
} from "@enginekit/engine-tools";
import { classify, engineVerdicts } from "@enginekit/manifest-differential";
import { describe, expect, test } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import {
  checkProject,
  engineBodies,
  loadProject,
  memoryFileSystem,
  stackFindings,
  targetApiVersion,
} from "../src/index.js";
import { generateStackCases, STACK, stackServiceBody, swarmForSuite } from "./stack-cases.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);
const seed = Number(process.env.ENGINEKIT_COMPOSE_DIFF_SEED ?? 20261128);
const count = Number(process.env.ENGINEKIT_COMPOSE_DIFF_COUNT ?? 120);

/** Values tried per key: below, at and above the engine's bounds, and ordinary ones. */
const CHOICES: Record<string, readonly string[]> = {
  mem_limit: ["4m", "6291455b", "6m", "64m", "512m"],
  memswap_limit: ["-1", "5m", "64m", "1g"],
  mem_reservation: ["4m", "6m", "32m"],
  "blkio_config.weight": ["5", "9", "10", "500", "1000", "1001"],
  "healthcheck.interval": ["500us", "999us", "1ms", "30s"],
  "healthcheck.timeout": ["1us", "1ms", "10s"],
  "healthcheck.start_period": ["100us", "0s", "5s"],
  cpu_period: ["999", "1000", "100000", "1000000", "1000001"],
  cpu_quota: ["999", "1000", "50000"],
  cpu_shares: ["2", "512", "1024"],
  oom_score_adj: ["-1001", "0", "500", "1000", "1001"],
  shm_size: ["0", "64m", "256m"],
  pids_limit: ["-1", "64", "4096"],
  restart: ["no", "always", "on-failure:3", "unless-stopped", "sometimes"],
};

interface Case {
  id: number;
  yaml: string;
}

function generate(): Case[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const cases: Case[] = [];
  for (let id = 0; id < count; id++) {
    const keys = Object.keys(CHOICES).filter(() => random() < 0.3);
    const service: Record<string, unknown> = {};
    const healthcheck: Record<string, string> = {};
    for (const key of keys) {
      const value = pick(CHOICES[key]!);
      if (key.startsWith("healthcheck.")) healthcheck[key.slice(12)] = value;
      else if (key === "blkio_config.weight") service.blkio_config = { weight: Number(value) };
      else service[key] = /^-?\d+$/.test(value) && key !== "restart" ? Number(value) : value;
    }
    if (Object.keys(healthcheck).length > 0) service.healthcheck = { test: ["CMD", "true"], ...healthcheck };
    const lines = [
      "services:",
      "  s:",
      `    image: ${BUSYBOX_IMAGE}`,
      "    command: [sleep, '1']",
      "    network_mode: none",
      ...Object.entries(service).map(([key, value]) => `    ${key}: ${JSON.stringify(value)}`),
      "",
    ];
    cases.push({ id, yaml: lines.join("\n") });
  }
  return cases;
}

const HOST_DEPENDENT =
  /kernel does not support|not supported|discarded|permission denied|operation not permitted|can't get final child's PID/i;

/** The engine's verdict: refused (with its message), accepted, or host-dependent (not counted). */
async function verdict(
  body: unknown,
): Promise<{ refused: boolean; message: string; hostDependent: boolean }> {
  const created = await engineRequest(host!, "POST", "/v1.41/containers/create", JSON.stringify(body));
  if (created.status !== 201) {
    const message = created.text;
    return { refused: true, message, hostDependent: HOST_DEPENDENT.test(message) };
  }
  const { Id: id, Warnings: warnings } = JSON.parse(created.text) as {
    Id: string;
    Warnings?: string[] | null;
  };
  try {
    const started = await engineRequest(host!, "POST", `/v1.41/containers/${id}/start`);
    if (started.status >= 400)
      return { refused: true, message: started.text, hostDependent: HOST_DEPENDENT.test(started.text) };
    const warned = (warnings ?? []).join("; ");
    return { refused: false, message: warned, hostDependent: HOST_DEPENDENT.test(warned) };
  } finally {
    await engineRequest(host!, "DELETE", `/v1.41/containers/${id}?force=1&v=1`);
  }
}

describe(
  `compose engine layer agrees with the real engine (seed ${seed}, ${count} services)`,
  skipIf(!host, NEEDS_ENGINE),
  () => {
    test("every refusal is an engine-limit error, every accepted service has none", async () => {
      const disagreements: string[] = [];
      let refused = 0;
      let accepted = 0;
      let hostDependent = 0;
      for (const c of generate()) {
        const project = loadProject({
          workingDir: "/p",
          environment: {},
          fileSystem: memoryFileSystem({ "/p/compose.yaml": c.yaml }),
        });
        const errors = checkProject(project)
          .filter((f) => f.severity === "error")
          .map((f) => `${f.code}: ${f.message}`);
        const body = engineBodies(project).s!.body;
        const engine = await verdict(body);
        if (engine.hostDependent) {
          hostDependent++;
          continue;
        }
        if (engine.refused) refused++;
        else accepted++;
        if (engine.refused !== errors.length > 0)
          disagreements.push(
            `#${c.id} engine ${engine.refused ? `refused: ${engine.message.trim()}` : "accepted"}; enginekit: ${errors.join(" | ") || "no error"}\n${c.yaml}`,
          );
      }
      console.log(
        `compose differential (seed ${seed}): ${refused} refused, ${accepted} accepted, ${hostDependent} host-dependent, ${disagreements.length} disagreements`,
      );
      expect(disagreements).toEqual([]);
    }, 600_000);
  },
);

/** The ingress network's vxlan interface collides with another engine's on the same host (not the spec's fault). */
const VXLAN = /error creating vxlan interface/;

const stackCount = Number(process.env.ENGINEKIT_COMPOSE_STACK_DIFF_COUNT ?? 80);

describe(
  `compose stack check agrees with the real engine's swarm (seed ${seed}, ${stackCount} services)`,
  skipIf(!host, NEEDS_ENGINE),
  () => {
    const engine = host ?? "";
    const cases = generateStackCases(seed, stackCount);
    swarmForSuite(engine, new Set(cases.map((c) => `${STACK}_s${c.id}`)));

    test("every refusal is an engine-limit error, every service that runs has none", async () => {
      const judged = cases.map((c) => {
        const project = loadProject({
          workingDir: "/p",
          environment: {},
          fileSystem: memoryFileSystem({ "/p/compose.yaml": c.yaml }),
        });
        const target = targetApiVersion(project);
        const errors = [
          ...checkProject(project, { engine: false }),
          ...stackFindings(project, target, "always"),
        ]
          .filter((f) => f.severity === "error")
          .map((f) => `${f.code}: ${f.message}`);
        const body = stackServiceBody(project, c.id, c.yaml);
        return { c, errors, body };
      });
      const verdicts = await engineVerdicts(
        engine,
        judged.map((j) => j.body),
        4,
      );
      const counts = { refused: 0, accepted: 0, hostDependent: 0 };
      const disagreements: string[] = [];
      judged.forEach(({ c, errors }, index) => {
        const verdict = verdicts[index]!;
        const outcome = classify(verdict, errors);
        if (outcome === "host-dependent" || (verdict.refused && VXLAN.test(verdict.message))) {
          counts.hostDependent++;
          return;
        }
        if (verdict.refused) counts.refused++;
        else counts.accepted++;
        if (outcome !== "agree")
          disagreements.push(
            `#${c.id} engine ${verdict.refused ? `refused at ${verdict.stage}: ${verdict.message.trim()}` : "ran it"}; enginekit: ${errors.join(" | ") || "no error"}\n${c.yaml}`,
          );
      });
      console.log(
        `compose stack differential (seed ${seed}): ${cases.length} services, ${counts.refused} refused, ${counts.accepted} accepted, ${counts.hostDependent} host-dependent, ${disagreements.length} disagreements`,
      );
      expect(disagreements).toEqual([]);
    }, 900_000);
  },
);
