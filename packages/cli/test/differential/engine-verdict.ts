/**
 * The real engine's verdict on a generated body (see `bodies.ts`): containers are created
 * (`POST /v1.24/containers/create?name=…`), started and removed; services are created
 * (`POST /v1.24/services/create`) and removed. The body's text is sent as it is, so a whole-number float
 * reaches the engine's JSON decoder exactly as it was linted. Plain `node:http` over the engine's Unix socket
 * or TCP address.
 */
import { type EngineReply, engineRequest } from "@enginekit/engine-tools";
import type { GeneratedBody } from "./bodies.js";

export { engineRequest };

/**
 * What the engine did with a body: `refused` with its message (at create, at start, or — services — when
 * the swarm cannot allocate the published ports so no task can start, or — bodies that run one task: one
 * replica, or a global service on the test's one-node swarm — when the first task fails or is rejected),
 * or accepted with the create
 * response's `Warnings` (settings the engine discarded because the host lacks a feature).
 */
export type EngineVerdict =
  | { refused: false; warnings: string[] }
  | { refused: true; stage: "create" | "start" | "allocate" | "task"; message: string };

function messageOf(reply: EngineReply): string {
  try {
    return (JSON.parse(reply.text) as { message?: string }).message ?? reply.text;
  } catch {
    return reply.text;
  }
}

/** Creates, starts and removes a container; the verdict is the first refusal. */
export async function containerVerdict(host: string, generated: GeneratedBody): Promise<EngineVerdict> {
  const query = generated.name === undefined ? "" : `?name=${encodeURIComponent(generated.name)}`;
  const created = await engineRequest(host, "POST", `/v1.24/containers/create${query}`, generated.bodyText);
  if (created.status !== 201) return { refused: true, stage: "create", message: messageOf(created) };
  const { Id: id, Warnings: warnings } = JSON.parse(created.text) as {
    Id: string;
    Warnings?: string[] | null;
  };
  try {
    const started = await engineRequest(host, "POST", `/v1.24/containers/${id}/start`);
    if (started.status >= 400) return { refused: true, stage: "start", message: messageOf(started) };
    return { refused: false, warnings: warnings ?? [] };
  } finally {
    await engineRequest(host, "DELETE", `/v1.24/containers/${id}?force=1&v=1`);
  }
}

/** The swarm state of the engine: `active`, `inactive`, … (`GET /info` `Swarm.LocalNodeState`). */
export async function swarmState(host: string): Promise<string | undefined> {
  const info = JSON.parse((await engineRequest(host, "GET", "/v1.24/info")).text) as {
    Swarm?: { LocalNodeState?: string };
  };
  return info.Swarm?.LocalNodeState;
}

/**
 * Makes the engine a single-node swarm on 127.0.0.1 unless it already is one (another suite sharing the
 * engine may have made it one). Resolves true when this call initialised it.
 */
export async function ensureSwarm(host: string): Promise<boolean> {
  if ((await swarmState(host)) === "active") return false;
  const init = await engineRequest(
    host,
    "POST",
    "/v1.24/swarm/init",
    JSON.stringify({ ListenAddr: "127.0.0.1:0", AdvertiseAddr: "127.0.0.1" }),
  );
  if (init.status === 200) return true;
  if (/already part of a swarm/i.test(init.text)) return false;
  throw new Error(`swarm init: ${init.status} ${init.text}`);
}

/** A refusal that says the engine is not (or no longer) a swarm manager: not the body's fault. */
const NOT_A_MANAGER = /not a swarm manager|not part of a swarm/i;

/**
 * Creates and removes a service. When another suite sharing the engine made it leave the swarm meanwhile,
 * the swarm is initialised again and the body sent again (once).
 */
export async function serviceVerdict(host: string, generated: GeneratedBody): Promise<EngineVerdict> {
  let created = await engineRequest(host, "POST", "/v1.24/services/create", generated.text);
  if (NOT_A_MANAGER.test(created.text)) {
    await ensureSwarm(host);
    created = await engineRequest(host, "POST", "/v1.24/services/create", generated.text);
  }
  if (created.status !== 201) return { refused: true, stage: "create", message: messageOf(created) };
  const id = (JSON.parse(created.text) as { ID: string }).ID;
  try {
    const spec = JSON.parse(generated.bodyText) as { EndpointSpec?: { Ports?: unknown[] } };
    const published = spec.EndpointSpec?.Ports?.length ?? 0;
    if (published > 0 && !(await portsAllocated(host, id))) {
      return {
        refused: true,
        stage: "allocate",
        message: "the swarm did not allocate the published ports: no task of the service can start",
      };
    }
    // one task: one replica, or a global service on the test's one-node swarm
    const mode = (
      JSON.parse(generated.bodyText) as { Mode?: { Replicated?: { Replicas?: number }; Global?: unknown } }
    ).Mode;
    if (mode?.Replicated?.Replicas === 1 || (mode?.Global !== undefined && mode.Replicated === undefined)) {
      const failure = await firstTaskFailure(host, id);
      if (failure) return { refused: true, stage: "task", message: failure };
    }
    return { refused: false, warnings: [] };
  } finally {
    await engineRequest(host, "DELETE", `/v1.24/services/${id}`);
  }
}

/**
 * Watches the service's tasks (up to 8 s): the error of the first task that fails or is rejected, or
 * undefined once one runs (or when none has settled in time).
 */
async function firstTaskFailure(host: string, id: string): Promise<string | undefined> {
  const filters = encodeURIComponent(JSON.stringify({ service: [id] }));
  for (let attempt = 0; attempt < 40; attempt++) {
    const reply = await engineRequest(host, "GET", `/v1.24/tasks?filters=${filters}`);
    const tasks = JSON.parse(reply.text) as { Status?: { State?: string; Err?: string } }[];
    const failed = tasks.find((task) => ["failed", "rejected"].includes(task.Status?.State ?? ""));
    if (failed) return `a task ${failed.Status?.State}: ${failed.Status?.Err ?? ""}`;
    if (tasks.some((task) => task.Status?.State === "running")) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return undefined;
}

/**
 * True when services other than the differential test's own (`ekdiff-` names and the names its
 * generator made unique) exist: another suite is using the swarm, so it must not be left yet.
 */
export async function othersUseSwarm(host: string, ours: ReadonlySet<string>): Promise<boolean> {
  const reply = await engineRequest(host, "GET", "/v1.24/services");
  if (reply.status !== 200) return false;
  const services = JSON.parse(reply.text) as { Spec?: { Name?: string } }[];
  return services.some((service) => !ours.has(service.Spec?.Name ?? ""));
}

/** Polls the service (up to 3 s) until its endpoint has ports allocated. */
async function portsAllocated(host: string, id: string): Promise<boolean> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const reply = await engineRequest(host, "GET", `/v1.24/services/${id}`);
    const service = JSON.parse(reply.text) as { Endpoint?: { Ports?: unknown[] } };
    if ((service.Endpoint?.Ports?.length ?? 0) > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
