import { execFile, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDevServer } from "@enginekit/secrets-dev-server";
import { afterAll, describe, expect, test } from "vitest";
import { NEEDS_BUILD, skipIf } from "../../../vitest.shared.js";
import { chunksHolding, chunksInCodeCache } from "./bundle-chunks.js";

// The published `enginekit` bin is the esbuild bundle (scripts/bundle.mjs); these tests check it behaves
// exactly like the tsc build (dist/bin.js), including the linter's worker threads found beside it.
const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repoDir = join(packageDir, "..", "..");
const bundle = join(packageDir, "dist", "bundle", "enginekit.js");
const launcher = join(packageDir, "dist", "bundle", "enginekit.cjs");
const tscBin = join(packageDir, "dist", "bin.js");
const node = join(repoDir, "node_modules", ".bin", "node");
const { version, bin, engines } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
  version: string;
  bin: Record<string, string>;
  engines: { node: string };
};
const built = existsSync(bundle) && existsSync(tscBin);
if (!built && process.env.CI) throw new Error("the CLI is not built: CI runs the build before the tests");

function run(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      node,
      [script, ...args],
      { cwd: repoDir, maxBuffer: 64 * 1024 * 1024, env },
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

describe("the bundled enginekit command", skipIf(!built, NEEDS_BUILD), () => {
  const scratch = mkdtempSync(join(tmpdir(), "enginekit-bundle-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test("package.json's bin is the launcher of the bundle, and both print the package version", async () => {
    expect(join(packageDir, bin.enginekit ?? "")).toBe(launcher);
    expect(await run(launcher, ["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
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
    // two threads in the bundle, against this thread alone in the tsc build
    const ours = await run(bundle, [...args, "--concurrency", "2"]);
    const reference = await run(tscBin, [...args, "--concurrency", "off"]);
    expect(ours.stderr).toBe("");
    const parsed = report(ours.stdout) as { summary: { files: number; findings: number } };
    expect(parsed.summary.files).toBe(320);
    expect(parsed.summary.findings).toBeGreaterThan(0);
    expect(parsed).toEqual(report(reference.stdout));
  }, 120_000);

  test("keeps a code cache per command in Node's compile-cache folder, used by later runs", async () => {
    const cacheRoot = join(scratch, "compile-cache");
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_COMPILE_CACHE: cacheRoot };
    delete env.NODE_DISABLE_COMPILE_CACHE;
    const args = ["lint", "examples", "--format", "json"];
    const reference = await run(tscBin, args);
    const first = await run(bundle, args, env);
    expect(report(first.stdout)).toEqual(report(reference.stdout));
    // <compile-cache folder>/<Node version, arch, flags>/enginekit/<bundle id>/<entry>-<command>/<chunk>.v8
    const lintCache = readdirSync(cacheRoot, { recursive: true, encoding: "utf8" }).filter((p) =>
      /^[^/]+\/enginekit\/[0-9a-f]{16}\/enginekit-lint\/[^/]+\.js\.v8$/.test(p),
    );
    expect(lintCache).toContain(lintCache.find((p) => p.endsWith("/enginekit.main.js.v8")));
    expect(lintCache.length).toBeGreaterThan(5);
    const written = new Map(lintCache.map((p) => [p, statSync(join(cacheRoot, p)).mtimeMs]));
    // the next run finds V8 accepts every file (a rejected one would be written again), with the same output
    const second = await run(bundle, args, env);
    expect(second.stdout).toBe(first.stdout);
    for (const [p, mtime] of written) expect(statSync(join(cacheRoot, p)).mtimeMs, p).toBe(mtime);
    // another command has its own set
    expect((await run(bundle, ["--version"], env)).stdout).toBe(`${version}\n`);
    const all = readdirSync(cacheRoot, { recursive: true, encoding: "utf8" });
    expect(all.some((p) => /\/enginekit-none\/enginekit\.main\.js\.v8$/.test(p))).toBe(true);
    // a damaged file is rejected by V8 and written anew; output unchanged; and a run that writes
    // removes older bundles' caches beyond the newest two (the current bundle's is kept)
    const bundles = join(cacheRoot, lintCache[0]!.split("/")[0]!, "enginekit");
    for (const [i, old] of ["0000000000000001", "0000000000000002", "0000000000000003"].entries()) {
      mkdirSync(join(bundles, old, "enginekit-lint"), { recursive: true });
      const when = new Date(Date.UTC(2026, 0, 1, 0, i));
      utimesSync(join(bundles, old), when, when);
    }
    const damaged = join(cacheRoot, lintCache[0]!);
    writeFileSync(damaged, "damaged");
    const third = await run(bundle, args, env);
    expect(third.stdout).toBe(first.stdout);
    expect(readFileSync(damaged, "latin1")).not.toBe("damaged");
    const current = lintCache[0]!.split("/")[2]!;
    expect(readdirSync(bundles).sort()).toEqual(["0000000000000002", "0000000000000003", current].sort());
  }, 60_000);

  test("lint loads the configuration reader (YAML) only beside a configuration file, and never the API clients (undici)", async () => {
    // the chunks a command ran are the files its code cache holds after a first run
    const chunksRun = async (cacheRoot: string, args: string[]): Promise<string[]> => {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_COMPILE_CACHE: cacheRoot };
      delete env.NODE_DISABLE_COMPILE_CACHE;
      const r = await run(bundle, args, env);
      expect(r.stderr).toBe("");
      return chunksInCodeCache(cacheRoot);
    };
    const undiciChunks = chunksHolding("node_modules/undici/");
    const yamlChunks = chunksHolding("YAMLParseError = class");
    expect(undiciChunks.length).toBeGreaterThan(0);
    expect(yamlChunks.length).toBeGreaterThan(0);
    for (const [config, text] of [
      [".enginekit.yaml", "rules:\n  no-sudo: error\nsecrets:\n  timeout: 10s\n"],
      [".hadolint.yaml", "ignored: [DL3008]\n"],
    ] as const) {
      const project = join(scratch, `project-${config}`);
      mkdirSync(project);
      writeFileSync(join(project, config), text);
      copyFileSync(
        join(repoDir, "examples", "enginefiles", "web", "Enginefile"),
        join(project, "Enginefile"),
      );
      const chunks = await chunksRun(join(scratch, `cache-${config}`), ["lint", join(project, "Enginefile")]);
      expect(
        chunks.filter((c) => yamlChunks.includes(c)),
        config,
      ).not.toEqual([]);
      expect(
        chunks.filter((c) => undiciChunks.includes(c)),
        config,
      ).toEqual([]);
    }
    // a folder walked with no configuration file in or above it: no YAML either
    const bare = join(scratch, "project-bare");
    mkdirSync(join(bare, "svc"), { recursive: true });
    copyFileSync(
      join(repoDir, "examples", "enginefiles", "web", "Enginefile"),
      join(bare, "svc", "Enginefile"),
    );
    const chunks = await chunksRun(join(scratch, "cache-bare"), ["lint", bare]);
    expect(chunks.filter((c) => yamlChunks.includes(c))).toEqual([]);
    // an Enginefile that mounts a secret, with no Compose file in or above its folder: no YAML either; one
    // that mounts none, beside a compose.yaml: the Compose project is not loaded
    const mounting = "FROM alpine:3.20\nRUN --mount=type=secret,id=npmrc cat /run/secrets/npmrc\n";
    const alone = join(scratch, "project-secret-alone");
    mkdirSync(alone);
    writeFileSync(join(alone, "Enginefile"), mounting);
    const aloneChunks = await chunksRun(join(scratch, "cache-secret-alone"), [
      "lint",
      join(alone, "Enginefile"),
    ]);
    expect(aloneChunks.filter((c) => yamlChunks.includes(c))).toEqual([]);
    const composed = join(scratch, "project-composed");
    mkdirSync(composed);
    writeFileSync(join(composed, "compose.yaml"), "services:\n  web:\n    build: .\n");
    writeFileSync(join(composed, "Enginefile"), "FROM alpine:3.20\nRUN true\n");
    const composedChunks = await chunksRun(join(scratch, "cache-composed"), [
      "lint",
      join(composed, "Enginefile"),
    ]);
    expect(composedChunks.filter((c) => yamlChunks.includes(c))).toEqual([]);
  }, 60_000);

  test("a command that sets a V8 flag while it runs (secrets ls) keeps a code cache V8 accepts, and loads no linter and no engine schema", async () => {
    // keepHttpParserOnBaselineTier sets a V8 flag after chunks have compiled; a cache written at exit
    // under the new flags would be rejected and written again by every run
    const server = await startDevServer({ seed: { secrets: { "secret/app/db": { password: "x" } } } });
    try {
      const cacheRoot = join(scratch, "secrets-cache");
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_COMPILE_CACHE: cacheRoot,
        SVC_ADDR: server.address,
        SVC_TOKEN: server.rootToken,
      };
      delete env.NODE_DISABLE_COMPILE_CACHE;
      const first = await run(bundle, ["secrets", "ls", "secret/app/"], env);
      expect(first).toEqual({ code: 0, stdout: "db\n", stderr: "" });
      const files = readdirSync(cacheRoot, { recursive: true, encoding: "utf8" }).filter((p) =>
        p.endsWith(".v8"),
      );
      expect(files.length).toBeGreaterThan(5);
      const written = new Map(files.map((p) => [p, statSync(join(cacheRoot, p)).mtimeMs]));
      expect(await run(bundle, ["secrets", "ls", "secret/app/"], env)).toEqual(first);
      for (const [p, mtime] of written) expect(statSync(join(cacheRoot, p)).mtimeMs, p).toBe(mtime);
      // it looks for a configuration file but never loads the linter (its rules) to do so
      const linterChunks = chunksHolding('id: "no-sudo"');
      expect(linterChunks.length).toBeGreaterThan(0);
      expect(chunksInCodeCache(cacheRoot).filter((c) => linterChunks.includes(c))).toEqual([]);
      // nor the engine's request schemas: lint --online takes its clients from a module of its own
      // (actions/online-clients.ts); a dynamic import() of the api root there made every command that
      // uses the api load them (issue 28: secrets ls ran 56 chunks, 3.66 MB, instead of 31, 3.28 MB)
      const schemaChunks = chunksHolding("OomScoreAdj");
      expect(schemaChunks.length).toBeGreaterThan(0);
      expect(chunksInCodeCache(cacheRoot).filter((c) => schemaChunks.includes(c))).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);

  test("build --list loads no lint rule: BuildKit's warnings and a failure report load them when there is one", async () => {
    // the build action mapped BuildKit's warning names to rule ids and masked secrets in a failure report
    // with the linter's modules, imported statically: every build loaded the rule registry and the shell
    // parser (build --list: 42 chunks, 3.73 MB; without them 34, 3.04 MB)
    const project = join(scratch, "build-list");
    mkdirSync(project);
    writeFileSync(join(project, "Enginefile"), "FROM alpine\nCOPY . /app\n");
    writeFileSync(join(project, "app.txt"), "x\n");
    const cacheRoot = join(scratch, "build-list-cache");
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_COMPILE_CACHE: cacheRoot };
    delete env.NODE_DISABLE_COMPILE_CACHE;
    const r = await run(bundle, ["build", "--list", project], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("app.txt");
    const ran = chunksInCodeCache(cacheRoot);
    const linterChunks = chunksHolding('id: "no-sudo"');
    expect(linterChunks.length).toBeGreaterThan(0);
    expect(ran.filter((c) => linterChunks.includes(c))).toEqual([]);
  }, 60_000);

  test("writes no code cache when Node's compile cache is disabled", async () => {
    const cacheRoot = join(scratch, "disabled-cache");
    const env = { ...process.env, NODE_COMPILE_CACHE: cacheRoot, NODE_DISABLE_COMPILE_CACHE: "1" };
    const r = await run(bundle, ["lint", "examples/enginefiles/web/Enginefile"], env);
    expect(r.stderr).toBe("");
    expect(existsSync(cacheRoot)).toBe(false);
  }, 60_000);
});

/** The version check every entry runs (launcher/node-version.cjs) and the bin that runs it first. */
const versionCheckSource = readFileSync(join(packageDir, "launcher", "node-version.cjs"), "utf8");
const launcherSource = readFileSync(join(packageDir, "launcher", "enginekit.cjs"), "utf8");
/** The minimum, `[major, minor, patch]`, as written in launcher/node-version.cjs. */
const minimum = /var MINIMUM = \[(\d+), (\d+), (\d+)\];/.exec(versionCheckSource)?.slice(1).map(Number) ?? [];

describe("the launcher (bin) on every Node", () => {
  test("states the same minimum as package.json's engines", () => {
    expect(minimum).toHaveLength(3);
    expect(engines.node).toBe(`>=${minimum[0]}.${minimum[1]}`);
  });

  test("is ES5 syntax, so any Node parses it and can say which version it needs", async () => {
    const { transform } = await import("esbuild");
    // esbuild refuses to lower let/const, arrows, classes, template literals… to ES5: any of them fails here.
    for (const source of [launcherSource, versionCheckSource, readFileSync(bundle, "utf8")])
      await expect(transform(source, { target: "es5", loader: "js" })).resolves.toBeDefined();
  });

  // The machine's own Node (Debian's, older than the minimum on CI machines) when there is one.
  const older = ["/usr/bin/node", "/usr/local/bin/node"]
    .map((path) => ({
      path,
      version: spawnSync(path, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "",
    }))
    .find(({ version }) => {
      const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
      return version !== "" && (major < minimum[0]! || (major === minimum[0] && minor < minimum[1]!));
    });
  test(
    `on an older Node (${older?.version ?? "none found"}), every command of the bin and of the bundle's entry prints one line naming the version it needs and exits 2`,
    skipIf(
      !older || !built,
      built ? "no Node older than the minimum at /usr/bin/node or /usr/local/bin/node" : NEEDS_BUILD,
    ),
    () => {
      const commands = [
        ["--version"],
        ["lint", "examples"],
        ["lsp", "--stdio"],
        ["build", "."],
        ["engine", "info"],
        [],
      ];
      // the bundle's entry is what the README suggests running with `node` (issue 30: "reading 'bind'")
      for (const args of commands.flatMap((c) => [
        [launcher, ...c],
        [bundle, ...c],
      ])) {
        const r = spawnSync(older!.path, args, { encoding: "utf8", timeout: 10_000 });
        expect(r.status).toBe(2);
        expect(r.stdout).toBe("");
        expect(r.stderr).toBe(
          `enginekit: needs Node.js ${minimum.join(".")} or later; this is Node.js ${older!.version}\n`,
        );
      }
    },
  );
});
