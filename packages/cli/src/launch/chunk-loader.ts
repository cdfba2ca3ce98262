/**
 * The CLI bundle's own module loader: loads the bundle's chunks (CommonJS modules made by
 * scripts/commonjs-chunks.mjs) through `vm.Script`, with a V8 code cache made after the command has run.
 *
 * Why: most of a one-file `enginekit lint` was V8 compiling functions on their first call. Node's
 * compile cache (`module.enableCompileCache`) is made right after a module compiles, when V8 has compiled
 * only its top level, so it never holds those functions; `vm.Script#createCachedData()` called when the
 * command has run does (V8's "code cache after execute"). Measurements: docs/cli.md "The code cache".
 *
 * The cache lives in Node's compile-cache folder (`module.getCompileCacheDir()`: a folder per Node
 * version, architecture and V8 flags under `NODE_COMPILE_CACHE`, else under `<tmpdir>/node-compile-cache`;
 * none when `NODE_DISABLE_COMPILE_CACHE` is set), under `enginekit/<bundle id>/<entry>-<command>/
 * <chunk>.v8`: one set per command, since each runs different functions, and per bundle content (V8
 * itself checks only the source's length, its version and flags). A chunk's cache is written once, when
 * it was missing or V8 rejected it, at the process's `exit` event (or earlier, before the command changes
 * a V8 flag: launch/v8-flags-hook.ts), atomically (temporary file, then rename): concurrent runs never
 * read half a file. A cache that cannot be read or written is skipped
 * without a word: it only saves time. Each bundle (each upgrade, each build of the repository) has its
 * own folder; {@link pruneBundleCaches} keeps the few most recently written.
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";

/** Node's CommonJS wrapper; the source starts on the next line, so line numbers are the chunk's own. */
const WRAPPER_HEAD = "(function (exports, require, module, __filename, __dirname) {\n";
const WRAPPER_TAIL = "\n})";

/** What a {@link ChunkLoader} did (the tests read it). */
export interface ChunkLoaderStats {
  /** Chunks loaded (file names). */
  loaded: string[];
  /** Of those, the ones whose code cache V8 accepted. */
  fromCache: string[];
  /** Code-cache files written by {@link ChunkLoader.saveCodeCache}. */
  written: string[];
}

/** A loader for the chunks of one folder; see the module docs. */
export interface ChunkLoader {
  /**
   * Loads (once) and returns the exports of the chunk at absolute path `file`. Throws what reading the
   * file (ENOENT…), compiling it (SyntaxError) or running it throws; a chunk that threw is not kept.
   */
  require(file: string): unknown;
  /**
   * Writes the code cache of every chunk loaded without an accepted one and not written yet. Never
   * throws (a cache that cannot be written is skipped). Call it when the work is done, since the cache
   * holds what ran by then, and before changing a V8 flag, since V8 rejects a cache made under other flags.
   */
  saveCodeCache(): void;
  readonly stats: ChunkLoaderStats;
}

interface Loaded {
  script: Script;
  cacheFile: string;
}

/**
 * A loader for the chunks in `dir`. A chunk's `require("./x.js")` loads `dir/x.js` through this loader;
 * anything else (Node built-ins) goes to Node's `require`. `cacheDir`: where the `<chunk>.v8` files are
 * read and written; undefined, no code cache.
 */
