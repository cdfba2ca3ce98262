import { describe, expect, it } from "vitest";
import { dump, parse, parseBytes, referenceLines } from "../src/index.js";

/**
 * Minimal inputs on which generated adversarial testing found enginekit and the reference (BuildKit's
 * parser, issue #16) apart, with the reference's answer: its dump, or the one error it reports, and
 * where given its line numbers (BuildKit's `StartLine`/`EndLine`, its warning and error lines).
 */
interface Case {
  name: string;
  input: string | Uint8Array;
  /** The reference's dump (no reference error), or … */
  dump?: string;
  /** … the one error the reference reports. */
  error?: string;
  /** 1-based [start, end] line of each instruction, as the reference gives them. */
  lines?: [number, number][];
  /** Heredoc names per instruction. */
  heredocs?: string[][];
  /** The reference line of the empty-continuation warning / of the error. */
  warningLine?: number;
  errorLine?: number;
  escape?: "\\" | "`";
}

const LONG = "x".repeat(70_000);

const CASES: Case[] = [
  // 1. a whitespace-only continuation line at the end of the file belongs to the instruction
  { name: "blank continuation line at EOF", input: "VOLUME\\\n\n", dump: "(volume)", lines: [[1, 2]] },
  {
    name: "blank continuation line with spaces at EOF",
    input: "VOLUME\\\n \t",
    dump: "(volume)",
    lines: [[1, 2]],
  },
  // 2. `<<-` followed by a blank is no heredoc; a bare `<<` may be
  {
    name: "`<<- T` is no heredoc",
    input: "FROM a\nRUN <<- T\nT\n",
    dump: '(from "a")\n(run "<<- T")\n(t "")',
    heredocs: [[], [], []],
  },
  { name: "COPY <<- e", input: "COPY <<- e", dump: '(copy "<<-" "e")', heredocs: [[]] },
  { name: "<<EOF <<- x", input: "RUN <<EOF <<- x\nEOF\n", dump: '(run "<<EOF <<- x")', heredocs: [["EOF"]] },
  {
    name: "<<- <<EOT has the heredoc EOT",
    input: "run <<- <<EOT\nEOT\nUSER",
    dump: '(run "<<- <<EOT")\n(user)',
    heredocs: [["EOT"], []],
    lines: [
      [1, 2],
      [3, 3],
    ],
  },
  { name: "<<  EOF still is one", input: "RUN <<  EOF\nEOF\n", dump: '(run "<<  EOF")', heredocs: [["EOF"]] },
  // 3. flags use the file's escape character
  { name: "backtick escapes in a flag", input: "#escape=`\nRUN --`b", dump: '(run ["--b"])', escape: "`" },
  {
    name: "backslash is literal in a flag under `",
    input: "#escape=`\nWORKDIR --\\",
    dump: '(workdir ["--\\\\"])',
  },
  { name: "backslash still escapes by default", input: "RUN --\\b x", dump: '(run ["--b"] "x")' },
  { name: "quoted flag under `", input: '#escape=`\nRUN --a="x`"y" z', dump: '(run ["--a=x\\"y"] "z")' },
  // 4. Unicode white space after `#` in a directive (Go unicode.IsSpace), but ASCII `\s` elsewhere
  { name: "NBSP after # is a directive", input: "#\u00a0escape=`\na", dump: '(a "")', escape: "`" },
  { name: "U+2003 after # is a directive", input: "#\u2003escape=`\na", dump: '(a "")', escape: "`" },
  {
    name: "a second escape directive after the NBSP one",
    input: "#\u00a0escape=`\n#escape=\\\nFROM a\n",
    error: "only one escape parser directive can be used",
    errorLine: 1,
  },
  {
    name: "NBSP before = is no directive",
    input: "#escape\u00a0=`\nRUN a\\\nb",
    dump: '(run "ab")',
    escape: "\\",
  },
  // 5. which error comes first
  {
    name: "invalid escape alone",
    input: "#escape=A",
    error: "invalid escape token 'A' does not match ` or \\",
    errorLine: 0,
  },
  { name: "only an over-long comment", input: `#${LONG}`, error: "file with no instructions", errorLine: 0 },
  {
    name: "over-long comment before an instruction",
    input: `#${LONG}\nFROM a\n`,
    error: "file with no instructions",
    errorLine: 0,
  },
  {
    name: "heredoc body reaching an over-long line",
    input: `RUN <<EOF\n${LONG}\nEOF\n`,
    error: "unterminated heredoc",
    errorLine: 1,
  },
  {
    name: "over-long line after an instruction",
    input: `FROM a\n${LONG}\n`,
    error: "dockerfile line greater than max allowed size of 65535",
    errorLine: 1,
  },
  {
    name: "duplicate directive before a bad instruction",
    input: "#escape=\\\n#escape=\\\nENV a\n",
    error: "only one escape parser directive can be used",
    errorLine: 1,
  },
  {
    name: "duplicate directive and no instruction",
    input: "# syntax=a\n# syntax=b\n",
    error: "only one syntax parser directive can be used",
    errorLine: 1,
  },
  { name: "empty file", input: "", error: "file with no instructions", errorLine: 0 },
  { name: "comments only", input: "# a\n# b\n", error: "file with no instructions", errorLine: 2 },
  {
    name: "instruction error line",
    input: "FROM a\nENV \\\n  b\n",
    error: "ENV must have two arguments",
    errorLine: 2,
  },
  // 6. positions
  {
    name: "empty-continuation warning on the instruction's last line",
    input: "RUN a \\\n\n b\n",
    dump: '(run "a  b")',
    lines: [[1, 3]],
    warningLine: 3,
  },
  { name: "instruction after an escape-only line", input: "\\\nRUN a\n", dump: '(run "a")', lines: [[1, 2]] },
  // 7. raw bytes
  {
    name: "invalid UTF-8 dumps as bytes",
    input: new Uint8Array([...Buffer.from("MAINTAINER "), 0xc3]),
    dump: '(maintainer "\\xc3")',
  },
  {
    name: "invalid UTF-8 among valid text",
    input: new Uint8Array([...Buffer.from("RUN é"), 0xff, 0xfe, ...Buffer.from("€ "), 0xed, 0xa0, 0x80]),
    dump: '(run "é\\xff\\xfe€ \\xed\\xa0\\x80")',
  },
  {
    name: "a raw byte in a flag",
    input: new Uint8Array([...Buffer.from("RUN --x="), 0xa0, ...Buffer.from("y z")]),
    dump: '(run ["--x="] "y z")',
  },
  {
    name: "BOM kept as a BOM",
    input: new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from("FROM a\n")]),
    dump: '(from "a")',
    lines: [[1, 1]],
  },
];

