/** Secret values never reach the linter's output: the human format's code frames and the parse error's message. */
import { describe, expect, test } from "vitest";
import { formatStylish } from "../src/formats/stylish.js";
import { lintText } from "../src/runner/lint-document.js";
import { DEFAULT_SETTINGS } from "../src/runner/settings.js";

test("the human format never copies a secret value into its code frame", () => {
  const text = 'FROM alpine:3.20\nENV API_TOKEN="s3cr3t-value"\n';
  const findings = lintText(text, "enginefile", "Enginefile", DEFAULT_SETTINGS);
  expect(findings.map((f) => f.ruleId)).toContain("secret-name-in-arg-env");
  const out = formatStylish(
    [
      {
        path: "Enginefile",
        absolutePath: undefined,
        kind: "enginefile",
        text,
        findings,
        failing: 1,
        fixesApplied: 0,
      },
    ],
    { color: false, version: "0" },
  );
  expect(out).toContain("ENV API_TOKEN=**************");
  expect(out).not.toContain("s3cr3t");
});

test("a syntax error in an instruction setting a secret-looking name does not repeat the value's words", () => {
  const secret = lintText(
    "FROM alpine:3.20\nENV DB_PASSWORD=correct horse\n",
    "enginefile",
    "Enginefile",
    DEFAULT_SETTINGS,
  );
  const error = secret.find((f) => f.ruleId === "parse-error");
  expect(error?.message).toContain("can't find = in the word marked here");
  expect(error?.range.start).toMatchObject({ line: 1, character: 24 }); // 0-based: "horse" on line 2
  for (const f of secret) expect(f.message).not.toContain("horse");
  // elsewhere the parser's message (BuildKit's words) quotes the word
  const plain = lintText("FROM alpine:3.20\nENV A=1 plain\n", "enginefile", "Enginefile", DEFAULT_SETTINGS);
  expect(plain.find((f) => f.ruleId === "parse-error")?.message).toBe(
    `Syntax error - can't find = in "plain". Must be of the form: name=value`,
  );
});

describe("many findings on one long line (#29)", () => {
  test("stylish output scans a line once, not once per finding", () => {
    const line = "A_TOKEN=x ".repeat(10_000); // 100,000 characters
    const findings = Array.from({ length: 50_000 }, (_, i) => ({
      ruleId: "demo",
      severity: "warning" as const,
      message: "m",
      range: {
        start: { line: 0, character: i * 2, offset: i * 2 },
        end: { line: 0, character: i * 2 + 1, offset: i * 2 + 1 },
      },
    }));
    const start = performance.now();
    const out = formatStylish(
      [
        {
          path: "Enginefile",
          absolutePath: undefined,
          kind: "enginefile",
          text: `${line}\n`,
          findings,
          failing: findings.length,
          fixesApplied: 0,
        },
      ],
      { color: false } as never,
    );
    // Generous bound (docs/security.md): redacting the line again for each finding took 17–25 s.
    expect(performance.now() - start).toBeLessThan(3000);
    expect(out).toContain("50000 findings");
    expect(out).not.toContain("A_TOKEN=x");
  });
});
