/**
 * `manifest/ignored-value` warnings: values the real engine (Debian docker.io 20.10) accepts — it creates
 * and starts the container, or creates the service — but ignores, or that are almost surely a mistake
 * (docs/manifests.md "Severities"). Each entry says what the engine does with the value. Also the
 * `manifest/limit` errors that depend on more than one field of a service: values the engine accepts at
 * create but with which no task of the service can start, when the service runs tasks. These are not
 * schema issues, so `@enginekit/api`'s schemas keep accepting the bodies the engine accepts; every fact
 * here is checked by the differential test against the engine (packages/cli/test/manifest-differential).
 * Pure; never throws.
 */
import { compareApiVersions, ENGINE_LIMITS, HEALTHCHECK_TEST_KINDS, PORT_KEY_PATTERN } from "@enginekit/api";
import type { Range } from "@enginekit/text";
import type { Finding } from "../findings.js";
import type { ManifestKind } from "../kinds/manifest-kind.js";
import type { LocatedNode, PathSegment } from "../tree/located-node.js";
import { followPath, toPlainValue } from "../tree/navigate.js";
import { pathLabel } from "./path-label.js";

type Plain = Record<string, unknown>;

/**
 * One advisory: a path, whether the range is the key (map keys) or the value, the message, and `limit`
 * for a `manifest/limit` error (a `manifest/ignored-value` warning without it).
 */
interface Advisory {
  path: PathSegment[];
  onKey?: boolean;
  message: string;
  /** An error: `manifest/limit` (a bound) or `manifest/constraint` (a rule across fields). */
  error?: "limit" | "constraint";
}

const asObject = (value: unknown): Plain | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Plain) : undefined;
const asNumber = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);

function nullLabels(labels: unknown, path: PathSegment[]): Advisory[] {
  return Object.entries(asObject(labels) ?? {})
    .filter(([, value]) => value === null)
    .map(([key]) => ({
      path: [...path, key],
      message: `${pathLabel([...path, key])} is null: the engine stores it as the empty string; write "" if that is meant.`,
    }));
}

/** Restart policies the engine refuses beside `AutoRemove: true` from API 1.25 (`runconfig` `validateAutoRemove`). */
const RESTARTING_POLICIES = new Set(["always", "unless-stopped", "on-failure"]);

