// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Enginefile/shell text, where ${…} is literal
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dump,
  type EnginefileDocument,
  format,
  parse,
  printLossless,
  REFERENCE_ERROR_CODES,
} from "../src/index.js";
import { readCorpus, realWorldFiles } from "./corpus.js";
import { BLANKS_ESCAPES_QUOTES } from "./pieces.js";

// reproducible in CI: fixed seed when CI is set
if (process.env.CI) fc.configureGlobal({ seed: 20261121 });

const PIECES = [
  "FROM ",
  "from ",
  "RUN ",
  "CMD ",
  "ENV ",
  "LABEL ",
  "ARG ",
  "COPY ",
  "ADD ",
  "ONBUILD ",
  "HEALTHCHECK ",
  "SHELL ",
  "EXPOSE ",
  "VOLUME ",
  "USER ",
  "WORKDIR ",
  "STOPSIGNAL ",
  "MAINTAINER ",
  "ENTRYPOINT ",
  "BOGUS ",
  "--mount=type=cache,target=/x ",
  "--from=a ",
  "--platform=$P ",
  "-- ",
  '--x="a b" ',
  "a",
  "b=c",
  "=",
  "  ",
  ...BLANKS_ESCAPES_QUOTES,
  "$",
  "${",
  "}",
  "${A:-b}",
  "$B",
  "[",
  "]",
  ",",
  '["a", "b"]',
  "[1]",
  "#",
  "# escape=`\n",
  "# syntax=x\n",
  "<<EOF",
  "<<-'E'",
  "\nEOF\n",
  "\n\tE\n",
  "é",
  "😀",
  "\u00a0",
  "\u0085",
  "\ufeff",
  "\u2028",
  "AS ",
  "NONE",
  "x".repeat(40),
];

const enginefileText = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((parts) => parts.join(""));
const anyText = fc.oneof(
  enginefileText,
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 120 }),
);

/** Every range in the AST (any object with start/end positions). */
function* ranges(node: unknown, seen = new Set<unknown>()): Generator<{ start: Pos; end: Pos }> {
  if (node === null || typeof node !== "object" || seen.has(node)) return;
  seen.add(node);
  const n = node as Record<string, unknown>;
  if (isPos(n.start) && isPos(n.end)) yield n as unknown as { start: Pos; end: Pos };
  for (const v of Object.values(n)) if (typeof v === "object") yield* ranges(v, seen);
}
interface Pos {
  line: number;
  character: number;
  offset: number;
}
function isPos(p: unknown): p is Pos {
  return (
    typeof p === "object" &&
    p !== null &&
    typeof (p as Pos).offset === "number" &&
    typeof (p as Pos).line === "number"
  );
}

function checkRanges(text: string, doc: EnginefileDocument): void {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  for (const r of ranges({ ...doc, text: undefined })) {
    for (const p of [r.start, r.end]) {
      expect(p.offset).toBeGreaterThanOrEqual(0);
      expect(p.offset).toBeLessThanOrEqual(text.length);
      expect(lineStarts[p.line]).toBeDefined();
      expect(p.character).toBe(p.offset - (lineStarts[p.line] ?? 0));
    }
    expect(r.start.offset).toBeLessThanOrEqual(r.end.offset);
  }
}

function referenceErrors(doc: EnginefileDocument): string[] {
  return doc.diagnostics.filter((d) => REFERENCE_ERROR_CODES.has(d.code)).map((d) => d.code);
}

function checkAll(text: string): void {
  const doc = parse(text);
  checkRanges(text, doc);
  expect(printLossless(doc)).toBe(text);
  const once = format(text);
  expect(format(once)).toBe(once);
  const formatted = parse(once);
  expect(referenceErrors(formatted)).toEqual(referenceErrors(doc));
  if (referenceErrors(doc).length === 0) expect(dump(formatted)).toBe(dump(doc));
}

describe("property tests", () => {
  it("regression: a keyword starting with U+FEFF is not turned into a BOM by formatting", () =>
    checkAll("\t\ufeff"));

  it("random Enginefile-like and arbitrary text: no throw, ranges inside, lossless, format idempotent and meaning-preserving", () => {
    fc.assert(
      fc.property(anyText, (text) => checkAll(text)),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 400) },
    );
  });

  const corpus = realWorldFiles().map((f) => readCorpus("enginefiles", "files", f));
  it("mutated real-world files: same properties", () => {
    const mutation = fc.record({
      file: fc.nat({ max: corpus.length - 1 }),
      edits: fc.array(
        fc.record({
          at: fc.double({ min: 0, max: 1, noNaN: true }),
          del: fc.nat({ max: 8 }),
          ins: fc.constantFrom(...PIECES, ""),
        }),
        {
          minLength: 1,
          maxLength: 6,
        },
      ),
    });
    fc.assert(
      fc.property(mutation, ({ file, edits }) => {
        let text = corpus[file] ?? "";
        for (const e of edits) {
          const at = Math.floor(e.at * text.length);
          text = text.slice(0, at) + e.ins + text.slice(at + e.del);
        }
        checkAll(text);
      }),
      { numRuns: Math.ceil(Number(process.env.PROPERTY_RUNS ?? 400) / 3) },
    );
  });

  it("every real-world file: lossless, format idempotent and dump-preserving", () => {
    for (const text of corpus) checkAll(text);
  });
});
