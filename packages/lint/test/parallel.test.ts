import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

const built = existsSync(dist) && existsSync(join(packageDir, "dist", "node", "lint-worker.js"));

describe(
  "lintFiles progress (onProgress), in this thread and across worker threads",
  skipIf(!built, NEEDS_BUILD),
  () => {
    test("(0, total) first, then one call per file with the count done, up to (total, total)", async () => {
      const lint = (await import(pathToFileURL(dist).href)) as typeof Lint;
      const dir = mkdtempSync(join(tmpdir(), "enginekit-progress-"));
      try {
        const total = 40;
        for (let i = 0; i < total; i++)
          writeFileSync(join(dir, `f${i}.Enginefile`), `FROM alpine:3.20\nRUN apk add curl\nLABEL n=${i}\n`);
        for (const workers of [0, 2]) {
          const calls: [number, number][] = [];
          const results = await lint.lintFiles(["."], {
            cwd: dir,
            workers,
            shellcheck: false,
            onProgress: (done, all) => calls.push([done, all]),
          });
          expect(results).toHaveLength(total);
          expect(calls, `workers: ${workers}`).toEqual(
            Array.from({ length: total + 1 }, (_, i) => [i, total]),
          );
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);