function hostConfigAdvisories(hc: Plain, apiVersion: string): Advisory[] {
  const out: Advisory[] = [];
  const at = (key: string): PathSegment[] => ["HostConfig", key];
  const restart = asObject(hc.RestartPolicy)?.Name;
  // below 1.25 the engine resets AutoRemove to false before this check, so the body runs (checked at /v1.24)
  if (
    hc.AutoRemove === true &&
    typeof restart === "string" &&
    RESTARTING_POLICIES.has(restart) &&
    compareApiVersions(apiVersion, "1.25") >= 0
  )
    out.push({
      path: ["HostConfig", "RestartPolicy", "Name"],
      error: "constraint",
      message: `HostConfig.RestartPolicy "${restart}" cannot be used with HostConfig.AutoRemove: the engine refuses the container (can't create 'AutoRemove' container with restart policy); use "no" or drop AutoRemove.`,
    });
  const swap = asNumber(hc.MemorySwap);
  if (swap !== undefined && swap < -1)
    out.push({
      path: at("MemorySwap"),
      message: `MemorySwap ${swap}: the engine takes any negative value as unlimited swap; write -1.`,
    });
  const reservation = asNumber(hc.MemoryReservation);
  if (reservation !== undefined && reservation < 0)
    out.push({
      path: at("MemoryReservation"),
      message: `MemoryReservation ${reservation}: the engine ignores a negative reservation (no soft limit); write 0 or leave it out.`,
    });
  const nano = asNumber(hc.NanoCpus);
  if (nano !== undefined && nano > 0 && nano < ENGINE_LIMITS.nanoCpusZeroQuotaBelow)
    out.push({
      path: at("NanoCpus"),
      message: `NanoCpus ${nano}: the engine turns it into a CPU quota of 0 µs, which is no limit at all; write 0, or at least ${ENGINE_LIMITS.minNanoCpus} (0.01 CPU) for a limit.`,
    });
  const pids = asNumber(hc.PidsLimit);
  if (pids !== undefined && pids < -1)
    out.push({
      path: at("PidsLimit"),
      message: `PidsLimit ${pids}: the engine takes any value ≤ 0 as unlimited; write -1.`,
    });
  const policy = asObject(hc.RestartPolicy);
  const retries = asNumber(policy?.MaximumRetryCount);
  if (policy && (policy.Name ?? "") === "" && retries !== undefined && retries !== 0)
    out.push({
      path: ["HostConfig", "RestartPolicy", "MaximumRetryCount"],
      message:
        'RestartPolicy.MaximumRetryCount is ignored without RestartPolicy.Name "on-failure" (the container is never restarted).',
    });
  const bindings = asObject(hc.PortBindings) ?? {};
  for (const key of Object.keys(bindings)) {
    const [port = "", protocol] = key.split("/");
    if (!/^\d+(-\d+)?$/.test(port) || port.split("-").some((part) => Number(part) > 65535)) continue;
    if (protocol !== undefined && !["tcp", "udp", "sctp"].includes(protocol))
      out.push({
        path: ["HostConfig", "PortBindings", key],
        onKey: true,
        message: `PortBindings key "${key}": the engine accepts the protocol "${protocol}" but publishes nothing useful; use tcp, udp or sctp.`,
      });
    else if (port.split("-").some((part) => Number(part) === 0))
      out.push({
        path: ["HostConfig", "PortBindings", key],
        onKey: true,
        message: `PortBindings key "${key}": container port 0 is accepted by the engine but nothing listens on it; use a port 1–65535.`,
      });
  }
  if (hc.NetworkMode === "host" && (Object.keys(bindings).length > 0 || hc.PublishAllPorts === true))
    out.push({
      path: at(Object.keys(bindings).length > 0 ? "PortBindings" : "PublishAllPorts"),
      message:
        'Published ports are discarded with NetworkMode "host": the container uses the host\'s ports directly.',
    });
  (Array.isArray(hc.Devices) ? hc.Devices : []).forEach((device, index) => {
    const permissions = asObject(device)?.CgroupPermissions;
    if (typeof permissions === "string" && permissions !== "" && !/^[rwm]+$/.test(permissions))
      out.push({
        path: ["HostConfig", "Devices", index, "CgroupPermissions"],
        message: `Devices CgroupPermissions "${permissions}": only r, w and m mean anything; the engine passes the rest to runc, which ignores it.`,
      });
  });
  return out;
}

