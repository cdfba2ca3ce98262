import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The bundle's folder (`dist/bundle`): its chunks and entry scripts. */
const bundleDir = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "bundle");

/**
 * The bundle chunks a command ran, as file names (`chunk-ABC.js`): after a first run with
 * `NODE_COMPILE_CACHE=cacheRoot`, the code cache holds one file per chunk the command loaded
 * (docs/cli.md "The code cache").
 */
export function chunksInCodeCache(cacheRoot: string): string[] {
  return readdirSync(cacheRoot, { recursive: true, encoding: "utf8" })
    .filter((p) => p.endsWith(".js.v8"))
    .map((p) => p.replace(/^.*\//, "").replace(/\.v8$/, ""));
}

/** The source of one bundle chunk, to tell which library it holds. */
export function chunkSource(chunk: string): string {
  return readFileSync(join(bundleDir, chunk), "utf8");
}

/** The bundle's chunks (file names) whose source holds `marker`, to tell which ones carry a library. */
export function chunksHolding(marker: string): string[] {
  return readdirSync(bundleDir).filter((f) => f.endsWith(".js") && chunkSource(f).includes(marker));
}
