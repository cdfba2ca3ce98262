/**
 * Differential test against the engine CLI itself (the oracle): for seeded random contexts and ignore
 * files full of the characters the engine reads as regexp syntax (`|`, `{`, `}`, backslash escapes, POSIX
 * classes, wildcards in brackets), the real `docker` CLI (28.x, classic builder) uploads its context to a
 * capturing stand-in engine on a Unix socket, and `planContext({ exceptionMode: "engine-cli" })` must plan
 * exactly the same entries — or fail with the same `syntax error in pattern` when the CLI does.
 * Replay a failure with `ENGINEKIT_ORACLE_SEED=<seed printed below>`. Skips (with a message) when no
 * engine CLI ≥ 25 is installed; the machine image CI runs on ships 28.x in /usr/local/bin.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededRandom } from "@enginekit/engine-tools";
import { extract } from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipIf } from "../../../vitest.shared.js";
import { IgnoreFileError, packContext, planContext } from "../src/index.js";
import { collect, makeTree } from "./pack-helpers.js";

function findEngineCli(): string | undefined {
  for (const candidate of ["/usr/local/bin/docker", "docker"]) {
    try {
      const out = execFileSync(candidate, ["--version"], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
      const major = Number(/version (\d+)\./.exec(out)?.[1] ?? 0);
      if (major >= 25) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

const cli = findEngineCli();
if (!cli) console.warn("engine-cli-oracle: no docker CLI >= 25 installed; the differential test is skipped");

/** A stand-in engine that answers the CLI's handshake and captures the tar of `POST /build`. */
function startCapture(socket: string): {
  server: Server;
  next: () => Promise<string[]>;
  lastBytes: () => Buffer;
} {
  let waiting: ((names: string[]) => void) | undefined;
  let bytes = Buffer.alloc(0);
  const server = createServer((req, res) => {
    const url = req.url ?? "";
    if (url.endsWith("/_ping")) {
      res.writeHead(200, { "API-Version": "1.41", OSType: "linux", "Content-Type": "text/plain" });
      res.end(req.method === "HEAD" ? undefined : "OK");
      return;
    }
    if (url.includes("/version")) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ ApiVersion: "1.41", MinAPIVersion: "1.12", Os: "linux", Arch: "amd64" }));
      return;
    }
    if (req.method === "POST" && url.includes("/build")) {
      const names: string[] = [];
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        bytes = Buffer.concat(chunks);
      });
      const ex = extract();
      ex.on("entry", (header, stream, next) => {
        names.push(header.name);
        stream.on("end", next);
        stream.resume();
      });
      ex.on("finish", () => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(`${JSON.stringify({ errorDetail: { message: "captured" }, error: "captured" })}\n`);
        waiting?.(names.sort());
        waiting = undefined;
      });
      req.pipe(ex);
      return;
    }
    res.writeHead(404, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ message: "not found" }));
  });
  server.listen(socket);
  return {
    server,
    lastBytes: () => bytes,
    next: () =>
      new Promise<string[]>((resolve) => {
        waiting = resolve;
      }),
  };
}

const FILES = ["a", "aa", "ab", "a{2}", "x", "xyz", "x.md", "doc.md", "b", "c.txt", "q", "Zed", "a b", "é"];
const DIR_FILES = ["dir/a", "dir/x.md", "dir/sub/b", "dir/sub/aa", "lib/x.md", "lib/keep"];
const PATTERNS = [
  "x|*.md",
  "a{2}*",
  "a*|",
  "a\\b*",
  "[[:alpha:]]",
  "[*]",
  "*.md",
  "dir",
  "!dir/x.md",
  "**/b",
  "a?",
  "[a-c]*",
  "x*|q",
  "a{1,2}",
  "*{2}",
  "dir/*",
  "!**/a",
  "^a*",
  "a$*",
  "\\d*",
  "[^a]*",
  "lib/*|",
  "!lib/keep",
  "*|dir/sub/*",
  "?{3}",
  "a*\\",
  "!x/[z-a]",
  "[z-a]*",
  "\\pL*",
  ".dockerignore",
  "Dockerfile",
];

function pick<T>(rnd: () => number, items: readonly T[], min: number, max: number): T[] {
  const n = min + Math.floor(rnd() * (max - min + 1));
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(items[Math.floor(rnd() * items.length)]!);
  return out;
}

