/**
 * tools/skipped-suites-reporter.mjs, run by vitest on a fixture (test/fixtures/skip-report): the run ends
 * with one line per skipped suite or test and its reason (from `skipIf` of vitest.shared.ts or
 * `ctx.skip(note)`), "no reason given" for a bare `describe.skip`, nothing for what runs.
 */
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const fixture = join(repo, "tools", "architecture", "test", "fixtures", "skip-report");

test("every skipped suite and test is listed with its reason at the end of the run", () => {
  const run = spawnSync(
    process.execPath,
    [
      join(repo, "node_modules", "vitest", "vitest.mjs"),
      "run",
      "--root",
      fixture,
      "--config",
      join(fixture, "vitest.fixture.config.mjs"),
      `--reporter=${join(repo, "tools", "skipped-suites-reporter.mjs")}`,
    ],
    { encoding: "utf8", timeout: 60_000, env: { ...process.env, NO_COLOR: "1" } },
  );
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout.split("\n").filter((line) => line.startsWith("skipped: "))).toEqual([
    "skipped: skipping.fixture.ts > needs a thing: the thing is missing",
    "skipped: skipping.fixture.ts > runs > skips itself: not today",
    "skipped: skipping.fixture.ts > skips silently: no reason given",
  ]);
});
