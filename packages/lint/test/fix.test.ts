/**
 * `fixText` (runner/fix.ts): overlapping fixes wait for the next pass, and a pass is O(n log n) in the
 * number of edits. Before, each fix was checked against every accepted edit and the text was sliced once
 * per edit: 10,000 fixes in a 20,000-line file took 13× as long as linting it (`lint-fix` benchmark).
 */

import { applyTextEdits } from "@enginekit/text";
import { describe, expect, it, test } from "vitest";
import type { Finding, TextEdit } from "../src/model/finding.js";
import { ruleById } from "../src/rules/registry.js";
import { fixText } from "../src/runner/fix.js";
import { lintText } from "../src/runner/lint-document.js";
import { DEFAULT_SETTINGS } from "../src/runner/settings.js";
import { runRule } from "../src/testing/rule-tester.js";

function edit(start: number, end: number, newText: string): TextEdit {
  const at = (offset: number) => ({ line: 0, character: offset, offset });
  return { range: { start: at(start), end: at(end) }, newText };
}

function finding(...edits: TextEdit[]): Finding {
  return {
    ruleId: "test",
    severity: "style",
    message: "m",
    range: edits[0]!.range,
    fix: { title: "t", edits },
  } as Finding;
}

describe("fixText", () => {
  test("takes non-overlapping fixes in order of their first edit; overlapping ones wait for the next pass", () => {
    const passes: string[] = [];
    const result = fixText("abcdef", (text) => {
      passes.push(text);
      if (text === "abcdef")
        return [
          finding(edit(1, 3, "X")), // bc → X
          finding(edit(2, 4, "Y")), // overlaps the first: next pass
          finding(edit(4, 4, "+"), edit(0, 0, "<")), // an insertion before e, and one at the start
          finding(edit(5, 6, "F")),
        ];
      return [];
    });
    expect(result).toEqual({ text: "<aXd+eF", applied: 3, passes: 1 });
    expect(passes).toEqual(["abcdef", "<aXd+eF"]);
  });

  test("two insertions at one offset overlap; an insertion at a replaced range's end does not", () => {
    expect(applyTextEdits("abc", [edit(3, 3, "!"), edit(1, 2, "B")])).toBe("aBc!");
    const result = fixText("abc", (text) =>
      text === "abc" ? [finding(edit(1, 1, "x")), finding(edit(1, 1, "y")), finding(edit(2, 2, "z"))] : [],
    );
    expect(result.text).toBe("axbzc");
  });

  test("10,000 fixes in a 20,000-line file cost a few lints, not quadratic time", () => {
    const lines = ["FROM alpine:3.19"];
    for (let i = 0; i < 10_000; i++) lines.push(`run echo ${i}`, `LABEL l${i}=v`);
    const text = `${lines.join("\n")}\n`;
    const lint = (t: string) => lintText(t, "enginefile", "Enginefile", DEFAULT_SETTINGS);
    lint(text); // warm up
    let started = performance.now();
    const findings = lint(text);
    const lintMs = performance.now() - started;
    expect(findings.filter((f) => f.fix)).toHaveLength(10_000);
    started = performance.now();
    const result = fixText(text, lint);
    const fixMs = performance.now() - started;
    expect(result.applied).toBe(10_000);
    expect(result.text).toBe(text.replaceAll("run echo", "RUN echo"));
    // two lints (fix, then check) plus the edits; before, about 13 lints' time
    expect(fixMs / lintMs).toBeLessThan(6);
  });
});

describe("a rule's declared fix availability is checked by the runner", () => {
  const code = "FROM alpine:3.20\nRUN apk add curl\n";
  const declared = (id: string) => ruleById(id)!.meta;

  it("a fix from a rule that declares fix: never is dropped and reported as internal-error", () => {
    const meta = declared("apk-no-cache");
    const before = meta.fix;
    meta.fix = "never";
    try {
      const findings = lintText(code, "enginefile", "Enginefile", DEFAULT_SETTINGS);
      expect(findings.find((f) => f.ruleId === "apk-no-cache")?.fix).toBeUndefined();
      expect(findings.filter((f) => f.ruleId === "internal-error").map((f) => f.message)).toEqual([
        "Rule apk-no-cache reported a quick fix but declares fix: never",
      ]);
      expect(() => runRule(ruleById("apk-no-cache")!, { code })).toThrow("declares fix: never");
    } finally {
      meta.fix = before;
    }
  });

  it("a finding without a fix from a rule that declares fix: always is reported as internal-error", () => {
    const meta = declared("latest-base-image");
    const before = meta.fix;
    meta.fix = "always";
    try {
      const findings = lintText("FROM alpine:latest\n", "enginefile", "Enginefile", DEFAULT_SETTINGS);
      expect(findings.filter((f) => f.ruleId === "internal-error").map((f) => f.message)).toEqual([
        "Rule latest-base-image reported no quick fix but declares fix: always",
      ]);
    } finally {
      meta.fix = before;
    }
  });
});
