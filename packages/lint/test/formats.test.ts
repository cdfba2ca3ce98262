import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, test } from "vitest";
import { lintText } from "../src/engine/lint-document.js";
import { DEFAULT_SETTINGS } from "../src/engine/settings.js";
import { FORMATTERS } from "../src/formats/registry.js";
import type { FileResult } from "../src/node/lint-files.js";

// ajv-formats is CommonJS: under NodeNext its default import is the module object
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const here = dirname(fileURLToPath(import.meta.url));

function result(path: string, text: string, kind: "enginefile" | "manifest"): FileResult {
  const findings = lintText(text, kind, path, DEFAULT_SETTINGS);
  return { path, absolutePath: undefined, kind, text, findings, failing: findings.length, fixesApplied: 0 };
}

const results: FileResult[] = [
  result(
    "app/Enginefile",
    'FROM ubuntu\nRUN apt install curl\nCMD ["a", <b>]\nEXPOSE 80/TCP\n',
    "enginefile",
  ),
  result("deploy/web.container.yaml", 'Image: "a&b"\nHostConfig:\n  BlkioWeight: 5\n', "manifest"),
  result("clean/Enginefile", "FROM alpine:3.20\n", "enginefile"),
];
const context = { color: false, version: "0.1.0" };

describe("output formats", () => {
  test("SARIF 2.1.0 validates against the OASIS JSON schema (2.1.0-rtm.5)", () => {
    const schema = JSON.parse(
      readFileSync(join(here, "fixtures", "sarif-2.1.0-rtm.5.json"), "utf8"),
    ) as Record<string, unknown>;
    // the fixture is draft-04; ajv 8 reads it as draft-07 once `id` is `$id` (no draft-04-only keywords are used)
    const { id, $schema: _, ...rest } = schema;
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile({ ...rest, $id: String(id) } as object);
    const log = JSON.parse(FORMATTERS.sarif!(results, context)) as {
      runs: { results: unknown[]; tool: { driver: { rules: { id: string }[] } } }[];
    };
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(log.runs[0]?.results.length).toBe(results.reduce((n, r) => n + r.findings.length, 0));
    // an invalid log is rejected, so the check can fail
    expect(validate({ version: "2.1.0", runs: [{ results: [] }] })).toBe(false);
  });

  test("json: stable shape, 1-based lines/columns, 0-based offsets, summary", () => {
    const out = JSON.parse(FORMATTERS.json!(results, context)) as {
      version: number;
      files: {
        path: string;
        findings: { ruleId: string; range: { start: { line: number; column: number; offset: number } } }[];
      }[];
      summary: Record<string, number>;
    };
    expect(out.version).toBe(1);
    expect(out.files.map((f) => f.path)).toEqual([
      "app/Enginefile",
      "deploy/web.container.yaml",
      "clean/Enginefile",
    ]);
    const limit = out.files[1]?.findings.find((f) => f.ruleId === "manifest/limit");
    expect(limit?.range.start).toEqual({ line: 3, column: 16, offset: 40 });
    expect(out.summary.files).toBe(3);
    expect(out.summary.findings).toBe(results.reduce((n, r) => n + r.findings.length, 0));
  });

  test("github: one workflow command per finding, escaped", () => {
    const lines = FORMATTERS.github!(results, context).trimEnd().split("\n");
    expect(lines).toContain(
      "::error file=deploy/web.container.yaml,line=3,col=16,endLine=3,endColumn=17,title=enginekit manifest/limit::BlkioWeight must be between 10 and 1000",
    );
    expect(lines.every((l) => /^::(error|warning|notice) file=/.test(l))).toBe(true);
  });

  test("checkstyle and junit are well-formed XML with escaped text", () => {
    const cs = FORMATTERS.checkstyle!(results, context);
    expect(cs).toContain('<file name="deploy/web.container.yaml">');
    expect(cs).toContain('source="enginekit.manifest/limit"');
    const junit = FORMATTERS.junit!(results, context);
    expect(junit).toMatch(/<testsuites name="enginekit lint" tests="\d+" failures="\d+">/);
    expect(junit).toContain('<testcase name="clean/Enginefile" classname="clean/Enginefile"/>');
    for (const xml of [cs, junit]) {
      const opened = (xml.match(/<[a-z]+[ >]/g) ?? []).length;
      const closed = (xml.match(/<\/[a-z]+>|\/>/g) ?? []).length;
      expect(closed).toBe(opened);
      expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    }
  });

  test("gitlab: code-quality issues with stable fingerprints", () => {
    const issues = JSON.parse(FORMATTERS.gitlab!(results, context)) as {
      fingerprint: string;
      severity: string;
      location: { path: string; lines: { begin: number } };
    }[];
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
    expect(issues.every((i) => ["info", "minor", "major", "critical", "blocker"].includes(i.severity))).toBe(
      true,
    );
    expect(JSON.parse(FORMATTERS.gitlab!(results, context))).toEqual(issues);
  });

  test("stylish: location, severity, rule, message, code frame and summary; colour only when asked", () => {
    const plain = FORMATTERS.stylish!(results, context);
    expect(plain).toContain(
      "\n  3:16    error   manifest/limit             BlkioWeight must be between 10 and 1000\n",
    );
    expect(plain).toContain("    3 |   BlkioWeight: 5\n      |                ^\n");
    expect(plain).not.toContain("\u001b[");
    expect(FORMATTERS.stylish!(results, { ...context, color: true })).toContain("\u001b[");
    expect(FORMATTERS.stylish!([results[2]!], context)).toBe("No findings in 1 file.\n");
  });
});
