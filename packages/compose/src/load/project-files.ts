/**
 * Which files make a project, as Compose chooses them (compose-go `cli/options.go`): the `-f` files in order;
 * else `COMPOSE_FILE` split at `COMPOSE_PATH_SEPARATOR` (`:` by default); else the first of `compose.yaml`,
 * `compose.yml`, `docker-compose.yml`, `docker-compose.yaml` in the working directory or the nearest parent
 * that has one, followed by the first of `compose.override.yml`, `compose.override.yaml`,
 * `docker-compose.override.yml`, `docker-compose.override.yaml` beside it.
 */
import { dirname, isAbsolute, join, resolve } from "node:path";
import { DEFAULT_FILE_NAMES, DEFAULT_OVERRIDE_FILE_NAMES } from "./file-names.js";
import type { ComposeFileSystem } from "./file-system.js";

/** Where the file list came from, for messages. */
export type ProjectFilesSource = "option" | "COMPOSE_FILE" | "default";

/**
 * The project's files (absolute paths), or an error line when no default file is found. `files` and
 * `COMPOSE_FILE` entries are relative to `workingDir`.
 */
export function projectFiles(
  workingDir: string,
  files: readonly string[] | undefined,
  environment: Readonly<Record<string, string | undefined>>,
  fileSystem: ComposeFileSystem,
): { files: string[]; source: ProjectFilesSource } | { error: string } {
  if (files && files.length > 0) return { files: files.map((f) => resolve(workingDir, f)), source: "option" };
  const variable = environment.COMPOSE_FILE;
  if (variable) {
    const separator = environment.COMPOSE_PATH_SEPARATOR || ":";
    const list = variable.split(separator).filter((f) => f !== "");
    return { files: list.map((f) => (isAbsolute(f) ? f : resolve(workingDir, f))), source: "COMPOSE_FILE" };
  }
  let dir = resolve(workingDir);
  for (;;) {
    const found = DEFAULT_FILE_NAMES.map((name) => join(dir, name)).find((path) => fileSystem.isFile(path));
    if (found) {
      const override = DEFAULT_OVERRIDE_FILE_NAMES.map((name) => join(dir, name)).find((path) =>
        fileSystem.isFile(path),
      );
      return { files: override ? [found, override] : [found], source: "default" };
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return {
    error: `no configuration file provided: not found (looked for ${DEFAULT_FILE_NAMES.join(", ")} in ${workingDir} and its parents)`,
  };
}
