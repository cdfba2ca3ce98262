/**
 * The `json` output format: enginekit's own stable JSON (versioned by `JSON_OUTPUT_VERSION`, docs/lint.md
 * "JSON output").
 */
import type { Finding, Position } from "../model/finding.js";
import { SEVERITIES } from "../model/severity.js";
import type { FileResult } from "../node/lint-files.js";
import type { Formatter } from "./format.js";

/** The version of the JSON output; bumped only on incompatible changes (docs/lint.md "JSON output"). */
export const JSON_OUTPUT_VERSION = 1;

function position(p: Position) {
  return { line: p.line + 1, column: p.character + 1, offset: p.offset };
}

function finding(f: Finding) {
  return {
    ruleId: f.ruleId,
    severity: f.severity,
    message: f.message,
    range: { start: position(f.range.start), end: position(f.range.end) },
    ...(f.fix
      ? {
          fix: {
            title: f.fix.title,
            edits: f.fix.edits.map((e) => ({
              range: { start: position(e.range.start), end: position(e.range.end) },
              newText: e.newText,
            })),
          },
        }
      : {}),
  };
}

/**
 * Stable JSON: `{ version, tool, files: [{ path, kind, findings: [{ ruleId, severity, message,
 * range: { start: { line, column, offset }, end }, fix? }] }], summary }`. Lines and columns are 1-based
 * (columns in UTF-16 code units), offsets 0-based UTF-16; ranges are half-open.
 */
export const formatJson: Formatter = (results, context) => {
  const all = results.flatMap((r) => r.findings);
  const summary = {
    files: results.length,
    findings: all.length,
    failing: results.reduce((n, r) => n + r.failing, 0),
    fixesApplied: results.reduce((n, r) => n + r.fixesApplied, 0),
    ...Object.fromEntries(SEVERITIES.map((s) => [s, all.filter((f) => f.severity === s).length])),
  };
  return `${JSON.stringify(
    {
      version: JSON_OUTPUT_VERSION,
      tool: { name: "enginekit", version: context.version },
      files: results.map((r: FileResult) => ({
        path: r.path,
        kind: r.kind,
        findings: r.findings.map(finding),
      })),
      summary,
    },
    null,
    2,
  )}\n`;
};
