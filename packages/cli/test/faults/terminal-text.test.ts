/**
 * Untrusted text the command line prints besides lint reports (docs/security.md "Untrusted text"):
 * error lines quoting a path, `build --list` and warnings naming context files, `engine info` values.
 * Control characters are shown as escapes; before, they reached the terminal as they were.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatEngineInfo } from "../../src/actions/engine.js";
import { runCaptured } from "../run-in-process.js";

const dir = mkdtempSync(join(tmpdir(), "enginekit-terminal-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** Raw control characters (tab and line feed allowed). */
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe("untrusted text on the terminal", () => {
  it("an error line quoting a path", async () => {
    const r = await runCaptured(["lint", join(dir, "no\x1b]0;title\x07such")]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain("no\\x1b]0;title\\x07such: no such file or directory");
  });

  it("build --list with a context file named with escape sequences", async () => {
    const context = join(dir, "ctx");
    mkdirSync(context);
    writeFileSync(join(context, "Enginefile"), "FROM alpine:3.19\n");
    writeFileSync(join(context, "evil\x1b[2J\x9b1m.txt"), "x");
    const r = await runCaptured(["build", context, "--list"]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toContain("send     evil\\x1b[2J\\x9b1m.txt\n");
  });

  it("format and format --check name files through the escaper (issue 29)", async () => {
    const tree = join(dir, "format");
    mkdirSync(tree);
    // An OSC title, a CSI clear and a line feed that would forge a second "not formatted:" line.
    const name = "a\x1b]0;owned\x07\x1b[2J\nnot formatted: forged.Enginefile";
    writeFileSync(join(tree, name), "from alpine:3.19\n");
    const check = await runCaptured(["format", "--check", "."], {}, tree);
    expect(check.code).toBe(1);
    expect(check.stdout).not.toMatch(RAW_CONTROL);
    expect(check.stdout).toBe(
      "not formatted: a\\x1b]0;owned\\x07\\x1b[2J\\x0anot formatted: forged.Enginefile\n",
    );
    const write = await runCaptured(["format", "."], {}, tree);
    expect(write.code).toBe(0);
    expect(write.stdout).toBe("formatted a\\x1b]0;owned\\x07\\x1b[2J\\x0anot formatted: forged.Enginefile\n");
  });

  it("unknown option and unknown command messages escape the argument (issue 29)", async () => {
    for (const argv of [["lint", "--\x1b]52;c;ZXZpbA==\x07"], ["format", "--x\x9b2J"], ["\x1b[2Jpwn"]]) {
      const r = await runCaptured(argv);
      expect(r.code).toBe(2);
      expect(r.stderr).not.toMatch(RAW_CONTROL);
      expect(r.stderr).toMatch(/^enginekit: (unknown option|unknown command|too many arguments)/);
      expect(r.stderr).toMatch(/\\x1b|\\x9b/);
    }
  });

  it("engine info values", () => {
    const text = formatEngineInfo({
      address: "tcp://127.0.0.1:2375",
      addressSource: "DOCKER_HOST\x1b[31m",
      engineVersion: "20.10\x1b]52;c;ZXZpbA==\x07",
      apiVersion: "1.41",
      engineApiMin: null,
      engineApiMax: null,
      negotiationNote: null,
      os: "linux",
      arch: "amd64",
      kernelVersion: "6.1\r\x1b[1A",
    });
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).toContain("20.10\\x1b]52;c;ZXZpbA==\\x07\n");
  });
});
