/**
 * Enginefiles that are not valid UTF-8 (a Latin-1 comment, a raw byte in a label) build on the engine,
 * which reads them as bytes; `lint --fix` and `format` must write every such byte back unchanged, never
 * U+FFFD (`EF BF BD`), and `lint` must point at the same columns as for the text without them.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCaptured } from "./run-in-process.js";

const latin1 = (text: string) => Buffer.from(text, "latin1");

function fileWith(bytes: Buffer, name = "Enginefile"): string {
  const dir = mkdtempSync(join(tmpdir(), "ek-raw-bytes-"));
  writeFileSync(join(dir, name), bytes);
  return join(dir, name);
}

describe("invalid UTF-8 in an Enginefile survives fixes and formatting", () => {
  it("lint --fix rewrites the instruction and keeps each raw byte", async () => {
    const file = fileWith(latin1('from scratch\n# caf\xe9, na\xefve\nLABEL a="\xff\xfe"\n'));
    const r = await runCaptured(["lint", "--fix", "--no-shellcheck", file]);
    expect(r.stdout).toContain("1 fix applied");
    expect(readFileSync(file)).toEqual(latin1('FROM scratch\n# caf\xe9, na\xefve\nLABEL a="\xff\xfe"\n'));
  });

  it("format keeps raw bytes, and valid UTF-8 beside them", async () => {
    const bytes = Buffer.concat([latin1("from scratch\n# caf\xe9 "), Buffer.from("— ünïcode ✓\n")]);
    const file = fileWith(bytes);
    const r = await runCaptured(["format", file]);
    expect(r.code).toBe(0);
    expect(readFileSync(file)).toEqual(
      Buffer.concat([latin1("FROM scratch\n# caf\xe9 "), Buffer.from("— ünïcode ✓\n")]),
    );
  });

  it("each invalid byte is one column, as editors show it: findings after a truncated sequence stay put", async () => {
    // E2 82 is the start of a 3-byte sequence cut short: a UTF-8 decoder makes one U+FFFD of both bytes
    const file = fileWith(latin1('FROM scratch\nRUN echo "\xe2\x82" && sudo true\n'));
    const r = await runCaptured(["lint", "--no-shellcheck", "--format", "json", file]);
    const findings = JSON.parse(r.stdout).files[0].findings as {
      ruleId: string;
      range: { start: { line: number; column: number } };
    }[];
    const sudo = findings.find((f) => f.ruleId === "no-sudo");
    expect(sudo?.range.start).toEqual({ line: 2, column: 18, offset: 30 });
  });
});
