/**
 * The `gitlab` output format: a GitLab Code Quality report (the Code Climate subset GitLab reads), with
 * stable fingerprints.
 */
import type { Formatter } from "./format.js";

const GITLAB_SEVERITY = { error: "major", warning: "minor", info: "info", style: "info" } as const;

/**
 * GitLab Code Quality (Code Climate subset): a JSON array of `{ description, check_name, fingerprint,
 * severity, location: { path, lines: { begin, end } } }`.
 *
 * GitLab treats equal fingerprints as one issue (it merges them, and compares them between the source and
 * target branches to say what a merge request fixed or introduced), so each must be unique in a report
 * and stable across edits elsewhere in the file. It is a SHA-256 of path, rule, message and the finding's
 * source text — no line number, so it survives unrelated line shifts (line numbers a message names, as in
 * "replaced on line 17", are left out too) — and, when several findings share all four (the same command
 * on two lines), of the occurrence's rank among them in source order.
 */
export const formatGitlab: Formatter = (results) => {
  const { createHash } = process.getBuiltinModule("node:crypto");
  const issues = results.flatMap((r) => {
    const seen = new Map<string, number>();
    return r.findings.map((f) => {
      const message = f.message.replace(/\bline \d+/g, "line");
      const key = `${r.path}\0${f.ruleId}\0${message}\0${r.text.slice(f.range.start.offset, f.range.end.offset)}`;
      const rank = seen.get(key) ?? 0;
      seen.set(key, rank + 1);
      return {
        description: f.message,
        check_name: f.ruleId,
        fingerprint: createHash("sha256")
          .update(rank === 0 ? key : `${key}\0${rank}`)
          .digest("hex"),
        severity: GITLAB_SEVERITY[f.severity],
        location: { path: r.path, lines: { begin: f.range.start.line + 1, end: f.range.end.line + 1 } },
      };
    });
  });
  return `${JSON.stringify(issues, null, 2)}\n`;
};
