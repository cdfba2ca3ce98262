import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Benchmark } from "../benchmark.js";
import { compare, reportTarget } from "../harness.js";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "../../../..");
/** Node 24 from the root devDependency (what the CLI runs on). */
const node = join(repoRoot, "node_modules", ".bin", "node");
const enginekitBin = join(repoRoot, "packages", "cli", "dist", "bundle", "enginekit.js");

/** 20,000 lines, 10,000 of them a lowercase `run` in an uppercase file: 10,000 instruction-casing fixes. */
function manyFixes(): string {
  const lines = ["FROM alpine:3.19"];
  for (let i = 0; i < 10_000; i++) lines.push(`run echo ${i}`, `LABEL l${i}=v`);
  return `${lines.join("\n")}\n`;
}

/** Runs the CLI to completion; findings make it exit 1, which is not a failure here. */
function runCli(args: string[]): void {
  const r = spawnSync(node, [enginekitBin, ...args], { stdio: ["ignore", "ignore", "pipe"] });
  if (r.error) throw r.error;
  if (r.status !== 0 && r.status !== 1) throw new Error(`enginekit ${args.join(" ")}: ${r.stderr}`);
}

/**
 * `enginekit lint --fix` on a 20k-line file with 10k fixes against plain `enginekit lint` of the same
 * file — target: within 3× (fixing is O(n log n) in the number of edits; before, 10k fixes took 13×).
 */
export const benchmark: Benchmark = {
  name: "lint-fix",
  description: "enginekit lint --fix with 10k fixes in a 20k-line file vs plain lint of the same file",
  async run() {
    const dir = mkdtempSync(join(tmpdir(), "enginekit-bench-fix-"));
    try {
      const source = join(dir, "source.Enginefile");
      const target = join(dir, "fix.Enginefile");
      writeFileSync(source, manyFixes());
      const rows = await compare(
        "CLI, one 20,000-line file",
        [
          { name: "enginekit lint", fn: () => runCli(["lint", "--format", "json", source]) },
          {
            name: "enginekit lint --fix (10,000 fixes)",
            fn: () => {
              copyFileSync(source, target);
              runCli(["lint", "--fix", "--format", "json", target]);
            },
          },
        ],
        { timeMs: 0, iterations: 3, units: [{ name: "lines", perCall: 20_001 }] },
      );
      const ratio = (rows[1]?.meanMs ?? 0) / (rows[0]?.meanMs ?? 1);
      reportTarget("lint --fix (10k fixes) within 3× of plain lint", ratio <= 3, `${ratio.toFixed(2)}×`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
