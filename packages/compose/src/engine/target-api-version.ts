/**
 * The engine API version a Compose project is judged at (docs/compose.md "API version"). `docker compose`
 * has no setting of its own: its client negotiates with the engine (the engine's newest version, 1.41 for
 * the engine 20.10 enginekit targets), unless `DOCKER_API_VERSION` pins it (the docker client's own
 * variable, read from the process environment: compose copies only `COMPOSE_*` variables from `.env` into
 * its environment). enginekit's order, its own names first: the project's `apiVersion` (`.enginekit.yaml`,
 * `enginekit lint --api-version`; the caller passes it), then `ENGINE_API_VERSION`, then
 * `DOCKER_API_VERSION`, then the newest version the schemas know ({@link MANIFEST_API_VERSIONS}`.max`),
 * what compose negotiates with that engine. A value that is not a version from 1.12 to 1.41 is passed over.
 * Pure.
 */
import { isManifestApiVersion, MANIFEST_API_VERSIONS } from "@enginekit/manifests";
import type { ComposeProject } from "../load/load-project.js";
import type { TargetApiVersion } from "./body-findings.js";

/**
 * The target of `project`: `configured` (the project's `apiVersion`) when it is a version, else a version
 * pinned in the process environment, else the newest. See the module comment.
 */
export function targetApiVersion(project: ComposeProject, configured?: string): TargetApiVersion {
  if (configured !== undefined && isManifestApiVersion(configured))
    return { version: configured, source: "the project's apiVersion" };
  for (const name of ["ENGINE_API_VERSION", "DOCKER_API_VERSION"]) {
    const found = project.variables.lookup(name);
    if (found?.source === "environment" && isManifestApiVersion(found.value))
      return { version: found.value, source: name };
  }
  return {
    version: MANIFEST_API_VERSIONS.max,
    source: "what docker compose negotiates with an engine 20.10",
  };
}
