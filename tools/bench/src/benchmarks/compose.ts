/**
 * Compose linting against dclint (npm `dclint` 3.1.0, the Compose linter on npm), in one process over the
 * same files: the 158 main files of the Compose corpus kept in `packages/compose/test/corpus` (no
 * `../shared` needed). enginekit loads each file within its project (overrides, `extends`, `include`,
 * `.env`), checks the schema, consistency and each service's create body, and runs the `compose/*` rules;
 * dclint validates its schema and runs its 15 rules per file. Target (issue #26): at least 3× faster.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { nodeFileSystem } from "@enginekit/compose";
import { analyzeComposeFile, DEFAULT_SETTINGS, lintAnalyzedCompose } from "@enginekit/lint";
import { DCLinter } from "dclint";
import type { Benchmark } from "../benchmark.js";
import { type CompareRow, printTable, reportTarget } from "../harness.js";

/** Interleaved timed passes per contender. */
const ROUNDS = 3;

const here = dirname(fileURLToPath(import.meta.url));
const corpus = resolve(here, "../../../../packages/compose/test/corpus");

function mainFiles(): string[] {
  return readFileSync(join(corpus, "manifest.tsv"), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split("\t"))
    .map(([id, , , path]) => join(corpus, "files", id!, path!));
}

export const benchmark: Benchmark = {
  name: "compose",
  description: "lint the Compose corpus in one process: enginekit vs dclint (target ≥ 3× faster)",
  async run() {
    const files = mainFiles();
    const texts = files.map((f) => readFileSync(f, "utf8"));
    const dclint = new DCLinter({ rules: {}, quiet: true, debug: false, exclude: [] });
    const contenders = [
      {
        name: "enginekit (load + schema + consistency + engine + rules)",
        fn: () => {
          for (let i = 0; i < files.length; i++) {
            const file = analyzeComposeFile(texts[i]!, files[i]!, {
              fileSystem: nodeFileSystem,
              environment: {},
            });
            lintAnalyzedCompose(file, DEFAULT_SETTINGS);
          }
        },
      },
      { name: "dclint 3.1.0 (schema + 15 rules)", fn: () => dclint.lintFiles(files, false) },
    ];
    // dclint takes tens of seconds per pass: a few interleaved passes after one warm-up each, not tinybench's
    // minimum of iterations and time per contender.
    const times: number[][] = contenders.map(() => []);
    for (const c of contenders) c.fn();
    for (let round = 0; round < ROUNDS; round++)
      contenders.forEach((c, i) => {
        const start = performance.now();
        c.fn();
        times[i]!.push(performance.now() - start);
      });
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const rows: CompareRow[] = contenders.map((c, i) => {
      const meanMs = median(times[i]!);
      return { name: c.name, meanMs, p99Ms: Math.max(...times[i]!), opsPerSecond: 1000 / meanMs, ratio: 1 };
    });
    for (const row of rows) row.ratio = row.meanMs / rows[0]!.meanMs;
    printTable(`Compose corpus (${files.length} files; median of ${ROUNDS} passes, max as p99)`, rows, [
      { name: "files", perCall: files.length },
    ]);
    const ratio = rows[1]!.ratio;
    reportTarget(
      "compose lint ≥ 3× faster than dclint",
      ratio >= 3,
      `dclint takes ${ratio.toFixed(2)}× enginekit's time`,
    );
  },
};