export function createChunkLoader(dir: string, cacheDir: string | undefined): ChunkLoader {
  const modules = new Map<string, { exports: unknown }>();
  const uncached: Loaded[] = [];
  const stats: ChunkLoaderStats = { loaded: [], fromCache: [], written: [] };
  const nodeRequire = createRequire(join(dir, "chunk-loader.cjs"));
  const requireFromChunk = (id: string): unknown =>
    id.startsWith("./") ? load(join(dir, id.slice(2))) : nodeRequire(id);

  function load(file: string): unknown {
    const known = modules.get(file);
    if (known) return known.exports;
    const module = { exports: {} as unknown };
    modules.set(file, module);
    const name = basename(file);
    const cacheFile = cacheDir === undefined ? undefined : join(cacheDir, `${name}.v8`);
    const cachedData = cacheFile === undefined ? undefined : readIfPresent(cacheFile);
    const script = new Script(WRAPPER_HEAD + readFileSync(file, "utf8") + WRAPPER_TAIL, {
      filename: file,
      lineOffset: -1,
      ...(cachedData ? { cachedData } : {}),
    });
    stats.loaded.push(name);
    if (cachedData && !script.cachedDataRejected) stats.fromCache.push(name);
    else if (cacheFile !== undefined) uncached.push({ script, cacheFile });
    const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
    try {
      wrapper.call(module.exports, module.exports, requireFromChunk, module, file, dirname(file));
    } catch (error) {
      // as Node's require: a chunk that threw is not kept half-loaded; the next require runs it again
      modules.delete(file);
      throw error;
    }
    return module.exports;
  }

  function saveCodeCache(): void {
    if (cacheDir === undefined || uncached.length === 0) return;
    try {
      mkdirSync(cacheDir, { recursive: true });
    } catch {
      return;
    }
    for (const { script, cacheFile } of uncached.splice(0)) {
      const temporary = `${cacheFile}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
      try {
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
        stats.written.push(basename(cacheFile));
      } catch {
        try {
          rmSync(temporary, { force: true });
        } catch {
          // a temporary file that cannot be removed either: nothing else to do
        }
      }
    }
  }

  return { require: load, saveCodeCache, stats };
}

/** The file's bytes, or undefined when it cannot be read (absent, unreadable). */
function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * The code-cache folder of one bundle and command: `<Node's compile-cache folder>/enginekit/<bundleId>/
 * <entry>-<command>`, or undefined when Node's compile cache is disabled
 * (`NODE_DISABLE_COMPILE_CACHE`) or unavailable. `command` is the first argument when it is a word
 * (`lint`, `lsp`), else `none`. Enables Node's compile cache, which names the folder.
 */
export function codeCacheDir(bundleId: string, entry: string, argv: readonly string[]): string | undefined {
  const nodeModule = process.getBuiltinModule("node:module");
  nodeModule.enableCompileCache?.();
  const base = nodeModule.getCompileCacheDir?.();
  if (!base) return undefined;
  const first = argv[2] ?? "";
  const command = /^[a-z][a-z-]{0,30}$/.test(first) ? first : "none";
  return join(base, "enginekit", bundleId, `${entry}-${command}`);
}

/** How many bundles' code caches {@link pruneBundleCaches} keeps by default (the current one included). */
const BUNDLE_CACHES_KEPT = 3;

/**
 * Removes the code caches of other bundles beside the one `cacheDir` (a {@link codeCacheDir} folder)
 * belongs to: all but the `keep` - 1 most recently written, after marking this bundle's folder as just
 * written. Called when a run has written cache files, so a bundle folder's modification time is when a
 * run of that bundle last wrote to it. Never throws: a folder that cannot be listed or removed is left as
 * it is.
 */
export function pruneBundleCaches(cacheDir: string, keep: number = BUNDLE_CACHES_KEPT): void {
  // <compile-cache folder>/enginekit/<bundle id>/<entry>-<command>
  const root = dirname(dirname(cacheDir));
  const current = basename(dirname(cacheDir));
  let others: { name: string; modified: number }[];
  try {
    const now = new Date();
    utimesSync(join(root, current), now, now);
    others = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== current)
      .map((entry) => ({ name: entry.name, modified: statSync(join(root, entry.name)).mtimeMs }));
  } catch {
    return;
  }
  others.sort((a, b) => b.modified - a.modified);
  for (const { name } of others.slice(Math.max(0, keep - 1))) {
    try {
      rmSync(join(root, name), { recursive: true, force: true });
    } catch {
      // another process may be using or removing it: left for a later run
    }
  }
}
