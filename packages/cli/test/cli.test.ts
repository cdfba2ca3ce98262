import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { NEEDS_BUILD, skipIf } from "../../../vitest.shared.js";
import { runCaptured } from "./run-in-process.js";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };

describe("enginekit command line (in-process)", () => {
  test("--version prints the package version and exits 0", async () => {
    expect(await runCaptured(["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  test("--help lists the engine command and exits 0", async () => {
    const { code, stdout } = await runCaptured(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: enginekit [options] [command]");
    expect(stdout).toMatch(/\n\s+engine \[options\]\s/);
  });

  test("engine --help lists info and the --host option", async () => {
    const { code, stdout } = await runCaptured(["engine", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("-H, --host <address>");
    expect(stdout).toMatch(/\n\s+info \[options\]\s/);
  });

  test("an unknown command or option exits 2 with one `enginekit:` line naming where the usage is", async () => {
    expect(await runCaptured(["lnt"])).toMatchObject({
      code: 2,
      stderr: "enginekit: unknown command 'lnt'; did you mean lint? (run `enginekit --help` for usage)\n",
    });
    expect(await runCaptured(["engine", "info", "--no-such-option"])).toMatchObject({
      code: 2,
      stderr: "enginekit: unknown option '--no-such-option' (run `enginekit engine --help` for usage)\n",
    });
    expect(await runCaptured(["lint", "--formt", "json"])).toMatchObject({
      code: 2,
      stderr:
        "enginekit: unknown option '--formt'; did you mean --format? (run `enginekit lint --help` for usage)\n",
    });
    expect(await runCaptured(["build", "-f"])).toMatchObject({
      code: 2,
      stderr:
        "enginekit: option '-f, --file <path>' argument missing (run `enginekit build --help` for usage)\n",
    });
  });

  test("build's usage says the context is required (unless --remote), as docs/cli.md and docs/build.md do", async () => {
    const usage = "enginekit build [options] <context>";
    expect((await runCaptured(["build", "--help"])).stdout).toMatch(
      new RegExp(`^Usage: ${escapeRegExp(usage)}$`, "m"),
    );
    // the command list shows each command's usage line
    expect((await runCaptured(["--help"])).stdout).toMatch(/^ {2}build \[options\] <context> /m);
    for (const doc of ["cli.md", "build.md"]) {
      const text = readFileSync(join(packageDir, "..", "..", "docs", doc), "utf8");
      expect(text, doc).toContain(`\n${usage}\nenginekit build --remote <url> [options]\n`);
      expect(text, doc).not.toContain("enginekit build [options] [context]");
    }
  });

  test("the README's packages table names every command `enginekit --help` lists (issue 30: format was missing)", async () => {
    const { stdout } = await runCaptured(["--help"]);
    const commands = [...stdout.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]!).filter((c) => c !== "help");
    expect(commands).toContain("format");
    const readme = readFileSync(join(packageDir, "..", "..", "README.md"), "utf8");
    const row = readme.split("\n").find((line) => line.startsWith("| [`@enginekit/cli`]"));
    expect(row).toBeDefined();
    for (const command of commands) expect(row, command).toContain(`\`${command}\``);
  });

  test("help shows no empty-list default for repeatable options, and every description in one style", async () => {
    for (const command of ["lint", "build"]) {
      const { stdout } = await runCaptured([command, "--help"]);
      expect(stdout).toContain("repeatable");
      expect(stdout).not.toContain("(default: [])");
    }
    const { stdout } = await runCaptured(["--help"]);
    const descriptions = [...stdout.matchAll(/^ {2}(lint|build|lsp|secrets|engine)\b.*? {2,}(\S.*)$/gm)].map(
      (m) => m[2]!,
    );
    expect(descriptions).toHaveLength(5);
    for (const d of descriptions) expect(d, d).toMatch(/^[a-z].*[^.]$/);
  });
});

const bin = join(packageDir, "dist", "bin.js");
/** Node 24 from the root devDependency `node` (the machine's own node may be older). */
const node24 = join(packageDir, "..", "..", "node_modules", ".bin", "node");
const built = existsSync(bin);
if (!built && process.env.CI) throw new Error(`${bin} is missing: build @enginekit/cli first (pnpm build)`);
if (!built) console.warn(`skipping the spawned-bin test: ${bin} is missing (run pnpm build)`);

describe("the built bin, spawned with Node 24", skipIf(!built, NEEDS_BUILD), () => {
  test("--version prints the version; a malformed ENGINE_HOST exits 2; no engine exits 3", async () => {
    const run = (args: string[], env: NodeJS.ProcessEnv) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          node24,
          [bin, ...args],
          { env: { PATH: process.env.PATH, ...env } },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
    const versionRun = await run(["--version"], {});
    expect(versionRun).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    const bad = await run(["engine", "info"], { ENGINE_HOST: "tcp://" });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^enginekit: invalid engine address "tcp:\/\/"/);
    const down = await run(["engine", "info"], { ENGINE_HOST: "unix:///nonexistent/engine.sock" });
    expect(down.code).toBe(3);
    expect(down.stderr).toContain(
      "start the engine (or Docker), or set ENGINE_HOST or DOCKER_HOST to its address",
    );
  }, 30_000);
});
