/**
 * The project a Compose file belongs to when a linter or an editor meets it on its own, as Compose would
 * load it from that folder without `-f`: a default file (`compose.yaml` …) with the first default override
 * file beside it; a default override file with the default file beside it (the override is merged last);
 * any other Compose-named file (`docker-compose.prod.yml`) alone.
 */
import { basename, dirname, join } from "node:path";
import { DEFAULT_FILE_NAMES, DEFAULT_OVERRIDE_FILE_NAMES } from "./file-names.js";
import type { ComposeFileSystem } from "./file-system.js";

/** The project files (absolute, in merge order) `path` is linted with. */
export function projectFilesOf(path: string, fileSystem: ComposeFileSystem): string[] {
  const name = basename(path);
  const dir = dirname(path);
  const first = (names: readonly string[]) =>
    names.map((n) => join(dir, n)).find((p) => fileSystem.isFile(p));
  if ((DEFAULT_FILE_NAMES as readonly string[]).includes(name)) {
    const override = first(DEFAULT_OVERRIDE_FILE_NAMES);
    return override ? [path, override] : [path];
  }
  if ((DEFAULT_OVERRIDE_FILE_NAMES as readonly string[]).includes(name)) {
    const base = first(DEFAULT_FILE_NAMES);
    return base ? [base, path] : [path];
  }
  return [path];
}

/** A file system that answers `path` with `text` (an editor's buffer, a fixed text) and the rest from `base`. */
export function withText(base: ComposeFileSystem, path: string, text: string): ComposeFileSystem {
  return {
    readFile: (p) => (p === path ? text : base.readFile(p)),
    isFile: (p) => p === path || base.isFile(p),
  };
}
