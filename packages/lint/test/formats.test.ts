import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, test } from "vitest";
import { FORMATTERS } from "../src/formats/registry.js";
import type { FileResult } from "../src/node/lint-files.js";
import { lintText } from "../src/runner/lint-document.js";
import { DEFAULT_SETTINGS } from "../src/runner/settings.js";

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

/** Every Enginefile and manifest under `examples/`, linted: findings of most rules, some repeated. */
const examplesRoot = join(here, "..", "..", "..", "examples");
function exampleResults(): FileResult[] {
  const out: FileResult[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === "Enginefile" || /\.(ya?ml|json)$/.test(name))
        out.push(
          result(
            path.slice(examplesRoot.length + 1),
            readFileSync(path, "utf8"),
            name === "Enginefile" ? "enginefile" : "manifest",
          ),
        );
    }
  };
  walk(examplesRoot);
  return out;
}

interface SarifLog {
  runs: {
    tool: {
      driver: {
        name: string;
        rules: {
          id: string;
          shortDescription?: { text: string };
          help?: { text?: string; markdown?: string };
          helpUri?: string;
        }[];
      };
    };
    results: {
      ruleId: string;
      ruleIndex: number;
      message: { text?: string };
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
    }[];
  }[];
}

/**
 * What GitHub code scanning requires of an uploaded SARIF log beyond the schema (GitHub's "SARIF support
 * for code scanning" page and the SARIF validator's GitHub rules, GH2012 "rules without help" among
 * them), as a list of problems: a tool name; per rule a short description of at most 1024 characters,
 * `help.text` and `help.markdown`, and an absolute https `helpUri`; per result a message text, a rule that
 * is listed (and `ruleIndex` pointing at it), and a location whose URI is relative to the checkout with a
 * region that starts on line 1 or later.
 */
function githubSarifProblems(log: SarifLog): string[] {
  const problems: string[] = [];
  for (const run of log.runs) {
    const { driver } = run.tool;
    if (!driver.name) problems.push("run without tool.driver.name");
    for (const rule of driver.rules) {
      const text = rule.shortDescription?.text ?? "";
      if (text.length === 0 || text.length > 1024)
        problems.push(`${rule.id}: shortDescription of ${text.length} chars`);
      if (!rule.help?.text || !rule.help.markdown)
        problems.push(`${rule.id}: no help text and markdown (GH2012)`);
      if (!/^https:\/\/\S+$/.test(rule.helpUri ?? "")) problems.push(`${rule.id}: helpUri ${rule.helpUri}`);
    }
    for (const r of run.results) {
      if (!r.message.text) problems.push(`${r.ruleId}: result without message text`);
      if (driver.rules[r.ruleIndex]?.id !== r.ruleId)
        problems.push(`${r.ruleId}: ruleIndex ${r.ruleIndex} is another rule`);
      const location = r.locations[0]?.physicalLocation;
      if (!location) problems.push(`${r.ruleId}: result without a location`);
      else {
        if (/^(\/|[a-z]+:)/i.test(location.artifactLocation.uri))
          problems.push(`${r.ruleId}: uri ${location.artifactLocation.uri} is not relative to the checkout`);
        if (!(location.region.startLine >= 1))
          problems.push(`${r.ruleId}: startLine ${location.region.startLine}`);
      }
    }
  }
  return problems;
}

/** A validator of the OASIS SARIF 2.1.0 JSON schema (the rtm.5 fixture). */
function sarifSchema() {
  const schema = JSON.parse(readFileSync(join(here, "fixtures", "sarif-2.1.0-rtm.5.json"), "utf8")) as Record<
    string,
    unknown
  >;
  // the fixture is draft-04; ajv 8 reads it as draft-07 once `id` is `$id` (no draft-04-only keywords are used)
  const { id, $schema: _, ...rest } = schema;
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile({ ...rest, $id: String(id) } as object);
}

describe("output formats", () => {
  test("SARIF 2.1.0 validates against the OASIS JSON schema (2.1.0-rtm.5)", () => {
    const validate = sarifSchema();
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

  test("SARIF of every example is valid 2.1.0 and passes GitHub code scanning's checks: help and helpUri on each rule", () => {
    const log = JSON.parse(FORMATTERS.sarif!(exampleResults(), context)) as SarifLog;
    const validate = sarifSchema();
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const rules = log.runs[0]!.tool.driver.rules;
    expect(rules.length).toBeGreaterThan(20);
    expect(githubSarifProblems(log)).toEqual([]);
    const first = rules[0]!;
    expect(first.helpUri).toBe(`https://enginekit.dev/docs/rules/${first.id}.md`);
    expect(first.help?.markdown).toContain(`(${first.helpUri})`);
    // the check can fail: a rule without help, a result pointing at the wrong rule, an absolute path
    const broken = structuredClone(log);
    delete broken.runs[0]!.tool.driver.rules[0]!.help;
    broken.runs[0]!.results[0]!.ruleIndex += 1;
    broken.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri = "/abs/Enginefile";
    expect(githubSarifProblems(broken)).toHaveLength(3);
  });

  test("gitlab: one fingerprint per finding, even for the same command twice, stable across unrelated edits", () => {
    const examples = exampleResults();
    type Issue = {
      fingerprint: string;
      check_name: string;
      location: { path: string; lines: { begin: number } };
    };
    const issues = JSON.parse(FORMATTERS.gitlab!(examples, context)) as Issue[];
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
    const worker = (list: Issue[]) =>
      list.filter(
        (i) => i.location.path === "enginefiles/worker/Enginefile" && i.check_name === "pip-no-cache-dir",
      );
    expect(worker(issues).map((i) => i.location.lines.begin)).toEqual([9, 12]);
    // a comment added at the top moves every line, and no fingerprint changes
    const path = "enginefiles/worker/Enginefile";
    const text = readFileSync(join(examplesRoot, path), "utf8");
    const edited = examples.map((r) =>
      r.path === path ? result(path, `# a comment\n${text}`, "enginefile") : r,
    );
    const after = JSON.parse(FORMATTERS.gitlab!(edited, context)) as Issue[];
    expect(worker(after).map((i) => i.location.lines.begin)).toEqual([10, 13]);
    expect(after.map((i) => i.fingerprint).sort()).toEqual(issues.map((i) => i.fingerprint).sort());
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
