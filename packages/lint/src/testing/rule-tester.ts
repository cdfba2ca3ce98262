/**
 * The rule tester: `testRule` runs table-driven `valid`/`invalid` cases (ranges, messages, fixed output) and
 * the rule's documented examples in vitest, after typescript-eslint's RuleTester; `runRule`, `onlyRule` and
 * `formatRange` are its helpers.
 */
import { describe, expect, test } from "vitest";
import { exampleContext } from "../docs/example-context.js";
import type { Finding, Range } from "../model/finding.js";
import { kindOfRule, type Rule } from "../model/rule.js";
import type { RuleSeverity } from "../model/severity.js";
import { RULES } from "../rules/registry.js";
import { fixText } from "../runner/fix.js";
import { lintText } from "../runner/lint-document.js";
import { DEFAULT_SETTINGS, type LintSettings } from "../runner/settings.js";

/** A snippet the rule must not report. */
export interface ValidCase {
  code: string;
  /** File name (manifests: gives the kind); default `Enginefile` or `test.container.yaml`. */
  fileName?: string;
  settings?: Partial<LintSettings>;
}

/**
 * A snippet the rule must report exactly as listed: each expected finding is its 1-based range
 * `"line:col-line:col"` (end exclusive) and optionally a message (substring or RegExp). `output` is the
 * text after applying the rule's quick fixes until stable (omit to assert nothing about fixes;
 * `null` to assert there is no fix).
 */
export interface InvalidCase extends ValidCase {
  errors: (string | { range: string; message: string | RegExp })[];
  output?: string | null;
}

/** Formats a range as 1-based `line:col-line:col`, the tester's notation. */
export function formatRange(r: Range): string {
  return `${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1}`;
}

/**
 * Settings in which only `rule` is on (at its default severity, or `error` if its default is `off`), and
 * `internal-error`, through which the runner reports the rule itself as broken.
 */
function onlyRule(rule: Rule, extra: Partial<LintSettings> = {}): LintSettings {
  const rules: Record<string, RuleSeverity> = {};
  for (const r of RULES) rules[r.meta.id] = "off";
  rules["internal-error"] = "error";
  rules[rule.meta.id] = rule.meta.severity === "off" ? "error" : rule.meta.severity;
  return {
    ...DEFAULT_SETTINGS,
    ...extra,
    rules: { ...rules, ...extra.rules },
    reportUnusedSuppressions: false,
  };
}

function defaultFileName(rule: Rule): string {
  if (rule.meta.appliesTo === "ignorefile") return ".engineignore";
  if (rule.meta.appliesTo === "compose") return "compose.yaml";
  return rule.meta.appliesTo === "manifest" ? "test.container.yaml" : "Enginefile";
}

/**
 * Lints `code` with only `rule` on; returns its findings. Throws when the runner reported the rule itself
 * as broken (it threw, or a finding contradicts its declared `fix` availability), so such a rule fails
 * every test that runs it.
 */
export function runRule(rule: Rule, c: ValidCase): Finding[] {
  // the linter's own rules (suppression comments) need the other rules on
  const settings =
    rule.meta.appliesTo === "any" ? { ...DEFAULT_SETTINGS, ...c.settings } : onlyRule(rule, c.settings);
  const fileName = c.fileName ?? defaultFileName(rule);
  const kind = kindOfRule(rule);
  const all = lintText(c.code, kind, fileName, settings);
  const broken = all.find(
    (f) => f.ruleId === "internal-error" && f.message.startsWith(`Rule ${rule.meta.id} `),
  );
  if (broken) throw new Error(broken.message);
  return all.filter((f) => f.ruleId === rule.meta.id);
}

/**
 * Table-driven tests for one rule (typescript-eslint's RuleTester model): every `valid` case has no
 * finding of the rule, every `invalid` case has exactly the listed findings at the listed ranges, and
 * its fixed output matches. The rule's documented examples are tested too (an `invalid` example must
 * report at least once, a `valid` one never), so the generated docs cannot show a wrong example.
 */
export function testRule(rule: Rule, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  if (cases.valid.length + cases.invalid.length + rule.meta.examples.length === 0) return;
  describe(rule.meta.id, () => {
    for (const [i, c] of cases.valid.entries()) {
      test(`valid #${i + 1}`, () => {
        expect(runRule(rule, c).map((f) => `${formatRange(f.range)} ${f.message}`)).toEqual([]);
      });
    }
    for (const [i, c] of cases.invalid.entries()) {
      test(`invalid #${i + 1}`, () => {
        const found = runRule(rule, c);
        const ranges = found.map((f) => formatRange(f.range));
        expect(ranges).toEqual(c.errors.map((e) => (typeof e === "string" ? e : e.range)));
        c.errors.forEach((e, k) => {
          if (typeof e === "object") {
            const message = found[k]?.message ?? "";
            if (typeof e.message === "string") expect(message).toContain(e.message);
            else expect(message).toMatch(e.message);
          }
        });
        if (c.output === null) expect(found.filter((f) => f.fix)).toEqual([]);
        else if (c.output !== undefined) {
          const settings = onlyRule(rule, c.settings);
          const kind = kindOfRule(rule);
          const fileName = c.fileName ?? defaultFileName(rule);
          const fixed = fixText(c.code, (t) =>
            lintText(t, kind, fileName, settings).filter((f) => f.ruleId === rule.meta.id),
          );
          expect(fixed.text).toBe(c.output);
        }
      });
    }
    for (const [i, ex] of rule.meta.examples.entries()) {
      test(`documented ${ex.kind} example #${i + 1}`, () => {
        const enginefile = { ...DEFAULT_SETTINGS.enginefile, ...exampleContext(ex) };
        const n = runRule(rule, {
          code: ex.code,
          ...(ex.fileName ? { fileName: ex.fileName } : {}),
          settings: { enginefile },
        }).length;
        if (ex.kind === "valid") expect(n).toBe(0);
        else expect(n).toBeGreaterThan(0);
      });
    }
  });
}
