#!/usr/bin/env node
// Runs every package's tests in one vitest run (root vitest.config.ts lists the projects) and ends with
// the plain summary line `N passed, N failed[, N skipped]` summed over all packages.
// Extra arguments are passed to vitest (e.g. a project filter: `--project @enginekit/api`).
// The real engine: ENGINE_HOST when set; otherwise a private one is started (tools/engine/start.sh) and
// stopped afterwards. In CI (`CI` set) an engine that cannot be started fails the run.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureEngine } from "./with-engine.mjs";

const out = join(".vitest", "results.json");
mkdirSync(".vitest", { recursive: true });
rmSync(out, { force: true });
let engine;
try {
  engine = await ensureEngine({ required: Boolean(process.env.CI) });
} catch (error) {
  console.error(`test-all: ${error.message}`);
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const run = spawnSync(
  process.execPath,
  [
    join("node_modules", "vitest", "vitest.mjs"),
    "run",
    "--reporter=default",
    "--reporter=json",
    "--reporter=./tools/skipped-suites-reporter.mjs",
    `--outputFile.json=${out}`,
    ...process.argv.slice(2),
  ],
  { stdio: "inherit" },
);
await engine.stop();
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const r = JSON.parse(readFileSync(out, "utf8"));
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numFailedTestSuites ?? 0);
  skipped = r.numPendingTests + r.numTodoTests;
} catch (e) {
  console.error(`test-all: no vitest results (${e.message})`);
  failed = Math.max(1, failed);
}
if (run.status !== 0 && failed === 0) failed = 1; // a crashed run or a failed suite never reads as green
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