function containerAdvisories(body: Plain, apiVersion: string): Advisory[] {
  const out: Advisory[] = [...nullLabels(body.Labels, ["Labels"])];
  for (const key of Object.keys(asObject(body.ExposedPorts) ?? {})) {
    if (!PORT_KEY_PATTERN.test(key))
      out.push({
        path: ["ExposedPorts", key],
        onKey: true,
        message: `ExposedPorts key "${key}" is not <port 1–65535>/<tcp|udp|sctp>: the engine stores it unchecked and it exposes nothing useful.`,
      });
  }
  const test = asObject(body.Healthcheck)?.Test;
  if (Array.isArray(test) && typeof test[0] === "string") {
    const kind = test[0];
    if (!(HEALTHCHECK_TEST_KINDS as readonly string[]).includes(kind))
      out.push({
        path: ["Healthcheck", "Test", 0],
        message: `Healthcheck.Test starts with "${kind}": the engine only knows "NONE", "CMD" and "CMD-SHELL" (case-sensitive) and runs no health check for anything else.`,
      });
    else if (kind !== "NONE" && test.length === 1)
      out.push({
        path: ["Healthcheck", "Test", 0],
        message: `Healthcheck.Test "${kind}" has no command: the check can never pass.`,
      });
  }
  const hc = asObject(body.HostConfig);
  if (hc) out.push(...hostConfigAdvisories(hc, apiVersion));
  if (
    typeof hc?.PidMode === "string" &&
    hc.PidMode !== "" &&
    hc.PidMode !== "host" &&
    !/^container:./.test(hc.PidMode)
  )
    out.push({
      path: ["HostConfig", "PidMode"],
      message: `HostConfig.PidMode "${hc.PidMode}": the engine only knows "host" and container:<name or id>; it stores the value and gives the container a private PID namespace.`,
    });
  if (typeof hc?.UTSMode === "string" && hc.UTSMode !== "" && hc.UTSMode !== "host")
    out.push({
      path: ["HostConfig", "UTSMode"],
      message: `HostConfig.UTSMode "${hc.UTSMode}": the engine only knows "host"; it stores the value and gives the container a private UTS namespace.`,
    });
  return out;
}

function serviceAdvisories(spec: Plain): Advisory[] {
  const task = asObject(spec.TaskTemplate);
  const containerSpec = asObject(task?.ContainerSpec);
  const out = [
    ...nullLabels(spec.Labels, ["Labels"]),
    ...nullLabels(containerSpec?.Labels, ["TaskTemplate", "ContainerSpec", "Labels"]),
  ];
  const ports = asObject(spec.EndpointSpec)?.Ports;
  (Array.isArray(ports) ? ports : []).forEach((port, index) => {
    const protocol = asObject(port)?.Protocol;
    if (typeof protocol === "string" && !["", "tcp", "udp", "sctp"].includes(protocol))
      out.push({
        path: ["EndpointSpec", "Ports", index, "Protocol"],
        message: `EndpointSpec.Ports Protocol "${protocol}": the engine publishes the port as tcp; write tcp, udp or sctp.`,
      });
    const mode = asObject(port)?.PublishMode;
    if (typeof mode === "string" && !["", "ingress", "host"].includes(mode))
      out.push({
        path: ["EndpointSpec", "Ports", index, "PublishMode"],
        message: `EndpointSpec.Ports PublishMode "${mode}": the engine publishes the port in ingress mode; write ingress or host.`,
      });
    const target = asNumber(asObject(port)?.TargetPort);
    if (target !== undefined && (target === 0 || target > ENGINE_LIMITS.port.max))
      out.push({
        path: ["EndpointSpec", "Ports", index, "TargetPort"],
        message: `EndpointSpec.Ports TargetPort ${target}: the engine stores it and runs the tasks, but no container port ${target} can receive anything; use a port 1–65535.`,
      });
  });
  const ratio = asNumber(asObject(spec.RollbackConfig)?.MaxFailureRatio);
  if (ratio !== undefined && (ratio < 0 || ratio > 1))
    out.push({
      path: ["RollbackConfig", "MaxFailureRatio"],
      message: `RollbackConfig.MaxFailureRatio ${ratio}: a fraction of tasks is between 0 and 1; the engine accepts it but the ratio can never be reached as meant.`,
    });
  const limits = asObject(asObject(task?.Resources)?.Limits);
  if (runsTasks(spec.Mode))
    for (const { field, min, message } of TASK_LIMITS) {
      const value = asNumber(limits?.[field]);
      if (value !== undefined && value >= ENGINE_LIMITS[min.service] && value < ENGINE_LIMITS[min.task])
        out.push({
          path: ["TaskTemplate", "Resources", "Limits", field],
          error: "limit",
          message: message(value),
        });
    }
  const pids = asNumber(limits?.Pids);
  if (pids !== undefined && pids < 0)
    out.push({
      path: ["TaskTemplate", "Resources", "Limits", "Pids"],
      message: `Resources.Limits.Pids ${pids}: the engine takes a negative limit as unlimited; write 0.`,
    });
  return out;
}

