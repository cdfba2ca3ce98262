/**
 * Lint findings as LSP diagnostics: `toDiagnostic` (rule id as `code`, the rule page as `codeDescription`,
 * `source: "enginekit"`, tags, the quick fix in `data`), `toLspRange`, `toLspEdits`, and `ruleDocsBase`,
 * where rule pages are linked from (LSP 3.17 `Diagnostic`).
 */
import type { Finding, Fix, Severity } from "@enginekit/lint";
import { installedRuleDocsBase, ruleDocsUri } from "@enginekit/lint/files";
import {
  type Diagnostic,
  DiagnosticSeverity,
  DiagnosticTag,
  type Range as LspRange,
  type TextEdit as LspTextEdit,
} from "vscode-languageserver";

/** `source` of every diagnostic (users must see which tool spoke, lsp-anchors §4 F). */
export const DIAGNOSTIC_SOURCE = "enginekit";

/**
 * Where rule pages are linked from diagnostics: the `enginekit.ruleDocs` setting when a team hosts them,
 * else the pages installed with the server (a `file:` URI, @enginekit/lint `installedRuleDocsBase`),
 * else none: no `codeDescription` rather than a link that leads nowhere (issue 30).
 */
export function ruleDocsBase(settings: { ruleDocs?: string | undefined }): string | undefined {
  return settings.ruleDocs ?? installedRuleDocsBase();
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  style: DiagnosticSeverity.Hint,
};

/** Rules whose findings mark deprecated syntax (editors strike it through). */
const DEPRECATED_RULES = new Set(["maintainer-deprecated"]);
/** Rules whose findings mark text that has no effect (editors fade it). */
const UNNECESSARY_RULES = new Set(["unused-suppression", "multiple-instructions"]);

/** A quick fix as carried in `Diagnostic.data` (the DockerLS pattern, lsp-anchors §1). */
export interface DiagnosticData {
  fix?: { title: string; edits: LspTextEdit[] };
}

/** An LSP range from a located range (drops the offsets). */
export function toLspRange(range: {
  start: { line: number; character: number };
  end: { line: number; character: number };
}): LspRange {
  return {
    start: { line: range.start.line, character: range.start.character },
    end: { line: range.end.line, character: range.end.character },
  };
}

/** LSP text edits of a lint fix. */
export function toLspEdits(fix: Fix): LspTextEdit[] {
  return fix.edits.map((edit) => ({ range: toLspRange(edit.range), newText: edit.newText }));
}

/** The page of a rule: ShellCheck's wiki for its checks (`shellcheck/SC2086`), else the rule's page under `docsBase`. */
function docsLink(ruleId: string, docsBase: string | undefined): string | undefined {
  const check = /^shellcheck\/(SC\d{4})$/.exec(ruleId)?.[1];
  if (check) return `https://www.shellcheck.net/wiki/${check}`;
  return docsBase === undefined ? undefined : ruleDocsUri(ruleId, docsBase);
}

/**
 * A finding as an LSP diagnostic: rule id as `code`, `codeDescription` linking the rule's page (under
 * `docsBase`, see {@link ruleDocsBase}; none without a base), `source: "enginekit"`, deprecated/unnecessary
 * tags, and the quick fix in `data`.
 */
export function toDiagnostic(
  finding: Finding,
  docsBase: string | undefined = installedRuleDocsBase(),
): Diagnostic {
  const href = docsLink(finding.ruleId, docsBase);
  const diagnostic: Diagnostic = {
    range: toLspRange(finding.range),
    severity: SEVERITY[finding.severity],
    code: finding.ruleId,
    ...(href ? { codeDescription: { href } } : {}),
    source: DIAGNOSTIC_SOURCE,
    message: finding.message,
  };
  const tags: DiagnosticTag[] = [];
  if (DEPRECATED_RULES.has(finding.ruleId)) tags.push(DiagnosticTag.Deprecated);
  if (UNNECESSARY_RULES.has(finding.ruleId)) tags.push(DiagnosticTag.Unnecessary);
  if (tags.length > 0) diagnostic.tags = tags;
  if (finding.fix) {
    const data: DiagnosticData = { fix: { title: finding.fix.title, edits: toLspEdits(finding.fix) } };
    diagnostic.data = data;
  }
  return diagnostic;
}