/**
 * The classes an outside generator still found apart (issue #27, 12,000 inputs against BuildKit's parser
 * at 73ed682), each answer read off BuildKit's source (`frontend/dockerfile/parser/parser.go`,
 * `line_parsers.go`, `split_command.go`, `shell/lex.go`).
 */
const ISSUE_27_CASES: Case[] = [
  // `Parse` sets startLine before it reads the continuation: the instruction starts on the `\` line
  {
    name: "a first line holding only the escape character",
    input: "\\\nRUN a\n",
    dump: '(run "a")',
    lines: [[1, 2]],
  },
  {
    name: "escape-only first line after an instruction",
    input: "FROM a\n  \\\nRUN a \\\n b\n",
    dump: '(from "a")\n(run "a  b")',
    lines: [
      [1, 1],
      [2, 4],
    ],
  },
  // the directive error is returned from the loop, before `file with no instructions` after it
  {
    name: "`# escape=x` alone",
    input: "# escape=x\n",
    error: "invalid escape token 'x' does not match ` or \\",
    errorLine: 0,
  },
  // the scanner fails on the first line, so the loop never runs: no instructions, at line 0
  {
    name: "one 65,536-byte RUN line",
    input: `RUN ${"x".repeat(65_532)}\n`,
    error: "file with no instructions",
    errorLine: 0,
  },
  // `processPossibleHeredoc` keeps only spaces, tabs and CRs after `<<`; other whitespace ends the word
  {
    name: "`<<` then U+3000 is no heredoc",
    input: "FROM a\nRUN cat <<\u3000EOF\nhi\nEOF\n",
    dump: '(from "a")\n(run "cat <<\\u3000EOF")\n(hi "")\n(eof "")',
    heredocs: [[], [], [], []],
  },
  {
    name: "`<<` then a vertical tab is no heredoc",
    input: "FROM a\nCOPY <<\vEOF /x\nhi\nEOF\n",
    dump: '(from "a")\n(copy "<<" "EOF" "/x")\n(hi "")\n(eof "")',
    heredocs: [[], [], [], []],
  },
  {
    name: "`<<` then a tab still is a heredoc",
    input: "FROM a\nRUN cat <<\tEOF\nhi\nEOF\n",
    dump: '(from "a")\n(run "cat <<\\tEOF")',
    heredocs: [[], ["EOF"]],
  },
  // `parseHealthConfig` tests `unicode.IsSpace(rune(rest[i]))` byte by byte: 0x85 and 0xA0 split
  {
    name: "HEALTHCHECK CMD then U+3000: one word",
    input: "FROM a\nHEALTHCHECK CMD\u3000echo hi\n",
    dump: '(from "a")\n(healthcheck "CMD\\u3000echo" "hi")',
  },
  {
    name: "HEALTHCHECK CMD then U+00A0: cut inside the character",
    input: "FROM a\nHEALTHCHECK CMD\u00a0echo hi\n",
    dump: '(from "a")\n(healthcheck "CMD\\xc2" "echo hi")',
  },
  {
    name: "HEALTHCHECK CMD then U+0145 (C5 85): cut inside the character",
    input: "FROM a\nHEALTHCHECK CMD\u0145echo hi\n",
    dump: '(from "a")\n(healthcheck "CMD\\xc5" "echo hi")',
  },
  {
    name: "HEALTHCHECK cut at U+2160's second byte (E2 85 A0), the command after its third",
    input: "FROM a\nHEALTHCHECK CMD\u2160x hi\n",
    dump: '(from "a")\n(healthcheck "CMD\\xe2" "x hi")',
  },
  {
    name: "HEALTHCHECK with the command starting inside a character (U+2140 is E2 85 80)",
    input: "FROM a\nHEALTHCHECK CMD\u2140x\n",
    dump: '(from "a")\n(healthcheck "CMD\\xe2" "\\x80x")',
  },
  {
    name: "HEALTHCHECK type cut before its last byte (U+2085 is E2 82 85)",
    input: "FROM a\nHEALTHCHECK C\u2085\u2160x\n",
    dump: '(from "a")\n(healthcheck "C\\xe2\\x82" "\u2160x")',
  },
  // `extractBuilderFlags` reads bytes: U+E0001 is F3 A0 80 81, so the flag ends at A0
  {
    name: "a flag ending inside a character",
    input: "FROM a\nADD --\u{E0001} b\n",
    dump: '(from "a")\n(add ["--ó"] "\\x80\\x81" "b")',
  },
  {
    name: "a flag ending inside a character, nothing after it",
    input: "FROM a\nRUN --\u{E0001}\n",
    dump: '(from "a")\n(run ["--ó"] "\\x80\\x81")',
  },
];

