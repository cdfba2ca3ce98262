/**
 * Finding the Enginefile instruction of a BuildKit step from its name (step-source.ts). The names are the
 * ones the real engine 20.10 gave the steps of this multi-stage Enginefile (the stream kept in
 * packages/build-context/test/fixtures/buildkit); the explanation of syntax the engine's frontend predates
 * is checked on the real engine in build-buildkit.engine.test.ts.
 */
import { describe, expect, it } from "vitest";
import { explainFrontendRefusal } from "../src/actions/build-progress/frontend-refusal.js";
import { StepSourceMap } from "../src/actions/build-progress/step-source.js";
import { warningLine } from "../src/actions/build-progress/warning-line.js";

const enginefile = [
  "FROM enginekit/busybox:latest AS base",
  "ENV A=1",
  "RUN echo base $A",
  "LABEL x=y",
  "WORKDIR /w",
  "COPY f /w/f",
  "",
  "FROM base",
  "ARG B=2",
  "RUN echo second $B",
  "RUN echo failing >&2; exit 3",
  "",
].join("\n");

describe("the Enginefile line of a step", () => {
  it("maps the real engine's step names to their instructions (FROM <stage>, ENV, ARG, LABEL take no number)", () => {
    const map = new StepSourceMap(enginefile);
    const names = [
      "[internal] load remote build context",
      "copy /context /",
      "[base 1/4] FROM docker.io/enginekit/busybox:latest",
      "[base 2/4] RUN echo base 1",
      "[base 3/4] WORKDIR /w",
      "[base 4/4] COPY f /w/f",
      "[stage-1 1/2] RUN echo second 2",
      "[stage-1 2/2] RUN echo failing >&2; exit 3",
    ];
    expect(names.map((n) => map.find(n)?.startLine)).toEqual([undefined, undefined, 0, 2, 4, 5, 9, 10]);
  });

  it("a single unnamed stage has no stage label; a continued RUN spans its lines", () => {
    const map = new StepSourceMap("FROM scratch\nCOPY a /\nRUN one \\\n  two\n");
    expect(map.find("[1/2] COPY a /")?.startLine).toBe(1);
    expect(map.find("[2/2] RUN one   two")).toMatchObject({ startLine: 2, endLine: 3 });
    expect(map.find("[other 1/1] RUN x")).toBeUndefined();
  });

  it("explains the frontend's parse errors of heredocs and unknown flags, and nothing else", () => {
    const file = { name: "Enginefile", text: "FROM x\nRUN <<EOF\necho hi\nEOF\nCOPY --link a /b\n" };
    expect(
      explainFrontendRefusal("dockerfile parse error line 3: unknown instruction: ECHO", file, "API 1.41"),
    ).toBe(
      "Enginefile:2: RUN <<EOF: the engine's built-in Dockerfile frontend (API 1.41) predates heredocs (Dockerfile syntax 1.4) and read line 3 as an instruction; build on an engine ≥ 23.0, whose BuildKit has a newer frontend",
    );
    expect(
      explainFrontendRefusal("… dockerfile parse error line 5: Unknown flag: link", file, "API 1.41"),
    ).toMatch(
      /^Enginefile:5: COPY --link: the engine's built-in Dockerfile frontend \(API 1\.41\) predates this flag/,
    );
    expect(
      explainFrontendRefusal(
        "dockerfile parse error line 1: unknown instruction: FORM",
        { name: "E", text: "FORM x\n" },
        "",
      ),
    ).toBeUndefined();
    expect(explainFrontendRefusal("exit code: 1", file, "")).toBeUndefined();
  });
});

describe("BuildKit's lint warnings as findings", () => {
  it("show the enginekit rule that names BuildKit's check as its peer, at the warning's line", () => {
    const warning = {
      vertex: "sha256:x",
      level: 1,
      short: "FromAsCasing: 'as' and 'FROM' keywords' casing do not match",
      detail: [],
      url: "https://docs.docker.com/go/dockerfile/rule/from-as-casing/",
      ranges: [{ start: { line: 1, character: 0 }, end: { line: 1, character: 20 } }],
    };
    expect(warningLine(warning, "Enginefile", (t) => t)).toBe(
      "Enginefile:1:1: warning: 'as' and 'FROM' keywords' casing do not match [from-as-casing] (https://docs.docker.com/go/dockerfile/rule/from-as-casing/)\n",
    );
    expect(
      warningLine({ ...warning, short: "NewCheck: x\x1b[31m", url: "", ranges: [] }, undefined, (t) => t),
    ).toBe("warning: x\\x1b[31m [NewCheck]\n");
  });
});
