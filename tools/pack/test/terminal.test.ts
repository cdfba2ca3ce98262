/**
 * What a person sees on a terminal (issue 30: `build` crashed with "SingleBar is not a constructor" on every
 * TTY and no test ran a command on one): the packed `enginekit` installed with npm, run under a real
 * pseudo-terminal (util-linux `script -qec`, which gives the command a PTY as stdin, stdout and stderr), and
 * the bytes the terminal received checked — the progress bar draws and is cleared, colours are on, no stack
 * trace. `build` runs against the real engine (ENGINE_HOST, from tools/engine) reached as a Docker user has
 * it: with no address set, through `/var/run/docker.sock` in a mount namespace of its own (`unshare -m`, as
 * root), so the fallback from `/var/run/engine.sock` is tested end to end.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { packCommand } from "../pack.mjs";

const ESC = "\x1b";
/** What a Node stack trace prints (`    at fn (file:line:col)`), and the CLI's last-resort message. */
const STACK = /^\s+at .+:\d+:\d+\)?$|unexpected error/m;
const haveScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
if (!haveScript) console.warn("skipping terminal tests: util-linux `script` is not installed");

let work: string;
let bin: string;
/** A terminal's environment: colours allowed, the installed Node first on PATH, no engine variable. */
const env: NodeJS.ProcessEnv = {
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  HOME: process.env.HOME,
  TERM: "xterm-256color",
};

/** Runs `command` (a shell line) under a pseudo-terminal; resolves to what the terminal showed and the exit code. */
function onTerminal(command: string, cwd: string, extraEnv: NodeJS.ProcessEnv = {}, timeout = 120_000) {
  const started = Date.now();
  const r = spawnSync("script", ["-qec", command, "/dev/null"], {
    cwd,
    env: { ...env, ...extraEnv },
    encoding: "utf8",
    timeout,
    maxBuffer: 512 * 1024 * 1024,
  });
  return { code: r.status, screen: r.stdout ?? "", stderr: r.stderr ?? "", ms: Date.now() - started };
}

const shellQuote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