describe("adversarial minimal cases against the reference (issue #16)", () => {
  for (const c of [...CASES, ...ISSUE_27_CASES]) {
    it(c.name, () => {
      const doc = typeof c.input === "string" ? parse(c.input) : parseBytes(c.input);
      if (c.error !== undefined) {
        expect(doc.referenceError?.message).toBe(c.error);
        if (c.errorLine !== undefined) expect(doc.referenceError?.referenceLine).toBe(c.errorLine);
        // the reference's one error is the first diagnostic
        expect(doc.diagnostics[0]).toBe(doc.referenceError);
      } else {
        expect(doc.referenceError).toBeUndefined();
        expect(dump(doc)).toBe(c.dump);
      }
      if (c.lines) {
        expect(doc.instructions.map((i) => Object.values(referenceLines(i)))).toEqual(c.lines);
        // the instruction's range starts where the reference starts it
        expect(doc.instructions.map((i) => i.range.start.line + 1)).toEqual(c.lines.map((l) => l[0]));
      }
      if (c.heredocs) expect(doc.instructions.map((i) => i.heredocs.map((h) => h.name))).toEqual(c.heredocs);
      if (c.warningLine !== undefined) {
        const w = doc.diagnostics.find((d) => d.code === "empty-continuation");
        expect(w?.referenceLine).toBe(c.warningLine);
      }
      if (c.escape) expect(doc.escapeCharacter).toBe(c.escape);
    });
  }

  it("string input: parse and parseBytes agree on valid UTF-8", () => {
    const text = "\ufeff# escape=`\nFROM a AS b\nRUN --mount=type=cache,target=/é x `\n  y\n";
    expect(dump(parseBytes(Buffer.from(text)))).toBe(dump(parse(text)));
    expect(parseBytes(Buffer.from(text)).text).toBe(text);
  });
});