/**
 * Service `Resources.Limits` that swarmkit accepts at create (from `min.service`, the schema's bound) but
 * that no task's container can have (under `min.task`, the container's own minimum): the engine creates
 * the service and every task then fails. Both found by the manifest differential test and checked by hand.
 */
const TASK_LIMITS: readonly {
  field: "NanoCPUs" | "MemoryBytes";
  min: { service: "minServiceNanoCpus" | "minServiceMemoryBytes"; task: "minNanoCpus" | "minMemoryBytes" };
  message: (value: number) => string;
}[] = [
  {
    // the task's container gets a CPU quota under the kernel's 1 ms per 100 ms period, which runc fails to
    // write (cpu.cfs_quota_us: invalid argument)
    field: "NanoCPUs",
    min: { service: "minServiceNanoCpus", task: "minNanoCpus" },
    message: (n) =>
      `TaskTemplate.Resources.Limits.NanoCPUs ${n} (${n / 1e9} CPU): the engine creates the service, but no task can start — the kernel's smallest CPU quota is 1 ms per 100 ms period, so the limit must be 0 or at least ${ENGINE_LIMITS.minNanoCpus} (0.01 CPU), as for a container (runc: cpu.cfs_quota_us: invalid argument).`,
  },
  {
    // the engine rejects each task's container under 6 MB (`linuxMinMemory`); reservations only place
    // tasks, so a 4 MiB reservation runs and is not listed here
    field: "MemoryBytes",
    min: { service: "minServiceMemoryBytes", task: "minMemoryBytes" },
    message: (bytes) =>
      `TaskTemplate.Resources.Limits.MemoryBytes ${bytes}: the engine creates the service, but rejects every task — a container's memory limit must be 0 or at least ${ENGINE_LIMITS.minMemoryBytes} bytes (6 MiB), as for a container ("Minimum memory limit allowed is 6MB").`,
  },
];

/**
 * Whether a service's `Mode` runs tasks: omitted (one replica), `Replicated` with `Replicas` omitted or
 * above 0, or `Global`. A service scaled to 0 runs none, so nothing about its tasks is refused.
 */
function runsTasks(mode: unknown): boolean {
  const m = asObject(mode);
  if (m === undefined) return mode === undefined;
  if ([m.Global, m.ReplicatedJob, m.GlobalJob].some((job) => job !== undefined && job !== null)) return true;
  const replicated = asObject(m.Replicated);
  if (replicated === undefined) return m.Replicated === undefined;
  const replicas = replicated.Replicas;
  return replicas === undefined || replicas === null || (typeof replicas === "number" && replicas > 0);
}

/**
 * The `manifest/ignored-value` warnings and the multi-field `manifest/limit` errors of one document of
 * kind `kind`, in source order.
 */
export function engineAdvisories(
  kind: ManifestKind,
  root: LocatedNode,
  document: number,
  apiVersion: string,
): Finding[] {
  const body = asObject(toPlainValue(root));
  if (!body) return [];
  const advisories =
    kind === "container"
      ? containerAdvisories(body, apiVersion)
      : kind === "service"
        ? serviceAdvisories(body)
        : [];
  return advisories.map((advisory) => {
    const target = followPath(root, advisory.path);
    const complete = target.depth === advisory.path.length;
    const range: Range =
      advisory.onKey && target.property && complete
        ? target.property.keyRange
        : complete
          ? target.node.range
          : (target.property?.keyRange ?? target.node.range);
    return {
      code: advisory.error ? (`manifest/${advisory.error}` as const) : "manifest/ignored-value",
      message: advisory.message,
      severity: advisory.error ? "error" : "warning",
      range,
      path: advisory.path,
      document,
    };
  });
}
