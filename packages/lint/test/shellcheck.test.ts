import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { analyzeEnginefile } from "../src/enginefile/analysis.js";
import { lintFiles } from "../src/node/lint-files.js";
import { findShellcheck } from "../src/node/shellcheck-process.js";
import { shellcheckScripts } from "../src/shellcheck/scripts.js";

const executable = findShellcheck();
if (!executable && process.env.CI) throw new Error("shellcheck is not on PATH (.ci/run installs it)");

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "enginekit-shellcheck-test-"));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

/** `ruleId severity line:col-line:col` (1-based) of each ShellCheck finding. */
function shellcheckFindings(result: {
  findings: {
    ruleId: string;
    severity: string;
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
  }[];
}): string[] {
  return result.findings
    .filter((f) => f.ruleId.startsWith("shellcheck/"))
    .map(
      (f) =>
        `${f.ruleId} ${f.severity} ${f.range.start.line + 1}:${f.range.start.character + 1}-${f.range.end.line + 1}:${f.range.end.character + 1}`,
    );
}

const ENGINEFILE = [
  "FROM debian:12",
  "ARG VERSION=1",
  "RUN echo ok && \\",
  "    cd /tmp; ls $VERSION $undefinedvar",
  "RUN <<EOF",
  "#!/bin/bash",
  'for f in $(ls /a); do echo "$f"; done',
  "EOF",
  "RUN <<EOF",
  "#!/usr/bin/env python3",
  "print($x)",
  "EOF",
  'RUN ["sh", "-c", "echo $y"]',
  'SHELL ["pwsh", "-Command"]',
  "RUN Write-Host $z",
  "",
].join("\n");

describe.skipIf(!executable)("ShellCheck inside RUN (the real shellcheck)", () => {
  test("reports ShellCheck's findings at the exact Enginefile range with its severity, across continuations and heredocs", async () => {
    const root = folder({ Enginefile: ENGINEFILE });
    const [result] = await lintFiles(["Enginefile"], { cwd: root, workers: 0 });
    expect(shellcheckFindings(result!)).toEqual([
      "shellcheck/SC2164 warning 4:5-4:12",
      "shellcheck/SC2086 info 4:17-4:25",
      "shellcheck/SC2086 info 4:26-4:39",
      // undefinedvar is not an ARG: SC2154 stays; VERSION is one: no SC2154 for it
      "shellcheck/SC2154 warning 4:26-4:39",
      "shellcheck/SC2045 error 7:10-7:18",
    ]);
    const f = result!.findings.find((x) => x.ruleId === "shellcheck/SC2164");
    expect(f?.message).toContain("https://www.shellcheck.net/wiki/SC2164");
  });

  test("runs one ShellCheck process for all files, and follows the configuration and suppressions", async () => {
    const root = folder({
      "a.Enginefile": "FROM debian:12\nRUN cd /x\n",
      "b.Enginefile": "FROM debian:12\n# enginekit-ignore shellcheck/SC2164\nRUN cd /y\nRUN ls $q\n",
      "c.Enginefile": "FROM debian:12\nRUN cd /z; ls $q\n",
      ".enginekit.yaml": "rules:\n  shellcheck/SC2086: off\n  shellcheck/SC2154: error\n",
      "counting-shellcheck": `#!/bin/sh\necho run >> "${"$"}{0%/*}/runs"\nexec ${executable} "$@"\n`,
    });
    chmodSync(join(root, "counting-shellcheck"), 0o755);
    const results = await lintFiles(["."], {
      cwd: root,
      workers: 0,
      shellcheck: join(root, "counting-shellcheck"),
    });
    expect(readFileSync(join(root, "runs"), "utf8")).toBe("run\n");
    expect(results.map((r) => [r.path, shellcheckFindings(r)])).toEqual([
      ["a.Enginefile", ["shellcheck/SC2164 warning 2:5-2:10"]],
      ["b.Enginefile", ["shellcheck/SC2154 error 4:8-4:10"]],
      ["c.Enginefile", ["shellcheck/SC2164 warning 2:5-2:10", "shellcheck/SC2154 error 2:15-2:17"]],
    ]);
    const off = folder({
      Enginefile: "FROM debian:12\nRUN cd /x\n",
      ".enginekit.yaml": "rules:\n  shellcheck: off\n",
    });
    expect(shellcheckFindings((await lintFiles(["Enginefile"], { cwd: off, workers: 0 }))[0]!)).toEqual([]);
  });

  test("a failing ShellCheck is one notice, and the lint goes on", async () => {
    const root = folder({
      Enginefile: "FROM debian:12\nRUN cd /x\n",
      "broken-shellcheck": "#!/bin/sh\necho boom >&2\nexit 4\n",
    });
    chmodSync(join(root, "broken-shellcheck"), 0o755);
    const notices: string[] = [];
    const [result] = await lintFiles(["Enginefile"], {
      cwd: root,
      workers: 0,
      shellcheck: join(root, "broken-shellcheck"),
      onNotice: (m) => notices.push(m),
    });
    expect(notices).toEqual(["ShellCheck skipped: shellcheck exited with code 4: boom"]);
    expect(shellcheckFindings(result!)).toEqual([]);
    expect(result!.findings.length).toBeGreaterThan(0);
  });
});

test("ShellCheck gets no script where the shell is not a POSIX shell: Windows bases' cmd, a SHELL inherited from a stage", () => {
  const file = analyzeEnginefile(
    [
      "FROM mcr.microsoft.com/windows/nanoserver:ltsc2022 AS win",
      "RUN cd x & dir %y%",
      "FROM win",
      "RUN cd z",
      "FROM alpine:3 AS ps",
      'SHELL ["powershell", "-Command"]',
      "FROM ps",
      "RUN Write-Host $z",
      "FROM alpine:3",
      "RUN cd /w",
      "",
    ].join("\n"),
  );
  expect(shellcheckScripts(file).map((s) => [s.dialect, s.text])).toEqual([["sh", "cd /w"]]);
});

test("findShellcheck finds nothing on an empty PATH", () => {
  expect(findShellcheck("")).toBeUndefined();
  expect(findShellcheck("/nonexistent-dir")).toBeUndefined();
});
