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
 */
import {
  BUSYBOX_IMAGE,
  engineHostForTests,
  engineRequest,
  NO_ENGINE_MESSAGE,
  seededRandom,
} from "@enginekit/engine-tools";
import { describe, expect, test } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { checkProject, engineBodies, loadProject, memoryFileSystem } from "../src/index.js";

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