describe(
  "ignore patterns as the engine CLI reads them (oracle: the real docker CLI)",
  skipIf(!cli, "no docker CLI 25 or later on PATH (the oracle of this differential test)"),
  () => {
    const dir = mkdtempSync(join(tmpdir(), "ek-oracle-"));
    const socket = join(dir, "engine.sock");
    let capture: ReturnType<typeof startCapture>;
    beforeAll(() => {
      capture = startCapture(socket);
    });
    afterAll(async () => {
      await new Promise((r) => capture.server.close(r));
      rmSync(dir, { recursive: true, force: true });
    });

    /** Runs the CLI on `context`; the captured entry names, or the CLI's error line. */
    async function cliSends(context: string): Promise<string[] | { error: string }> {
      const names = capture.next();
      const child = spawn(cli!, ["build", "-q", "."], {
        cwd: context,
        env: {
          PATH: process.env.PATH,
          DOCKER_HOST: `unix://${socket}`,
          DOCKER_BUILDKIT: "0",
          DOCKER_CONFIG: dir,
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
      });
      const exited = new Promise<string>((resolve) => child.on("close", () => resolve(stderr)));
      const first = await Promise.race([names, exited]);
      if (Array.isArray(first)) {
        await exited;
        return first;
      }
      return { error: first.trim().split("\n").pop() ?? first };
    }

    async function oursSends(context: string): Promise<string[] | { error: string }> {
      try {
        const plan = await planContext({ context, exceptionMode: "engine-cli" });
        return plan.entries.map((e) => e.header.name).sort();
      } catch (error) {
        if (error instanceof IgnoreFileError) return { error: error.message };
        throw error;
      }
    }

    const seed = Number(process.env.ENGINEKIT_ORACLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
    it(`agrees with the CLI on 40 generated contexts (seed ${seed})`, { timeout: 120_000 }, async () => {
      const rnd = seededRandom(seed);
      let errors = 0;
      for (let n = 0; n < 40; n++) {
        const patterns = pick(rnd, PATTERNS, 1, 4);
        const files: Record<string, string> = {
          Dockerfile: "FROM scratch\nCOPY . /\n",
          ".dockerignore": `${patterns.join("\n")}\n`,
        };
        for (const f of pick(rnd, [...FILES, ...DIR_FILES], 3, 9)) files[f] = f;
        const context = makeTree(files);
        const theirs = await cliSends(context);
        const ours = await oursSends(context);
        const label = `seed ${seed}, case ${n}, .dockerignore ${JSON.stringify(patterns)}, files ${JSON.stringify(Object.keys(files).sort())}`;
        if (Array.isArray(theirs)) {
          expect(ours, label).toEqual(theirs);
        } else {
          errors++;
          expect(theirs.error, label).toContain("syntax error in pattern");
          expect(Array.isArray(ours) ? ours : ours.error, label).toContain("syntax error in pattern");
        }
      }
      // The generator must exercise both outcomes.
      expect(errors).toBeGreaterThan(0);
      expect(errors).toBeLessThan(40);
    });

    it.each([
      ["x|*.md", ["x", "xyz", "doc.md"], ["b"]],
      ["a{2}*", ["aa", "aab"], ["a{2}"]],
      ["a\\b*", ["a"], ["ab"]],
      ["[[:alpha:]]", ["q"], ["1", "qq"]],
      ["a*/[]a]", ["ab/a"], ["ab/c"]],
    ])("%j excludes %j and keeps %j, as the engine's regexp does", async (pattern, gone, kept) => {
      const files: Record<string, string> = { Dockerfile: "FROM scratch\n", ".dockerignore": `${pattern}\n` };
      for (const f of [...gone, ...kept]) files[f] = f;
      const context = makeTree(files);
      const ours = (await oursSends(context)) as string[];
      expect(ours).toEqual(await cliSends(context));
      for (const g of gone) expect(ours).not.toContain(g);
      for (const k of kept) expect(ours).toContain(k);
    });

    it("writes the same bytes as the CLI for non-ASCII and long names (Go archive/tar PAX headers)", async () => {
      const long = "d".repeat(90);
      const context = makeTree({
        Dockerfile: "FROM scratch\n",
        "dïr/fïle€.txt": "hi",
        [`${"a".repeat(120)}`]: "x",
        [`${long}/${"f".repeat(90)}`]: "y",
        ünïcødé: "z",
      });
      const theirs = await cliSends(context);
      expect(Array.isArray(theirs)).toBe(true);
      const ours = await collect(packContext(await planContext({ context, exceptionMode: "engine-cli" })));
      expect(ours.equals(capture.lastBytes())).toBe(true);
    });

    it("the ignore file is sent even when it excludes itself, as the CLI sends it", async () => {
      const context = makeTree({
        Dockerfile: "FROM scratch\n",
        ".dockerignore": ".dockerignore\n*.md\n",
        "a.md": "",
      });
      const ours = await oursSends(context);
      expect(ours).toEqual([".dockerignore", "Dockerfile"]);
      expect(ours).toEqual(await cliSends(context));
    });

    it("an exception after which nothing is excluded is never evaluated, so its broken regexp is no error", async () => {
      const context = makeTree({ Dockerfile: "FROM scratch\n", ".dockerignore": "!x/[z-a]\n", a: "" });
      expect(await oursSends(context)).toEqual(await cliSends(context));
      const broken = makeTree({ Dockerfile: "FROM scratch\n", ".dockerignore": "x/[z-a]\n", a: "" });
      const theirs = await cliSends(broken);
      expect(theirs).toEqual({ error: "error checking context: syntax error in pattern" });
      const ours = await oursSends(broken);
      expect(ours).toMatchObject({
        error: expect.stringContaining(".dockerignore:1:1: syntax error in pattern"),
      });
    });
  },
);
