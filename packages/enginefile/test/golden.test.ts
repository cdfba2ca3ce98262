import { describe, expect, it } from "vitest";
import {
  dump,
  type EnginefileDocument,
  parse,
  parseBytes,
  REFERENCE_ERROR_CODES,
  referenceLines,
} from "../src/index.js";
import { cases, corpusHas, readCorpus, readCorpusBytes } from "./corpus.js";

function referenceErrors(doc: EnginefileDocument) {
  return doc.diagnostics.filter((d) => REFERENCE_ERROR_CODES.has(d.code));
}

describe("BuildKit golden cases: positive", () => {
  for (const name of cases("positive")) {
    it(name, () => {
      const doc = parseBytes(readCorpusBytes("buildkit-parser", "positive", name, "Dockerfile"));
      expect(referenceErrors(doc)).toEqual([]);
      expect(doc.referenceError).toBeUndefined();
      expect(`${dump(doc)}\n`).toBe(readCorpus("buildkit-parser", "positive", name, "result"));
    });
  }
});

describe("BuildKit golden cases: negative and derived-negative", () => {
  for (const group of ["negative", "derived-negative"]) {
    for (const name of cases(group)) {
      it(`${group}/${name}`, () => {
        const doc = parse(readCorpus("buildkit-parser", group, name, "Dockerfile"));
        const expected = readCorpus("buildkit-parser", group, name, "expected-error").trim();
        expect(referenceErrors(doc).map((d) => d.message)).toContain(expected);
        expect(doc.referenceError?.message).toBe(expected);
      });
    }
  }
});

interface RefInstruction {
  dump: string;
  startLine: number;
  endLine: number;
  heredocs: { name: string; fileDescriptor: number; expand: boolean; chomp: boolean; content: string }[];
}

describe("BuildKit golden cases: reference.json line spans and heredocs", () => {
  for (const group of ["positive", "derived"]) {
    for (const name of cases(group)) {
      if (!corpusHas("buildkit-parser", group, name, "reference.json")) continue;
      it(`${group}/${name}`, () => {
        const ref = JSON.parse(readCorpus("buildkit-parser", group, name, "reference.json")) as {
          instructions: RefInstruction[];
          warnings: { short: string; line: number }[];
        };
        const doc = parse(readCorpus("buildkit-parser", group, name, "Dockerfile"));
        expect(doc.instructions.length).toBe(ref.instructions.length);
        doc.instructions.forEach((ins, i) => {
          const r = ref.instructions[i] as RefInstruction;
          const lines = referenceLines(ins);
          expect([lines.start, lines.end]).toEqual([r.startLine, r.endLine]);
          expect(
            ins.heredocs.map((h) => ({
              name: h.name,
              fileDescriptor: h.fileDescriptor,
              expand: h.expand,
              chomp: h.chomp,
              content: h.content,
            })),
          ).toEqual(r.heredocs);
        });
        const warnings = doc.diagnostics
          .filter((d) => d.code === "empty-continuation")
          .map((d) => ({ short: d.message, line: d.referenceLine }));
        expect(warnings).toEqual(ref.warnings.map((w) => ({ short: w.short, line: w.line })));
      });
    }
  }
});

describe("BuildKit derived cases: upstream assertions", () => {
  it("empty-continuation-warnings: exactly 2 warnings", () => {
    const doc = parse(readCorpus("buildkit-parser", "derived", "empty-continuation-warnings", "Dockerfile"));
    const w = doc.diagnostics.filter((d) => d.code === "empty-continuation");
    expect(w).toHaveLength(2);
    expect(w[0]?.message).toContain("RUN something     following     more");
    expect(w[1]?.message).toContain("RUN another     thing");
  });
  it("line-numbers: instruction spans [5,5], [11,12], [17,31]", () => {
    const doc = parse(readCorpus("buildkit-parser", "derived", "line-numbers", "Dockerfile"));
    expect(doc.instructions.map((i) => [i.range.start.line + 1, i.range.end.line + 1])).toEqual([
      [5, 5],
      [11, 12],
      [17, 31],
    ]);
  });
  it("heredoc-json-forms: no heredocs in JSON forms", () => {
    const doc = parse(readCorpus("buildkit-parser", "derived", "heredoc-json-forms", "Dockerfile"));
    for (const ins of doc.instructions) expect(ins.heredocs).toEqual([]);
  });
});
