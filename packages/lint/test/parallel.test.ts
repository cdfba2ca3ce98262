import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { NEEDS_BUILD, skipIf } from "../../../vitest.shared.js";
import type * as Lint from "../src/index.js";
import type * as Parallel from "../src/node/parallel.js";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(packageDir, "dist", "index.js");
const corpusDir = join(packageDir, "..", "..", "corpus", "enginefiles", "files");
const ready = existsSync(dist) && existsSync(join(packageDir, "dist", "node", "lint-worker.js"));
if (!ready && process.env.CI) throw new Error(`${dist} is missing: build @enginekit/lint first`);

// worker threads run the built JavaScript (a worker cannot load the TypeScript sources), so this test
// uses dist/ — the same code the CLI runs
describe("lintFiles across worker threads (built package)", skipIf(!ready, NEEDS_BUILD), () => {
  test("two workers give exactly the sequential results, in the same order", async () => {
    const lint = (await import(pathToFileURL(dist).href)) as typeof Lint;
    const files = readdirSync(corpusDir).sort();
    // ShellCheck is off: this compares the linter across threads (ShellCheck runs once, before either)
    const sequential = await lint.lintFiles(files, { cwd: corpusDir, workers: 0, shellcheck: false });
    const parallel = await lint.lintFiles(files, { cwd: corpusDir, workers: 2, shellcheck: false });
    expect(parallel.length).toBe(files.length);
    expect(parallel.map((r) => r.path)).toEqual(sequential.map((r) => r.path));
    expect(parallel).toEqual(sequential);
  }, 60_000);

  test("auto: no worker thread on two cores, whatever the number of files; else one per 150 files beyond the first 150", async () => {
    const { workerCount } = (await import(
      pathToFileURL(join(packageDir, "dist", "node", "parallel.js")).href
    )) as typeof Parallel;
    expect([486, 973, 100_000].map((n) => workerCount(n, "auto", 2))).toEqual([0, 0, 0]);
    expect([299, 300, 486, 100_000].map((n) => workerCount(n, "auto", 4))).toEqual([0, 1, 2, 3]);
    expect(workerCount(100_000, "auto", 64)).toBe(7);
    expect(workerCount(10, 3, 2)).toBe(3);
  });
});
