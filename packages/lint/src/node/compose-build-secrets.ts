/**
 * `composeBuildSecretsFor`: the Compose services that build an Enginefile on disk, with the build secret
 * ids each provides (`EnginefileLintOptions.composeBuildSecrets`, read by `unconfigured-build-secret`). The
 * project is the nearest one at or above the Enginefile's folder, found as `docker compose` finds it from
 * there (compose-go `cli/options.go`: the first default file name in the folder or the nearest parent, with
 * its override file; `@enginekit/compose` `projectFiles`, which only looks files up). `COMPOSE_FILE` is not
 * read: it names files relative to wherever the user runs Compose, not to the Enginefile.
 *
 * Cheap when it does not apply: an Enginefile that cannot mount a secret (its text does not say `secret`)
 * costs nothing, and one without a Compose file above costs a few `stat`s; only then is the Compose loader
 * (YAML, the located tree) imported, from `compose-project-builds.ts`, so a one-file lint loads no more
 * than before (packages/cli/test/bundle.test.ts).
 */
import { dirname } from "node:path";
import { nodeFileSystem, projectFiles } from "@enginekit/compose/schema-free";
import type { ComposeServiceSecrets } from "../enginefile/analysis.js";

/** Text that may hold a secret mount (`type=secret`, in any case and spelling of the flag). */
const MAY_MOUNT_SECRET = /secret/i;

/**
 * The files of the Compose project the Enginefile at `path` (absolute) belongs to: the nearest default
 * Compose file at or above its folder, with its override; undefined when there is none.
 */
function composeProjectFilesAbove(path: string): string[] | undefined {
  const found = projectFiles(dirname(path), undefined, {}, nodeFileSystem);
  return "files" in found ? found.files : undefined;
}

/**
 * `{ composeBuildSecrets }` for the Enginefile at `path` (absolute) whose text is `text`, or `{}` when it
 * mounts no secret, no Compose project is above it, the project cannot be loaded cleanly or no service
 * builds it. `environment` interpolates the Compose files (with the project's `.env`), as `docker compose`
 * does. Never throws for bad input.
 */
export async function composeBuildSecretsFor(
  path: string,
  text: string,
  environment: Readonly<Record<string, string | undefined>> = process.env,
): Promise<{ composeBuildSecrets?: ComposeServiceSecrets[] }> {
  if (!MAY_MOUNT_SECRET.test(text)) return {};
  const files = composeProjectFilesAbove(path);
  if (!files) return {};
  const { servicesBuilding } = await import("./compose-project-builds.js");
  const services = servicesBuilding(files, path, environment);
  return services.length > 0 ? { composeBuildSecrets: services } : {};
}
