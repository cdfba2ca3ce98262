import { parse } from "@enginekit/enginefile";
import { describe, expect, it } from "vitest";
import { analyzeEnginefile } from "../src/enginefile/analysis.js";
import { allInstructions, instructionsOfKind } from "../src/enginefile/instructions.js";
import { runCommands, runsCalling, runsWithSudo } from "../src/enginefile/shell/command-index.js";
import { lintAnalyzedEnginefile } from "../src/index.js";
import { DEFAULT_SETTINGS } from "../src/runner/settings.js";

const TEXT = [
  "ARG BASE=alpine:3.20",
  "FROM $BASE AS build",
  "ARG VERSION=1",
  "RUN apk add curl && echo $VERSION",
  "FROM build",
  "ONBUILD RUN sudo make",
  "COPY --from=build /app /app",
  "WORKDIR app",
  "",
].join("\n");

describe("analyzeEnginefile", () => {
  it("analyses an already parsed document without parsing it again", () => {
    const doc = parse(TEXT);
    const file = analyzeEnginefile(doc, { fileName: "Enginefile" });
    expect(file.doc).toBe(doc);
    expect(file.text).toBe(TEXT);
    expect(lintAnalyzedEnginefile(file, DEFAULT_SETTINGS)).toEqual(
      lintAnalyzedEnginefile(analyzeEnginefile(TEXT), DEFAULT_SETTINGS),
    );
  });

  it("computes scopes, the stage graph and the rules' indexes once per parsed document, whatever the options", () => {
    const doc = parse(TEXT);
    const a = analyzeEnginefile(doc);
    const b = analyzeEnginefile(doc, { trustedRegistries: ["docker.io"] });
    expect(b.options.trustedRegistries).toEqual(["docker.io"]);
    expect(a.scopes).toBe(b.scopes);
    expect(a.graph).toBe(b.graph);
    expect(a.lines).toBe(b.lines);
    expect(allInstructions(a)).toBe(allInstructions(b));
    // a RUN's commands are scanned once and shared
    expect(runCommands(a)[0]).toBe(runCommands(b)[0]);
    // the graph expanded `$BASE` with the shared scopes
    expect(a.graph.references[0]?.expanded).toBe("alpine:3.20");
    const other = analyzeEnginefile(TEXT);
    expect(other.scopes).not.toBe(a.scopes);
  });

  it("keeps the rules' caches out of the document's keys (spreads and deep equality of the AST are unchanged)", () => {
    const doc = parse(TEXT);
    const file = analyzeEnginefile(doc);
    lintAnalyzedEnginefile(file, DEFAULT_SETTINGS);
    expect(runCommands(file)).toHaveLength(2);
    expect(Object.getOwnPropertySymbols(doc)).toHaveLength(1);
    expect(doc).toEqual(parse(TEXT));
    expect({ ...doc }).toEqual({ ...parse(TEXT) });
    expect(file.stageOf(doc.instructions[3]!)?.name).toBe("build");
    expect(file.source(doc.instructions[3]!.keywordRange)).toBe("RUN");
  });

  it("lints a frozen document like any other (its caches are kept beside it)", () => {
    const frozen = Object.freeze(parse(TEXT));
    const expected = lintAnalyzedEnginefile(analyzeEnginefile(parse(TEXT)), DEFAULT_SETTINGS);
    expect(lintAnalyzedEnginefile(analyzeEnginefile(frozen), DEFAULT_SETTINGS)).toEqual(expected);
    const file = analyzeEnginefile(frozen);
    expect(file.scopes).toBe(analyzeEnginefile(frozen).scopes);
    expect(runCommands(file)).toHaveLength(2);
  });

  it("indexes instructions with ONBUILD triggers after their ONBUILD", () => {
    const file = analyzeEnginefile(TEXT);
    expect(allInstructions(file).map((i) => i.kind)).toEqual([
      "arg",
      "from",
      "arg",
      "run",
      "from",
      "onbuild",
      "run",
      "copy",
      "workdir",
    ]);
    expect(instructionsOfKind(file, "run")).toHaveLength(2);
    expect(instructionsOfKind(file, "healthcheck")).toEqual([]);
    expect(runCommands(file).map((r) => r.commands.map((c) => c.name))).toEqual([["apk", "echo"], ["make"]]);
  });

  it("gives shell words exact ranges, computed when read", () => {
    const file = analyzeEnginefile("FROM alpine\nRUN echo \"a b\"\\\n  c\\ d '$x' && \\\n  sudo apk add x\n");
    const commands = runCommands(file)[0]?.commands ?? [];
    expect(commands.map((c) => c.words.map((w) => [w.text, w.dynamic]))).toEqual([
      [
        ["echo", false],
        ["a b", false],
        ["c d", false],
        ["$x", false],
      ],
      [
        ["sudo", false],
        ["apk", false],
        ["add", false],
        ["x", false],
      ],
    ]);
    const words = commands.flatMap((c) => c.words);
    expect(words.map((w) => file.source(w.range))).toEqual([
      "echo",
      '"a b"',
      "c\\ d",
      "'$x'",
      "sudo",
      "apk",
      "add",
      "x",
    ]);
    expect(words[2]?.range.start).toEqual({ line: 2, character: 2, offset: 30 });
  });
});