beforeAll(async () => {
  if (!haveScript) return;
  work = await mkdtemp(join(tmpdir(), "enginekit-terminal-"));
  const tarball = await packCommand(work);
  const npm = spawnSync(
    "npm",
    [
      "install",
      "--global",
      "--prefix",
      join(work, "prefix"),
      tarball,
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
    ],
    { cwd: work, env: { ...process.env, PATH: env.PATH }, encoding: "utf8", timeout: 170_000 },
  );
  if (npm.status !== 0) throw new Error(`npm install --global failed:\n${npm.stderr}`);
  bin = join(work, "prefix", "bin", "enginekit");
}, 180_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** `count` small Enginefiles with findings, one per folder, under `dir`. */
function enginefiles(dir: string, count: number): void {
  for (let i = 0; i < count; i++) {
    mkdirSync(join(dir, `s${i}`), { recursive: true });
    writeFileSync(
      join(dir, `s${i}`, "Enginefile"),
      `FROM debian:12\nRUN apt-get update && apt-get install -y curl wget git && cd /tmp && echo ${i}\nCOPY . /app\nWORKDIR app\nMAINTAINER me\n`,
    );
  }
}

describe(
  "enginekit on a pseudo-terminal (the installed package)",
  skipIf(!haveScript, "needs script(1) from util-linux"),
  () => {
    it("lint: a progress bar on stderr for a long run, cleared before the report, which is in colour", () => {
      const project = join(work, "many");
      // the bar shows once a run has lasted 1 s; on a fast machine no run of a test's size lasts that long,
      // so the threshold is 0 here (ENGINEKIT_PROGRESS_AFTER_MS) and the bar must draw at once
      const count = 1500;
      enginefiles(join(project, "batch0"), count);
      const run = onTerminal(`${shellQuote(bin)} lint --no-shellcheck .`, project, {
        ENGINEKIT_PROGRESS_AFTER_MS: "0",
      });
      expect(run.code).toBe(1);
      expect(run.screen).not.toMatch(STACK);
      const bars = [...run.screen.matchAll(/Linting \[[^\]]*\] (\d+)\/(\d+) files/g)];
      expect(bars.length, run.screen.slice(0, 400)).toBeGreaterThan(0);
      expect(Number(bars[0]![2])).toBe(count);
      // the counts only go up, and the bar is cleared (erase line) before the first finding is printed
      const done = bars.map((b) => Number(b[1]));
      expect([...done].sort((a, b) => a - b)).toEqual(done);
      const afterBar = run.screen.slice(bars.at(-1)!.index! + bars.at(-1)![0].length);
      const firstFinding = afterBar.search(/maintainer-deprecated/);
      expect(firstFinding).toBeGreaterThan(0);
      expect(afterBar.slice(0, firstFinding)).toContain(`${ESC}[2K`);
      // colours on: stylish's severities are coloured on a terminal
      expect(afterBar).toMatch(new RegExp(`${ESC}\\[3\\dm(error|warning|info)`));
      expect(afterBar).toMatch(new RegExp(`${ESC}\\[1m\\d+ findings${ESC}\\[22m \\(.*\\) in ${count} files`));
    }, 300_000);

    it("lint: no progress in a machine format or when stderr is not the terminal", () => {
      const project = join(work, "many");
      const json = onTerminal(`${shellQuote(bin)} lint --no-shellcheck --format json .`, project);
      expect(json.code).toBe(1);
      expect(json.screen).not.toContain("Linting [");
      expect(json.screen).not.toMatch(STACK);
      const err = join(work, "stderr.txt");
      const piped = onTerminal(`${shellQuote(bin)} lint --no-shellcheck . 2>${shellQuote(err)}`, project);
      expect(piped.code).toBe(1);
      expect(piped.screen).not.toContain("Linting [");
      expect(readFileSync(err, "utf8")).toBe("");
    }, 300_000);

    it("lint --explain: the rule page rendered for the terminal, not raw Markdown", () => {
      const r = onTerminal(`${shellQuote(bin)} lint --explain apk-no-cache`, work);
      expect(r.code).toBe(0);
      expect(r.screen).toContain(`${ESC}[1m${ESC}[4mapk-no-cache`);
      for (const markup of ["```", "|---|", "## ", "<!--"]) expect(r.screen).not.toContain(markup);
      expect(r.screen).toContain(`    ${ESC}[36mFROM alpine:3.20`);
    });

    it("format: says which files are not formatted, rewrites them, no stack trace", () => {
      const dir = join(work, "format");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "Enginefile"), "from alpine:3.20\nrun echo hi\n");
      const check = onTerminal(`${shellQuote(bin)} format --check Enginefile`, dir);
      expect(check.code).toBe(1);
      expect(check.screen).toContain("not formatted: Enginefile");
      const write = onTerminal(`${shellQuote(bin)} format Enginefile`, dir);
      expect(write.code, write.screen).toBe(0);
      expect(readFileSync(join(dir, "Enginefile"), "utf8")).toBe("FROM alpine:3.20\nRUN echo hi\n");
      for (const r of [check, write]) expect(r.screen).not.toMatch(STACK);
    });

    it("secrets dev: prints its address and token, stops on Ctrl-C without a stack trace", () => {
      // SIGINT after 3 s, as Ctrl-C on the terminal would send it
      const r = onTerminal(
        `timeout --preserve-status -s INT 3 ${shellQuote(bin)} secrets dev --port 0`,
        work,
      );
      expect(r.screen).toMatch(/SVC_ADDR=http:\/\/127\.0\.0\.1:\d+/);
      expect(r.screen).not.toMatch(STACK);
      expect([0, 130]).toContain(r.code);
    });

    const engineHost = process.env.ENGINE_HOST;
    const socket = engineHost?.startsWith("unix://") ? engineHost.slice("unix://".length) : undefined;
    const canUnshare =
      socket !== undefined && spawnSync("unshare", ["-m", "true"], { encoding: "utf8" }).status === 0;
    if (engineHost && !canUnshare)
      console.warn("terminal build test: no mount namespace (unshare -m as root); using ENGINE_HOST");

    it("build: the upload's bar draws and is cleared, the build's output follows, the image ID at the end", {
      ...skipIf(!engineHost, NEEDS_ENGINE),
      timeout: 180_000,
    }, () => {
      const context = join(work, "context");
      mkdirSync(context, { recursive: true });
      writeFileSync(join(context, "Enginefile"), "FROM scratch\nCOPY data.bin /data.bin\n");
      writeFileSync(join(context, "data.bin"), Buffer.alloc(8 * 1024 * 1024, 7));
      // the classic builder: its upload bar (cli-progress) is what crashed on a terminal (issue 30); the BuildKit
      // display on a terminal is tested in packages/cli/test/build-buildkit.engine.test.ts
      const build = `${shellQuote(bin)} build --builder classic -t enginekit-terminal-test:latest .`;
      // A Docker user's machine: no ENGINE_HOST or DOCKER_HOST, the engine's socket at /var/run/docker.sock
      // (a private /run in a mount namespace of this command only; /var/run is /run on Debian).
      const command = canUnshare
        ? `unshare -m sh -ec ${shellQuote(`mount -t tmpfs tmpfs /run && ln -s ${shellQuote(socket!)} /run/docker.sock && ${build}`)}`
        : build;
      const r = onTerminal(command, context, canUnshare ? {} : { ENGINE_HOST: engineHost });
      expect(r.code, r.screen).toBe(0);
      expect(r.screen).not.toMatch(STACK);
      expect(r.screen).toMatch(/Sending build context \[[^\]]*\] \d+%/);
      const lastBar = r.screen.lastIndexOf("Sending build context [");
      const rest = r.screen.slice(lastBar);
      expect(rest.indexOf(`${ESC}[2K`)).toBeGreaterThan(0);
      expect(rest).toMatch(/Step 1\/2 : FROM scratch/);
      // the engine's own output, then the image ID on stdout as the last line
      expect(rest).toMatch(/Successfully built ([0-9a-f]{12})\r?\n[\s\S]*\r?\n\1\r?\n$/);
      spawnSync("docker", ["-H", engineHost!, "rmi", "enginekit-terminal-test:latest"], {
        encoding: "utf8",
      });
    });
  },
);
