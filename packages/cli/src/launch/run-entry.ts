/**
 * The bundle's `chunk-loader.cjs` (scripts/bundle.mjs builds it from this file): what the bundle's entry
 * files `enginekit.js` and `lint-worker.js` call to run their code, `enginekit.main.js` and
 * `lint-worker.main.js`, through the {@link createChunkLoader | chunk loader}.
 */
import { join } from "node:path";
import { codeCacheDir, createChunkLoader, pruneBundleCaches } from "./chunk-loader.js";
import { onBeforeV8FlagsChange } from "./v8-flags-hook.js";

/** Set by the bundler to a hash of every chunk's content, so each bundle has its own code cache. */
declare const ENGINEKIT_BUNDLE_ID: string;

/**
 * Runs `<dir>/<entry>.main.js`. `codeCache`: read and write the code cache (the command's main thread);
 * false in the linter's worker threads, which the pool terminates as soon as they reply, before an
 * `exit` event could write one. A run that wrote cache files also removes older bundles' caches
 * ({@link pruneBundleCaches}).
 */
export function runBundleEntry(dir: string, entry: string, options: { codeCache: boolean }): void {
  const cacheDir = options.codeCache ? codeCacheDir(ENGINEKIT_BUNDLE_ID, entry, process.argv) : undefined;
  const loader = createChunkLoader(dir, cacheDir);
  if (cacheDir !== undefined) {
    // a V8 flag changed later would make these chunks' caches, written at exit, unusable next time
    onBeforeV8FlagsChange(() => loader.saveCodeCache());
    process.once("exit", () => {
      loader.saveCodeCache();
      if (loader.stats.written.length > 0) pruneBundleCaches(cacheDir);
    });
  }
  loader.require(join(dir, `${entry}.main.js`));
}