describe("runsCalling", () => {
  it("finds the RUNs calling a tool, in source order, through sudo/env prefixes and paths", () => {
    const file = analyzeEnginefile(
      [
        "FROM alpine",
        "RUN echo a && sudo /sbin/apk add x",
        "RUN pip install y",
        "ONBUILD RUN env A=1 apk del z",
        "RUN apk add w && apk add v",
        "",
      ].join("\n"),
    );
    const lines = (runs: readonly { instruction: { range: { start: { line: number } } } }[]) =>
      runs.map((r) => r.instruction.range.start.line);
    expect(lines(runsCalling(file, ["apk"]))).toEqual([1, 3, 4]);
    expect(lines(runsCalling(file, ["pip", "apk"]))).toEqual([1, 2, 3, 4]);
    expect(lines(runsCalling(file, ["curl"]))).toEqual([]);
    expect(runsCalling(file, ["apk"])[0]).toBe(runsCalling(analyzeEnginefile(file.doc), ["apk"])[0]);
    expect(runsCalling(file, ["apk"])[0]).toBe(runCommands(file)[0]);
    expect(lines(runsWithSudo(file))).toEqual([1]);
    expect(runsWithSudo(file)[0]?.commands.map((c) => [c.name, c.sudo])).toEqual([
      ["echo", false],
      ["apk", true],
    ]);
  });
});

describe("command heads", () => {
  it("the call index and the full commands agree on names, sudo and the name's index", () => {
    const file = analyzeEnginefile(
      [
        "FROM alpine",
        "RUN sudo -E -H env A=1 nohup /usr/bin/apt-get install -y x; B=2 $TOOL run; sudo; -x y",
        'RUN ["sudo", "apk", "add", "z"]',
        "RUN <<EOF",
        "exec pip install q",
        "EOF",
        "",
      ].join("\n"),
    );
    const heads = runCommands(file).map((r) =>
      r.commands.map((c) => [c.name, c.sudo, c.words[c.nameIndex]?.text ?? null]),
    );
    expect(heads).toEqual([
      [
        ["apt-get", true, "/usr/bin/apt-get"],
        [undefined, false, "$TOOL"],
        [undefined, true, null],
        ["-x", false, "-x"],
      ],
      [["apk", true, "apk"]],
      // a bare heredoc is the script itself: its commands, not `<<EOF`
      [["pip", false, "pip"]],
    ]);
    const lines = (name: string) => runsCalling(file, [name]).map((r) => r.instruction.range.start.line);
    expect(lines("apt-get")).toEqual([1]);
    expect(lines("apk")).toEqual([2]);
    expect(lines("pip")).toEqual([3]);
    expect(runsWithSudo(file).map((r) => r.instruction.range.start.line)).toEqual([1, 2]);
  });
});
