/**
 * Untrusted text in the output formats (docs/security.md "Untrusted text"). Before: ESC/OSC sequences
 * and NULs of an Enginefile reached the terminal as they were in stylish messages and code frames, and
 * the XML formats carried characters XML 1.0 forbids.
 */

import { escapeForTerminal, escapeLinesForTerminal } from "@enginekit/node-io";
import { describe, expect, test } from "vitest";
import { FORMATTERS } from "../src/formats/registry.js";
import type { FileResult } from "../src/node/lint-files.js";
import { lintText } from "../src/runner/lint-document.js";
import { DEFAULT_SETTINGS } from "../src/runner/settings.js";

// an OSC title change + BEL, a screen clear, a NUL, a colour, a C1 CSI, a bidi override
const HOSTILE =
  'FROM alpine:3.19\nFOO\x1b]0;pwned\x07 bar\nRUN echo "\x1b[2J\x00"\nFROM busybox\x1b[31m\x9b1m\u202e\n';
const path = "evil\x1b[8m.Enginefile";
const findings = lintText(HOSTILE, "enginefile", path, DEFAULT_SETTINGS);
const results: FileResult[] = [
  { path, absolutePath: undefined, kind: "enginefile", text: HOSTILE, findings, failing: 1, fixesApplied: 0 },
];
const context = { color: false, version: "0.1.0" };
/** C0 controls but tab and line feed, DEL, C1, and the bidi controls. */
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

describe("escapeForTerminal", () => {
  test.each([
    ["plain text", "plain text"],
    ["tab\tkept", "tab\tkept"],
    ["\x1b]52;c;ZXZpbA==\x07", "\\x1b]52;c;ZXZpbA==\\x07"],
    ["nul\x00 del\x7f csi\x9b", "nul\\x00 del\\x7f csi\\x9b"],
    ["line\nbreak\r", "line\\x0abreak\\x0d"],
    ["abc\u202edcba", "abc\\u202edcba"],
  ])("%j → %j", (input, shown) => {
    expect(escapeForTerminal(input)).toBe(shown);
  });

  test("escapeLinesForTerminal keeps line breaks between escaped lines", () => {
    expect(escapeLinesForTerminal("a\x1b[1m\nb\r")).toBe("a\\x1b[1m\nb\\x0d");
  });
});

describe("human format (stylish)", () => {
  test("shows every control character as an escape, in paths, messages and code frames", () => {
    for (const color of [false, true]) {
      const out = FORMATTERS.stylish!(results, { ...context, color });
      // colour escapes are ours (picocolors' SGR codes); nothing else may reach the terminal
      const withoutOurColours = out.replace(/\x1b\[\d+m/g, "");
      expect(withoutOurColours).not.toMatch(RAW_CONTROL);
    }
    const out = FORMATTERS.stylish!(results, context);
    expect(out).toContain("evil\\x1b[8m.Enginefile\n");
    expect(out).toContain('Unknown instruction "FOO\\x1b]0;pwned\\x07"');
    expect(out).toContain("    2 | FOO\\x1b]0;pwned\\x07 bar\n");
  });

  test("the marker stays under the escaped text", () => {
    const lines = FORMATTERS.stylish!(results, context).split("\n");
    const frame = lines.findIndex((l) => l.includes("| FOO\\x1b"));
    const source = lines[frame]!;
    const marker = lines[frame + 1]!;
    const start = marker.indexOf("^");
    expect(source.slice(start, start + (marker.length - start))).toBe("FOO\\x1b]0;pwned\\x07");
  });
});

describe("machine formats stay exact, with their own escaping", () => {
  test("JSON, SARIF and GitLab carry the text exactly (JSON escapes)", () => {
    for (const name of ["json", "sarif", "gitlab"]) {
      const out = FORMATTERS[name]!(results, context);
      // JSON escapes every C0 control (the line feeds are the pretty-printing's own)
      expect(out).not.toMatch(/[\x00-\x09\x0b-\x1f]/);
      expect(out).toContain(JSON.stringify("FOO\x1b]0;pwned\x07").slice(1, -1));
    }
    const json = JSON.parse(FORMATTERS.json!(results, context)) as { files: { path: string }[] };
    expect(json.files[0]!.path).toBe(path);
  });

  test("checkstyle and JUnit XML stay well-formed: characters XML 1.0 cannot carry become visible escapes", () => {
    for (const name of ["checkstyle", "junit"]) {
      const out = FORMATTERS[name]!(results, context);
      expect(out).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f]/);
      expect(out).toContain("FOO\\x1b]0;pwned\\x07");
      expect(out).toContain("evil\\x1b[8m.Enginefile");
    }
  });

  test("GitHub workflow commands escape %, CR and LF, and also : and , in properties", () => {
    const tricky: FileResult[] = [
      {
        ...results[0]!,
        path: "a,b:c%d\r\n::error::x",
        findings: [{ ...findings[0]!, message: "100% sure\r\n::error file=x::injected" }],
      },
    ];
    const out = FORMATTERS.github!(tricky, context);
    expect(out.split("\n").filter(Boolean)).toHaveLength(1);
    expect(out).toContain("file=a%2Cb%3Ac%25d%0D%0A%3A%3Aerror%3A%3Ax,");
    expect(out).toContain("::100%25 sure%0D%0A::error file=x::injected\n");
  });
});
