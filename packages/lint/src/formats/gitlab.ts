import type { Formatter } from "./format.js";

const GITLAB_SEVERITY = { error: "major", warning: "minor", info: "info", style: "info" } as const;

/**
 * GitLab Code Quality (Code Climate subset): a JSON array of `{ description, check_name, fingerprint,
 * severity, location: { path, lines: { begin, end } } }`. The fingerprint is a SHA-256 of path, rule,
 * message and the finding's source text, so it survives unrelated line shifts.
 */
export const formatGitlab: Formatter = (results) => {
  const issues = results.flatMap((r) =>
    r.findings.map((f) => ({
      description: f.message,
      check_name: f.ruleId,
      fingerprint: process
        .getBuiltinModule("node:crypto")
        .createHash("sha256")
        .update(
          `${r.path}\0${f.ruleId}\0${f.message}\0${r.text.slice(f.range.start.offset, f.range.end.offset)}`,
        )
        .digest("hex"),
      severity: GITLAB_SEVERITY[f.severity],
      location: { path: r.path, lines: { begin: f.range.start.line + 1, end: f.range.end.line + 1 } },
    })),
  );
  return `${JSON.stringify(issues, null, 2)}\n`;
};
