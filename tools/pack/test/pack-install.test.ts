/**
 * What a user gets from npm: packs the published packages (pack.mjs), checks each tarball's manifest
 * against its files, installs `enginekit` into a temporary global prefix and a temporary project with
 * npm (not pnpm), and runs the installed copies — `lint`, `lsp` over stdio, `secrets dev`, `build --list`,
 * `npx enginekit lint`, and the libraries imported and type-checked from a fresh project.
 * Only the libraries' third-party dependencies come from the npm registry; `enginekit` has none.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import { LIBRARIES, packAll } from "../pack.mjs";

const repo = resolve(import.meta.dirname, "..", "..", "..");
/** Node ≥ the minimum first on PATH, so npm, npx and the installed bin run on it (the machine's may be older). */
const env = {
  ...process.env,
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  NO_COLOR: "1",
};
const NPM_FLAGS = ["--no-audit", "--no-fund", "--loglevel=error"];

let work: string;
let tarballs: { command: string; libraries: string[] };
let bin: string;

function run(command: string, args: string[], cwd: string, timeout = 120_000) {
  const r = spawnSync(command, args, { cwd, env, encoding: "utf8", timeout });
  return { code: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

function must(command: string, args: string[], cwd: string, timeout?: number): string {
  const r = run(command, args, cwd, timeout);
  if (r.code !== 0) throw new Error(`${command} ${args.join(" ")} exited ${r.code}:\n${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** The manifest and the file list of a tarball (paths without the `package/` prefix). */
function readTarball(tarball: string): { manifest: Record<string, unknown>; files: Set<string> } {
  const files = must("tar", ["tzf", tarball], work)
    .split("\n")
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ""));
  const manifest = JSON.parse(must("tar", ["xzOf", tarball, "package/package.json"], work));
  return { manifest, files: new Set(files) };
}

/** Every file an `exports` map points at (conditions at any depth). */
function exportTargets(value: unknown): string[] {
  if (typeof value === "string") return [value.replace(/^\.\//, "")];
  if (value && typeof value === "object") return Object.values(value).flatMap(exportTargets);
  return [];
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "enginekit-pack-"));
  tarballs = await packAll(join(work, "tarballs"));
  must(
    "npm",
    ["install", "--global", "--prefix", join(work, "prefix"), tarballs.command, ...NPM_FLAGS],
    work,
  );
  bin = join(work, "prefix", "bin", "enginekit");
}, 180_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the tarballs", () => {
  it("packs enginekit with no dependencies, its bin, licence and README", () => {
    const { manifest, files } = readTarball(tarballs.command);
    expect(manifest.name).toBe("enginekit");
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.engines).toEqual({ node: ">=22.19" });
    expect(manifest.license).toBe("Apache-2.0");
    const bins = Object.values(manifest.bin as Record<string, string>).map((b) => b.replace(/^\.\//, ""));
    for (const f of [
      ...bins,
      "dist/bundle/enginekit.js",
      "dist/bundle/lint-worker.js",
      "dist/seed/demo.yaml",
    ])
      expect(files, f).toContain(f);
    expect(files).toContain("LICENSE");
    expect(files).toContain("README.md");
  });

  it.each(LIBRARIES)(
    "packs %s with exports, types, licence and README that exist, and no workspace: range",
    (name) => {
      const tarball = tarballs.libraries.find((t) =>
        t.endsWith(`${name.replace("@", "").replace("/", "-")}-0.1.0.tgz`),
      );
      expect(tarball, name).toBeDefined();
      const { manifest, files } = readTarball(tarball!);
      expect(manifest.name).toBe(name);
      expect(JSON.stringify(manifest)).not.toMatch(/workspace:|@enginekit\/source/);
      expect(manifest.devDependencies).toBeUndefined();
      expect(manifest.license).toBe("Apache-2.0");
      expect(manifest.engines).toEqual({ node: ">=22.19" });
      const targets = exportTargets(manifest.exports);
      expect(targets.some((t) => t.endsWith(".d.ts"))).toBe(true);
      for (const target of targets) {
        // A pattern export (`./schemas/*` → `./generated/*`) must match at least one packed file.
        const star = target.indexOf("*");
        if (star < 0) expect(files, `${name} exports ${target}`).toContain(target);
        else
          expect(
            [...files].some((f) => f.startsWith(target.slice(0, star))),
            `${name} exports ${target}`,
          ).toBe(true);
      }
      expect([...files].filter((f) => f.endsWith(".map") || f.startsWith("src/"))).toEqual([]);
      expect(files).toContain("LICENSE");
      expect(files).toContain("README.md");
      // the path docs/manifests.md gives editors for `$schema`
      if (name === "@enginekit/api") expect(files).toContain("generated/service-create.schema.json");
    },
  );
});

describe("enginekit installed with npm i -g", () => {
  let project: string;
  beforeAll(async () => {
    project = join(work, "user-project");
    await mkdir(join(project, "app"), { recursive: true });
    await writeFile(
      join(project, "Enginefile"),
      "FROM alpine:3.20\nRUN apk add curl=8.9.1-r0\nCOPY app /app\n",
    );
    await writeFile(join(project, ".engineignore"), "secret.txt\n");
    await writeFile(join(project, "secret.txt"), "not for the image\n");
    await writeFile(join(project, "app", "main.sh"), "echo hi\n");
  });

  it("prints its version and lints, exiting 1 on a finding", () => {
    expect(must(bin, ["--version"], project).trim()).toBe("0.1.0");
    const r = run(bin, ["lint", "Enginefile"], project);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain("apk-no-cache");
  });

  it("lists the build context, honouring .engineignore", () => {
    const r = run(bin, ["build", "--list", "."], project);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/send\s+app\/main\.sh/);
    expect(r.stdout).toMatch(/exclude\s+secret\.txt/);
  });

  it("answers initialize over stdio with JSON-RPC framing, and exits on shutdown + exit", async () => {
    const child = spawn(bin, ["lsp", "--stdio"], { cwd: project, env, stdio: ["pipe", "pipe", "pipe"] });
    // the framing an editor's client uses (vscode-jsonrpc: Content-Length headers over the pipes)
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    connection.listen();
    try {
      const init = (await connection.sendRequest("initialize", {
        processId: null,
        rootUri: null,
        capabilities: {},
      })) as { serverInfo: { name: string }; capabilities: { completionProvider?: unknown } };
      expect(init.serverInfo.name).toBe("enginekit");
      expect(init.capabilities.completionProvider).toBeDefined();
      await connection.sendRequest("shutdown");
      const exited = new Promise<number | null>((r) => child.once("exit", r));
      await connection.sendNotification("exit");
      expect(await exited).toBe(0);
    } finally {
      connection.dispose();
      child.kill();
    }
  });

  it("runs secrets dev, which answers /v1/sys/health over HTTP", async () => {
    const child = spawn(bin, ["secrets", "dev", "--port", "0"], {
      cwd: project,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const addr = await new Promise<string>((resolveAddr, reject) => {
        let out = "";
        const timer = setTimeout(() => reject(new Error(`no SVC_ADDR within 15 s:\n${out}`)), 15_000);
        child.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const m = /^SVC_ADDR=(\S+)$/m.exec(out);
          if (m) {
            clearTimeout(timer);
            resolveAddr(m[1]!);
          }
        });
      });
      expect(addr).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${addr}/v1/sys/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ initialized: true, sealed: false });
    } finally {
      child.kill("SIGINT");
    }
  });
});

describe("installed into a project with npm i", () => {
  let project: string;
  beforeAll(async () => {
    project = join(work, "npm-project");
    await mkdir(project, { recursive: true });
    await writeFile(join(project, "package.json"), '{ "name": "p", "private": true, "type": "module" }\n');
    must("npm", ["install", tarballs.command, ...tarballs.libraries, ...NPM_FLAGS], project, 170_000);
  }, 180_000);

  it("runs npx enginekit lint from the project's node_modules", async () => {
    await writeFile(join(project, "Enginefile"), "FROM alpine:3.20\nRUN apk add --no-cache curl=8.9.1-r0\n");
    const r = run("npx", ["--no-install", "enginekit", "lint", "Enginefile"], project);
    expect(r.code, r.stderr).toBe(0);
  });

  it("imports every library and type-checks a consumer against the installed types", async () => {
    const consumer = [
      'import { EngineClient } from "@enginekit/api";',
      'import { planContext } from "@enginekit/build-context";',
      'import { parse } from "@enginekit/enginefile";',
      'import { startServer } from "@enginekit/language-server";',
      'import { DEFAULT_SETTINGS, lintText } from "@enginekit/lint";',
      'import { LineIndex } from "@enginekit/manifests";',
      'import { escapeForTerminal } from "@enginekit/node-io";',
      'import { applyTextEdits } from "@enginekit/text";',
      'const ast = parse("FROM alpine\\nRUN apk add curl\\n");',
      'const ids: string[] = lintText(ast.text, "enginefile", "Enginefile", DEFAULT_SETTINGS).map((f) => f.ruleId);',
      "const count: number = ast.instructions.length;",
      "console.log(JSON.stringify({ count, ids, kinds: [typeof EngineClient, typeof planContext, typeof startServer, typeof LineIndex, typeof escapeForTerminal, typeof applyTextEdits] }));",
      "",
    ].join("\n");
    await writeFile(join(project, "consumer.mts"), consumer);
    await writeFile(join(project, "consumer.mjs"), consumer.replace(/: (string\[\]|number)/g, ""));
    const out = JSON.parse(must(process.execPath, ["consumer.mjs"], project));
    expect(out).toEqual({
      count: 2,
      ids: expect.arrayContaining(["apk-no-cache"]),
      kinds: Array(6).fill("function"),
    });
    const tsc = join(repo, "node_modules", ".bin", "tsc");
    const flags = [
      "--noEmit",
      "--strict",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--types",
      "node",
    ];
    must(tsc, [...flags, "--typeRoots", join(repo, "node_modules", "@types"), "consumer.mts"], project);
  }, 120_000);
});
