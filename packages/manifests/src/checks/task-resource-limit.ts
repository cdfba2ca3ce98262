/**
 * The `task-resource-limit` body check (manifest/limit): Resources.Limits NanoCPUs or MemoryBytes that swarmkit accepts but no task's container can have (under 0.01 CPU or 6 MiB), when the service runs tasks: every task fails.
 * Follows: swarmkit validateResources; moby daemon linuxMinMemory; runc cpu.cfs_quota_us (checked by the manifest differential).
 */
import { ENGINE_LIMITS } from "@enginekit/api";
import { type Advisory, asNumber, asObject, type BodyCheck, runsTasks } from "./check.js";

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

/** See the module comment. */
export const taskResourceLimit: BodyCheck = {
  meta: {
    id: "task-resource-limit",
    kinds: ["service"],
    code: "manifest/limit",
    severity: "error",
    fix: "never",
    docs: 'Resources.Limits NanoCPUs or MemoryBytes that swarmkit accepts but no task"s container can have (under 0.01 CPU or 6 MiB), when the service runs tasks: every task fails.',
    peers: [
      "swarmkit validateResources; moby daemon linuxMinMemory; runc cpu.cfs_quota_us (checked by the manifest differential)",
    ],
  },
  check(body) {
    if (!runsTasks(body.Mode)) return [];
    const limits = asObject(asObject(asObject(body.TaskTemplate)?.Resources)?.Limits);
    const out: Advisory[] = [];
    for (const { field, min, message } of TASK_LIMITS) {
      const value = asNumber(limits?.[field]);
      if (value !== undefined && value >= ENGINE_LIMITS[min.service] && value < ENGINE_LIMITS[min.task])
        out.push({ path: ["TaskTemplate", "Resources", "Limits", field], message: message(value) });
    }
    return out;
  },
};
