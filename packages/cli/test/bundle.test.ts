import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";

// The published `enginekit` bin is the esbuild bundle (scripts/bundle.mjs); these tests check it behaves
// exactly like the tsc build (dist/bin.js), including the linter's worker threads found beside it.
const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repoDir = join(packageDir, "..", "..");
const bundle = join(packageDir, "dist", "bundle", "enginekit.js");
const tscBin = join(packageDir, "dist", "bin.js");
const node = join(repoDir, "node_modules", ".bin", "node");
const { version, bin } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
  version: string;
  bin: Record<string, string>;
};
const built = existsSync(bundle) && existsSync(tscBin);
if (!built && process.env.CI) throw new Error("the CLI is not built: CI runs the build before the tests");

function run(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      node,
      [script, ...args],
      { cwd: repoDir, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The JSON report without its `tool` block (which names the program). */
function report(stdout: string): unknown {
  const parsed = JSON.parse(stdout) as Record<string, unknown>;
  delete parsed.tool;
  return parsed;
}

describe.skipIf(!built)("the bundled enginekit command", () => {
  const scratch = mkdtempSync(join(tmpdir(), "enginekit-bundle-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test("package.json's bin is the bundle, and it prints the package version", async () => {
    expect(join(packageDir, bin.enginekit ?? "")).toBe(bundle);
    expect(await run(bundle, ["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  test("lints the bundled examples exactly as the tsc build does", async () => {
    const args = ["lint", "examples", "--format", "json"];
    const [ours, reference] = await Promise.all([run(bundle, args), run(tscBin, args)]);
    expect(ours.code).toBe(1);
    expect(ours.stderr).toBe("");
    expect(report(ours.stdout)).toEqual(report(reference.stdout));
  }, 60_000);

  test("many files go through the linter's worker threads beside the bundle, with the same results", async () => {
    const source = join(repoDir, "examples", "enginefiles", "web", "Enginefile");
    for (let i = 0; i < 320; i++) copyFileSync(source, join(scratch, `Enginefile.${i}`));
    const args = ["lint", scratch, "--format", "json"];
    const ours = await run(bundle, args);
    const reference = await run(tscBin, args);
    expect(ours.stderr).toBe("");
    const parsed = report(ours.stdout) as { summary: { files: number; findings: number } };
    expect(parsed.summary.files).toBe(320);
    expect(parsed.summary.findings).toBeGreaterThan(0);
    expect(parsed).toEqual(report(reference.stdout));
  }, 120_000);
});
