import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { analyzeEnginefile } from "../src/enginefile/analysis.js";
import { PIP } from "../src/enginefile/package-managers.js";
import { isNamed, runCommands, runsCalling, runsMentioning } from "../src/enginefile/shell/command-index.js";

/** The commands of each RUN as [name, words as written in the Enginefile]. */
function commands(text: string): [string | undefined, string[]][][] {
  const file = analyzeEnginefile(text);
  return runCommands(file).map((r) =>
    r.commands.map((c) => [c.name, c.words.map((w) => file.source(w.range))]),
  );
}

describe("RUN shell code read through a shell parser", () => {
  it("reads lists, pipelines, subshells, groups, compound commands and substitutions", () => {
    const got = commands(
      [
        "FROM alpine",
        "RUN a 1 && b | c; (d; e) || { f; }; if g; then h; fi; for x in 1; do i; done; j=$(k 2) l `m`",
        "",
      ].join("\n"),
    );
    expect(got[0]?.map(([n]) => n)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h", "i", "l", "k", "m"]);
    const file = analyzeEnginefile("FROM alpine\nRUN a | b && c\n");
    expect(runCommands(file)[0]?.commands.map((c) => c.piped)).toEqual([true, true, false]);
  });

  it("keeps exact ranges across continuations, comment lines inside them and the escape directive", () => {
    expect(
      commands("FROM alpine\nRUN apt-get update \\\n# a comment\n\n  && apt-get install \\\n   -y x\n"),
    ).toEqual([
      [
        ["apt-get", ["apt-get", "update"]],
        ["apt-get", ["apt-get", "install", "-y", "x"]],
      ],
    ]);
    const file = analyzeEnginefile('# escape=`\nFROM alpine\nRUN echo a `\n  && apk add "b c"\n');
    const words = runCommands(file)[0]?.commands[1]?.words ?? [];
    expect(words.map((w) => [w.text, file.source(w.range), w.range.start.line])).toEqual([
      ["apk", "apk", 3],
      ["add", "add", 3],
      ["b c", '"b c"', 3],
    ]);
  });

  it("reads `sh -c` scripts and heredocs run by a shell, with ranges inside them; not other heredocs", () => {
    const text = [
      "FROM alpine",
      "RUN sh -c 'apk add x && pip install y'",
      "RUN <<EOF",
      "apt-get install z",
      "EOF",
      "RUN python3 <<EOF",
      "apt-get = 1",
      "EOF",
      "RUN <<EOF",
      "#!/usr/bin/env python3",
      "apt-get",
      "EOF",
      "RUN bash -e <<'EOF'",
      "  yum install w",
      "EOF",
      'RUN ["/bin/sh", "-c", "apk add v"]',
      "",
    ].join("\n");
    const file = analyzeEnginefile(text);
    expect(commands(text).map((r) => r.map(([n]) => n))).toEqual([
      ["sh", "apk", "pip"],
      ["apt-get"],
      ["python3"],
      [],
      ["bash", "yum"],
      ["sh", "apk"],
    ]);
    const where = (name: string, index: number) =>
      runsCalling(file, [name]).flatMap((r) =>
        r.commands
          .filter((c) => c.name === name)
          .map((c) => {
            const w = c.words[index]!;
            return [file.source(w.range), w.range.start.line, w.range.start.character];
          }),
      );
    expect(where("pip", 2)).toEqual([["y", 1, 36]]);
    expect(where("apt-get", 2)).toEqual([["z", 3, 16]]);
    expect(where("yum", 1)).toEqual([["install", 13, 6]]);
    expect(where("apk", 2)).toEqual([
      ["x", 1, 19],
      ["v", 15, 31],
    ]);
  });

  it("marks words with expansions as dynamic, not single-quoted dollars", () => {
    const file = analyzeEnginefile("FROM alpine\nRUN echo $a \"b$c\" '$d' e$(f) `g`\n");
    const words = runCommands(file)[0]?.commands[0]?.words ?? [];
    expect(words.map((w) => w.dynamic)).toEqual([false, true, true, false, true, true]);
    const more = analyzeEnginefile("FROM alpine\nRUN A=$x B=y cat <(ls) a\\$b \"$\"'x'\n");
    const got = runCommands(more)[0]?.commands[0]?.words ?? [];
    expect(got.map((w) => [w.text, w.dynamic])).toEqual([
      ["A=$x", true],
      ["B=y", false],
      ["cat", false],
      ["<(ls)", true],
      ["a$b", false],
      ["$x", false],
    ]);
  });

  it("finds the RUNs that have a command name as a word of their text (ONBUILD RUN included)", () => {
    const file = analyzeEnginefile(
      "FROM a\nRUN cd\nONBUILD RUN apt-get x|y\nRUN xcd; echo apt\nCOPY cd /\nRUN a||b\nRUN [ cd ]\n",
    );
    const lines = (names: string[]) =>
      runsMentioning(file, names).map((r) => r.instruction.range.start.line + 1);
    expect(lines(["cd"])).toEqual([2, 7]);
    expect(lines(["apt-get"])).toEqual([3]);
    expect(lines(["apt"])).toEqual([4]);
    expect(lines(["|"])).toEqual([3, 6]);
    expect(lines(["["])).toEqual([7]);
    expect(lines(["cd", "apt"])).toEqual([2, 4, 7]);
    expect(lines(["yum"])).toEqual([]);
  });

  it("finds a name only as a whole word: after a path, at the RUN's ends, not inside other words", () => {
    const file = analyzeEnginefile(
      [
        "FROM a",
        "RUN /sbin/apk add x",
        "RUN apkx add; xapk; apk.static add y",
        "LABEL apk=1",
        "RUN echo apk",
        "RUN pip3.12 install a",
        "RUN pipx install b; mypip c; python3 -m pip install d",
        "RUN python3.11-config",
        "RUN a|b",
        "",
      ].join("\n"),
    );
    const lines = (names: Parameters<typeof runsMentioning>[1]) =>
      runsMentioning(file, names).map((r) => r.instruction.range.start.line + 1);
    expect(lines(["apk"])).toEqual([2, 5]);
    expect(lines(["apk.static"])).toEqual([3]);
    expect(lines(["echo apk", "/sbin/apk", ""])).toEqual([]);
    expect(lines(["RUN"])).toEqual([2, 3, 5, 6, 7, 8, 9]);
    expect(lines(PIP)).toEqual([6, 7]);
    expect(lines(["|"])).toEqual([9]);
  });

  const here = dirname(fileURLToPath(import.meta.url));
  const corpusDir = join(
    process.env.ENGINEKIT_SHARED_DIR ?? join(here, "..", "..", "..", "..", "shared"),
    "corpus",
    "enginefiles",
    "files",
  );
  it.skipIf(!existsSync(corpusDir))(
    "finds over the real-world corpus the RUNs whose text split into words has the name",
    () => {
      // the definition the lookup implements: a RUN's words are the longest runs of name characters, and `|`
      const wordsOf = (text: string) => new Set(text.match(/[A-Za-z0-9_.+\-[\]]+|\|/g));
      const names = [
        "apt-get",
        "apt",
        "apk",
        "rm",
        "cd",
        "pip",
        "npm",
        "yum",
        "sudo",
        "|",
        "[",
        "ln",
        "x",
        "-y",
      ];
      let checked = 0;
      for (const name of readdirSync(corpusDir)) {
        const file = analyzeEnginefile(readFileSync(join(corpusDir, name), "utf8"));
        const runs = runCommands(file).map((r) => r.instruction);
        const words = runs.map((r) => wordsOf(file.text.slice(r.range.start.offset, r.range.end.offset)));
        for (const n of names) {
          const expected = runs.filter((_, i) => words[i]?.has(n));
          expect(runsMentioning(file, [n]).map((r) => r.instruction)).toEqual(expected);
          checked += expected.length;
        }
        const pip = runs.filter((_, i) => [...(words[i] ?? [])].some((w) => isNamed(w, PIP)));
        expect(runsMentioning(file, PIP).map((r) => r.instruction)).toEqual(pip);
      }
      expect(checked).toBeGreaterThan(1000);
    },
  );

  it("reads no shell commands under a SHELL that is not a POSIX shell", () => {
    const text = [
      "FROM mcr.microsoft.com/windows/servercore:ltsc2022",
      'SHELL ["powershell", "-Command"]',
      "RUN Write-Host ('a {0}' -f $b); apt-get install x",
      "FROM alpine",
      "RUN apk add y",
      'SHELL ["/bin/bash", "-o", "pipefail", "-c"]',
      "RUN apk add z | tee",
      "",
    ].join("\n");
    expect(commands(text).map((r) => r.map(([n]) => n))).toEqual([[], ["apk"], ["apk", "tee"]]);
  });

  it("reads no shell commands where the shell is Windows' default cmd or a SHELL inherited from a stage", () => {
    const text = [
      "FROM mcr.microsoft.com/windows/servercore:ltsc2022 AS win",
      "RUN apt-get install x & echo done",
      "FROM python:3.12-windowsservercore-ltsc2022",
      "RUN pip install y",
      "FROM win",
      "RUN apk add v",
      "FROM alpine:3 AS base",
      'SHELL ["pwsh", "-Command"]',
      "FROM base",
      "RUN apk add z",
      "FROM --platform=windows/amd64 golang:1.22",
      "RUN go install a",
      "FROM mcr.microsoft.com/dotnet/sdk:8.0-nanoserver-1809",
      'SHELL ["cmd", "/S", "/C"]',
      "RUN npm install u",
      "FROM alpine:3",
      "RUN apk add w",
      "",
    ].join("\n");
    expect(commands(text).map((r) => r.map(([n]) => n))).toEqual([[], [], [], [], [], [], ["apk"]]);
  });
});
