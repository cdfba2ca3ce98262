/**
 * Refusals a service meets only when a task starts, for a service that runs none. The engine (Debian
 * docker.io 20.10) validates a service spec at create with swarmkit's `validateServiceSpec` and its own
 * conversion; the rest of `TaskTemplate` is checked by the node that starts each task, which rejects it.
 * A service with `Replicas: 0` runs no task, so the engine creates it whatever those fields hold: the
 * finding is then a `manifest/ignored-value` warning — nothing fails now, every task will once the service
 * is scaled up (pnpm explore-manifests, seed 113). Each path below was tried on the engine with
 * `Replicas: 0` (created) and with one replica (every task rejected or failed). Decoder errors
 * (`manifest/invalid-type`) happen at create and are never deferred. Pure.
 */
import { asObject, runsTasks } from "../checks/check.js";
import type { Finding } from "../findings.js";
import type { PathSegment } from "../tree/located-node.js";

/** Path prefixes (`*` is any index or key) of the checks a task's start makes, not the service's create. */
const TASK_LEVEL: readonly (readonly string[])[] = [
  ["TaskTemplate", "ContainerSpec", "Dir"],
  ["TaskTemplate", "ContainerSpec", "Isolation"],
  ["TaskTemplate", "ContainerSpec", "Sysctls"],
  ["TaskTemplate", "ContainerSpec", "Env"],
  ["TaskTemplate", "ContainerSpec", "Ulimits"],
  ["TaskTemplate", "ContainerSpec", "Mounts", "*", "Source"],
  ["TaskTemplate", "ContainerSpec", "Mounts", "*", "BindOptions"],
  ["TaskTemplate", "ContainerSpec", "Mounts", "*", "VolumeOptions"],
  ["TaskTemplate", "LogDriver"],
];

/** The codes of refusals a task's start makes (a wrong JSON type is the decoder's, at create). */
const DEFERRABLE = new Set(["manifest/invalid-value", "manifest/constraint", "manifest/missing-field"]);

const under = (path: readonly PathSegment[], prefix: readonly string[]) =>
  prefix.length <= path.length &&
  prefix.every((segment, i) => segment === "*" || segment === String(path[i]));

/**
 * `findings` of a service body, with each task-level error turned into a `manifest/ignored-value` warning
 * when the service runs no task (see the module comment); unchanged otherwise.
 */
export function deferTaskLevel(findings: Finding[], body: unknown): Finding[] {
  const spec = asObject(body);
  if (!spec || runsTasks(spec.Mode)) return findings;
  return findings.map((finding) =>
    finding.severity === "error" &&
    DEFERRABLE.has(finding.code) &&
    TASK_LEVEL.some((prefix) => under(finding.path, prefix))
      ? {
          ...finding,
          code: "manifest/ignored-value",
          severity: "warning",
          message: `${finding.message} — the service runs no task now (Replicas 0), so the engine accepts it; every task will be refused once it is scaled up.`,
        }
      : finding,
  );
}
