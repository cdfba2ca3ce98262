/**
 * A background ShellCheck run whose document was closed or edited is stopped: its process is killed at
 * once, so the server does not hold a closed document (or spend a core) until ShellCheck ends. The
 * stand-in `shellcheck` is a script that records its pid and then waits, so the test sees the process.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { analyzeEnginefile, DEFAULT_SETTINGS } from "@enginekit/lint";
import { afterEach, describe, expect, it } from "vitest";
import { ShellcheckSource } from "../src/kinds/enginefile/shellcheck-source.js";

const sources: ShellcheckSource[] = [];
afterEach(() => {
  for (const s of sources.splice(0)) s.dispose();
});

/** A `shellcheck` that writes its pid to `<dir>/pid-<n>` and sleeps (it never answers by itself). */
function slowShellcheck(): { executable: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "ek-slow-shellcheck-"));
  const executable = join(dir, "shellcheck");
  writeFileSync(executable, `#!/bin/sh\necho $$ > "${dir}/pid-$(ls "${dir}" | wc -l)"\nexec sleep 30\n`);
  chmodSync(executable, 0o755);
  return { executable, dir };
}

async function pidOf(dir: string, n: number): Promise<number> {
  const file = join(dir, `pid-${n}`);
  for (let i = 0; i < 200 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 25));
  return Number(readFileSync(file, "utf8").trim());
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 80 && alive(pid); i++) await new Promise((r) => setTimeout(r, 25));
  return !alive(pid);
}

describe("ShellcheckSource stops runs that went stale", () => {
  it("closing the document kills its ShellCheck process, and nothing is reported", async () => {
    const { executable, dir } = slowShellcheck();
    const ready: string[] = [];
    const logged: string[] = [];
    const source = new ShellcheckSource(
      (uri) => ready.push(uri),
      0,
      executable,
      (m) => logged.push(m),
    );
    sources.push(source);
    const file = analyzeEnginefile("FROM debian:12\nRUN cd /x\n", {});
    expect(source.findingsFor("file:///a/Enginefile", file, DEFAULT_SETTINGS)).toEqual([]);
    const pid = await pidOf(dir, 1); // pid files are numbered by the entries already in the folder
    expect(alive(pid)).toBe(true);
    source.forget("file:///a/Enginefile");
    expect(await gone(pid)).toBe(true);
    expect(ready).toEqual([]);
    expect(logged).toEqual([]);
  });

  it("an edit stops the run for the old text before the new one starts", async () => {
    const { executable, dir } = slowShellcheck();
    const source = new ShellcheckSource(() => {}, 0, executable);
    sources.push(source);
    const uri = "file:///b/Enginefile";
    source.findingsFor(uri, analyzeEnginefile("FROM debian:12\nRUN cd /x\n", {}), DEFAULT_SETTINGS);
    const first = await pidOf(dir, 1);
    source.findingsFor(uri, analyzeEnginefile("FROM debian:12\nRUN cd /y\n", {}), DEFAULT_SETTINGS);
    expect(await gone(first)).toBe(true);
    const second = await pidOf(dir, 2);
    expect(alive(second)).toBe(true);
    source.dispose();
    expect(await gone(second)).toBe(true);
  });
});

describe("ShellcheckSource bounds its processes (#29)", () => {
  /** A `shellcheck` that writes which document it checks to `<dir>/run-<pid>` and sleeps. */
  function recordingShellcheck(): { executable: string; dir: string } {
    const dir = mkdtempSync(join(tmpdir(), "ek-pool-shellcheck-"));
    const executable = join(dir, "shellcheck");
    writeFileSync(
      executable,
      `#!/bin/sh\nfor a in "$@"; do case "$a" in *.sh) cat "$a";; esac; done | grep -o 'doc[0-9]*' | head -1 > "${dir}/run-$$.tmp"\nmv "${dir}/run-$$.tmp" "${dir}/run-$$"\nexec sleep 30\n`,
    );
    chmodSync(executable, 0o755);
    return { executable, dir };
  }
  const runs = (dir: string) =>
    readdirSync(dir)
      .filter((n) => /^run-\d+$/.test(n))
      .map((n) => ({ pid: Number(n.slice(4)), doc: readFileSync(join(dir, n), "utf8").trim() }));
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
    return ok();
  };

  it("runs at most the limit at once, and the document in focus goes next", async () => {
    const { executable, dir } = recordingShellcheck();
    const source = new ShellcheckSource(
      () => {},
      0,
      executable,
      () => {},
      2,
    );
    sources.push(source);
    const uri = (i: number) => `file:///pool/doc${i}/Enginefile`;
    for (let i = 0; i < 30; i++)
      source.findingsFor(
        uri(i),
        analyzeEnginefile(`FROM debian:12\nRUN echo doc${i}\n`, {}),
        DEFAULT_SETTINGS,
      );
    expect(await until(() => runs(dir).length === 2)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(runs(dir)).toHaveLength(2);
    expect(source.runningCount).toBe(2);
    // the user looks at doc17; doc0's run is stopped (closed), so a slot frees
    source.focus(uri(17));
    const first = runs(dir).find((r) => r.doc === "doc0");
    expect(first, JSON.stringify(runs(dir))).toBeDefined();
    source.forget(uri(0));
    expect(await gone(first!.pid)).toBe(true);
    expect(await until(() => runs(dir).length === 3)).toBe(true);
    expect(runs(dir).map((r) => r.doc)).toContain("doc17");
    source.dispose();
    for (const r of runs(dir)) expect(await gone(r.pid)).toBe(true);
  }, 30_000);
});
