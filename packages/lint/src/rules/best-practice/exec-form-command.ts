/**
 * The `exec-form-command` rule: Use exec form for CMD and ENTRYPOINT.
 * Its metadata is its documentation (`docs/rules/exec-form-command.md`, `enginekit lint --explain
 * exec-form-command`).
 * Same check elsewhere: BuildKit JSONArgsRecommended, hadolint DL3025.
 */
import type { Stage } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "../../enginefile/analysis.js";
import { allInstructions } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** Characters that need a shell: with none of them, splitting on blanks gives the same argv. */
const SHELL_SYNTAX = /[$`\\|&;<>()*?[\]{}~'"#!=]/;

/**
 * Whether `stage` or a stage it is built FROM (transitively) has a SHELL instruction: then the shell form
 * runs that shell on purpose, and BuildKit's JSONArgsRecommended stays silent.
 */
function setsShell(file: AnalyzedEnginefile, stage: Stage | undefined): boolean {
  const seen = new Set<number>();
  for (let s = stage; s && !seen.has(s.index); s = file.graph.baseOf(s)?.stage) {
    seen.add(s.index);
    if (s.instructions.some((i) => i.kind === "shell")) return true;
  }
  return false;
}

export default enginefileRule(
  {
    id: "exec-form-command",
    name: "Use exec form for CMD and ENTRYPOINT",
    description: "CMD, ENTRYPOINT or HEALTHCHECK CMD in shell form.",
    severity: "warning",
    fix: "sometimes",
    docs: `In shell form the command runs under \`/bin/sh -c\`, which becomes PID 1 and does not pass SIGTERM on:
\`enginekit stop\` waits for the timeout and kills the container. Exec form (\`["nginx", "-g", "daemon off;"]\`)
runs the program directly. A \`HEALTHCHECK CMD\` in shell form starts \`/bin/sh\` for every check, and fails
in an image without one (hadolint 2.15 reports it too). The quick fix rewrites the command when it contains no shell syntax (no
variables, quotes, pipes, redirections or globs), so the meaning is unchanged. Not reported in a stage
that sets SHELL (or is built from one that does): there the shell form is chosen on purpose, as in
BuildKit.`,
    peers: ["BuildKit JSONArgsRecommended", "hadolint DL3025"],
    examples: [
      { kind: "invalid", code: "FROM nginx:1.27\nCMD nginx -g daemon-off\n" },
      { kind: "valid", code: 'FROM nginx:1.27\nENTRYPOINT ["nginx"]\nCMD ["-g", "daemon off;"]\n' },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const ins of allInstructions(file)) {
      const healthcheck = ins.kind === "healthcheck" && ins.mode === "cmd";
      if ((ins.kind !== "cmd" && ins.kind !== "entrypoint" && !healthcheck) || ins.form !== "shell") continue;
      if (setsShell(file, file.stageOf(ins))) continue;
      const at = healthcheck ? ins.command[0]?.range : ins.argumentsRange;
      if (!at) continue;
      const raw = file.text.slice(at.start.offset, ins.argumentsRange.end.offset).trim();
      if (raw === "" || raw.startsWith("[")) continue;
      const range = file.lines.range(at.start.offset, at.start.offset + raw.length);
      const safe = !SHELL_SYNTAX.test(raw) && !raw.includes("\n");
      out.push({
        range,
        message: healthcheck
          ? "Use exec form for HEALTHCHECK CMD (a JSON array): in shell form every check starts /bin/sh, which the image may not have."
          : `Use exec form for ${ins.keyword.toUpperCase()} (a JSON array) so the program receives signals.`,
        ...(safe
          ? {
              fix: {
                title: "Rewrite in exec form",
                edits: [file.replace(range, JSON.stringify(raw.split(/\s+/)).replaceAll('","', '", "'))],
              },
            }
          : {}),
      });
    }
    return out;
  },
);
