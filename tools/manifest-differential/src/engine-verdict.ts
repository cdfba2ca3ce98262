/**
 * The real engine's verdict on a generated body (see `bodies.ts`), at the body's API version: containers are
 * created (`POST /v<version>/containers/create?name=…`), started and removed; services are created
 * (`POST /v<version>/services/create`), judged by their task — the first task reaches `running` (accepted) or
 * fails, is rejected or never starts (refused) — and removed. The body's text is sent as it is, so a
 * whole-number float reaches the engine's JSON decoder exactly as it was linted. Plain `node:http` over the
 * engine's Unix socket or TCP address.
 */
import { type EngineReply, engineRequest } from "@enginekit/engine-tools";
import type { GeneratedBody } from "./bodies.js";

export { engineRequest };

/**
 * What the engine did with a body: `refused` with its message (at create, at start, or — services — when
 * the swarm cannot allocate the published ports so no task can start, or when the service runs tasks and
 * its first task fails, is rejected or does not reach `running` in time), or accepted with the create
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
  const v = `/v${generated.apiVersion}`;
  const created = await engineRequest(host, "POST", `${v}/containers/create${query}`, generated.bodyText);
  if (created.status !== 201) return { refused: true, stage: "create", message: messageOf(created) };
  const { Id: id, Warnings: warnings } = JSON.parse(created.text) as {
    Id: string;
    Warnings?: string[] | null;
  };
  try {
    const started = await engineRequest(host, "POST", `${v}/containers/${id}/start`);
    if (started.status >= 400) return { refused: true, stage: "start", message: messageOf(started) };
    return { refused: false, warnings: warnings ?? [] };
  } finally {
    await engineRequest(host, "DELETE", `${v}/containers/${id}?force=1&v=1`);
  }
}

/**
 * The swarm state of the engine: `active`, `inactive`, … (`GET /info` `Swarm.LocalNodeState`), or `broken`
 * for a node that says `active` with an `Error` and no node ID: the 20.10 engine's state after one suite
 * left the swarm while another was joining it (`rpc error: code = Canceled desc = grpc: the client
 * connection is closing`), in which it refuses every service and stays until the swarm is left.
 */
export async function swarmState(host: string): Promise<string | undefined> {
  const info = JSON.parse((await engineRequest(host, "GET", "/v1.24/info")).text) as {
    Swarm?: { LocalNodeState?: string; NodeID?: string; Error?: string };
  };
  const swarm = info.Swarm;
  if (swarm?.LocalNodeState === "active" && swarm.Error && !swarm.NodeID) return "broken";
  return swarm?.LocalNodeState;
}

/**
 * Makes the engine a single-node swarm on 127.0.0.1 unless it already is one (another suite sharing the
 * engine may have made it one); a `broken` one (see {@link swarmState}) is left and made anew, since it
 * serves no suite. Resolves true when this call initialised it.
 */
export async function ensureSwarm(host: string): Promise<boolean> {
  const state = await swarmState(host);
  if (state === "active") return false;
  if (state === "broken") await engineRequest(host, "POST", "/v1.24/swarm/leave?force=1");
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

/**
 * A refusal that says the engine is not (or no longer) a working swarm manager: not the body's fault (the
 * last: the `broken` state of {@link swarmState}).
 */
const NOT_A_MANAGER = /not a swarm manager|not part of a swarm|grpc: the client connection is closing/i;

/**
 * Creates and removes a service. When another suite sharing the engine made it leave the swarm meanwhile,
 * the swarm is initialised again and the body sent again (once).
 */
export async function serviceVerdict(host: string, generated: GeneratedBody): Promise<EngineVerdict> {
  const v = `/v${generated.apiVersion}`;
  let created = await engineRequest(host, "POST", `${v}/services/create`, generated.bodyText);
  if (NOT_A_MANAGER.test(created.text)) {
    await ensureSwarm(host);
    created = await engineRequest(host, "POST", `${v}/services/create`, generated.bodyText);
  }
  if (created.status !== 201) return { refused: true, stage: "create", message: messageOf(created) };
  const id = (JSON.parse(created.text) as { ID: string }).ID;
  try {
    const spec = JSON.parse(generated.bodyText) as { EndpointSpec?: { Ports?: unknown }; Mode?: unknown };
    const published = Array.isArray(spec.EndpointSpec?.Ports) ? spec.EndpointSpec.Ports.length : 0;
    if (published > 0 && !(await portsAllocated(host, id))) {
      return {
        refused: true,
        stage: "allocate",
        message: "the swarm did not allocate the published ports: no task of the service can start",
      };
    }
    if (runsTasks(spec.Mode)) {
      const failure = await firstTaskFailure(host, id);
      if (failure) return { refused: true, stage: "task", message: failure };
    }
    return { refused: false, warnings: [] };
  } finally {
    await engineRequest(host, "DELETE", `/v1.24/services/${id}`);
  }
}

/**
 * Whether a service `Mode` as the engine read it runs a task (the test's swarm has one node): omitted or
 * `{}` (one replica), `Replicated` with `Replicas` omitted or above 0, `Global`, or a job.
 */
function runsTasks(mode: unknown): boolean {
  if (mode === undefined || mode === null) return true;
  if (typeof mode !== "object" || Array.isArray(mode)) return false;
  const m = mode as Record<string, unknown>;
  if (["Global", "ReplicatedJob", "GlobalJob"].some((key) => m[key] !== undefined && m[key] !== null))
    return true;
  const replicated = m.Replicated as { Replicas?: unknown } | null | undefined;
  if (replicated === undefined || replicated === null) return true;
  const replicas = replicated.Replicas;
  return replicas === undefined || replicas === null || (typeof replicas === "number" && replicas > 0);
}

/** How long a service's first task may take to reach `running` (busybox, a local image). */
const TASK_DEADLINE_MS = 8_000;

/**
 * Watches the service's tasks: the error of the first task that fails or is rejected; undefined once one
 * runs (or completes: a job), or when one is still `starting` at the deadline (its container runs and waits
 * for a first health check, which may take its interval; a task that fails to start passes through
 * `starting` too, so that state alone decides nothing before the deadline); otherwise a message with the
 * last state and error (`pending: no suitable node …`).
 */
async function firstTaskFailure(host: string, id: string): Promise<string | undefined> {
  const filters = encodeURIComponent(JSON.stringify({ service: [id] }));
  const deadline = Date.now() + TASK_DEADLINE_MS;
  let last = "no task created";
  let starting = false;
  while (Date.now() < deadline) {
    const reply = await engineRequest(host, "GET", `/v1.24/tasks?filters=${filters}`);
    const tasks = JSON.parse(reply.text) as { Status?: { State?: string; Err?: string; Message?: string } }[];
    const failed = tasks.find((task) => ["failed", "rejected"].includes(task.Status?.State ?? ""));
    // a task whose command ran and exited non-zero started: the program's outcome, not the body's
    if (failed && /non-zero exit/.test(failed.Status?.Err ?? "")) return undefined;
    if (failed) return `a task ${failed.Status?.State}: ${failed.Status?.Err ?? ""}`;
    if (tasks.some((task) => ["running", "complete"].includes(task.Status?.State ?? ""))) return undefined;
    starting = tasks.some((task) => task.Status?.State === "starting");
    const status = tasks[0]?.Status;
    if (status) last = `${status.State}: ${status.Err ?? status.Message ?? ""}`;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return starting ? undefined : `no task reached running in ${TASK_DEADLINE_MS / 1000} s (${last})`;
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
