/**
 * `servicesBuilding`: which services of a Compose project build a given Enginefile, and the build secret
 * ids each provides. The project is loaded by `@enginekit/compose` (`loadProject`: overrides, `include`,
 * `extends`, `.env`, interpolation) and read by its `serviceBuilds`; a service builds the file when its
 * `build.dockerfile` resolves to it, or, without `dockerfile`, when the file is the build file `enginekit
 * build` picks in the context (the first of `DEFAULT_BUILD_FILES` present, `@enginekit/build-context`
 * `planContext`). Loaded projects are kept per file list and used again while none of the files read
 * (and the `.env`) changed on disk, so a walk over many Enginefiles, or an editor linting on every change,
 * loads each project once. Imported on demand by `compose-build-secrets.ts`.
 */
import { realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { loadProject, nodeFileSystem, type ServiceBuild, serviceBuilds } from "@enginekit/compose";
import { DEFAULT_BUILD_FILES } from "@enginekit/enginefile";
import type { ComposeServiceSecrets } from "../enginefile/analysis.js";

/** A loaded project's builds and the state of the files it was read from. */
interface Loaded {
  stamp: string;
  read: string[];
  builds: ServiceBuild[] | undefined;
}

const loaded = new Map<string, Loaded>();

/** Size and modification time of each file (missing: `-`), to tell whether a loaded project is stale. */
function stampOf(files: readonly string[]): string {
  return files
    .map((f) => {
      const s = statSync(f, { throwIfNoEntry: false });
      return s ? `${s.size}:${s.mtimeMs}` : "-";
    })
    .join("|");
}

/**
 * The project's builds (undefined when the loader reports an error: a project Compose refuses is not used
 * to judge an Enginefile, since part of it may be missing).
 */
function buildsOf(files: readonly string[], environment: Readonly<Record<string, string | undefined>>) {
  const key = files.join("\0");
  const cached = loaded.get(key);
  if (cached && stampOf(cached.read) === cached.stamp) return cached.builds;
  const project = loadProject({
    workingDir: dirname(files[0]!),
    files,
    environment,
    fileSystem: nodeFileSystem,
  });
  const read = [...project.sources.keys(), ...files, join(project.projectDirectory, ".env")];
  const builds = project.findings.some((f) => f.severity === "error") ? undefined : serviceBuilds(project);
  loaded.set(key, { stamp: stampOf(read), read, builds });
  return builds;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function samePath(a: string, b: string): boolean {
  return resolve(a) === resolve(b) || real(a) === real(b);
}

/** Whether `build` builds the Enginefile at `path` (absolute). */
function builds(build: ServiceBuild, path: string): boolean {
  if (build.context === undefined || build.inline) return false;
  if (build.dockerfile !== undefined) return samePath(build.dockerfile, path);
  if (!samePath(build.context, dirname(path))) return false;
  // the file itself counts as present: an editor's new document may not be on disk yet
  const name = basename(path);
  const context = build.context;
  const picked = DEFAULT_BUILD_FILES.find((n) => n === name || nodeFileSystem.isFile(join(context, n)));
  return picked === name;
}

/**
 * The services of the project made of `files` whose build builds `path` (absolute), with their build secret
 * ids, in file order; empty when none does or the project cannot be loaded cleanly. Never throws.
 */
export function servicesBuilding(
  files: readonly string[],
  path: string,
  environment: Readonly<Record<string, string | undefined>>,
): ComposeServiceSecrets[] {
  const all = buildsOf(files, environment) ?? [];
  return all
    .filter((b) => builds(b, path))
    .map((b) => ({ service: b.service, ids: b.secrets.map((s) => s.id) }));
}
