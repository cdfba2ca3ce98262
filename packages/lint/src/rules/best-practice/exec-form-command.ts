import { allInstructions } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** Characters that need a shell: with none of them, splitting on blanks gives the same argv. */
const SHELL_SYNTAX = /[$`\\|&;<>()*?[\]{}~'"#!=]/;

export default enginefileRule(
  {
    id: "exec-form-command",
    name: "Use exec form for CMD and ENTRYPOINT",
    description: "CMD or ENTRYPOINT in shell form.",
    severity: "warning",
    fixable: true,
    docs: `In shell form the command runs under \`/bin/sh -c\`, which becomes PID 1 and does not pass SIGTERM on:
\`enginekit stop\` waits for the timeout and kills the container. Exec form (\`["nginx", "-g", "daemon off;"]\`)
runs the program directly. The quick fix rewrites the command when it contains no shell syntax (no
variables, quotes, pipes, redirections or globs), so the meaning is unchanged.`,
    peers: ["BuildKit JSONArgsRecommended", "hadolint DL3025"],
    examples: [
      { kind: "invalid", code: "FROM nginx:1.27\nCMD nginx -g daemon-off\n" },
      { kind: "valid", code: 'FROM nginx:1.27\nENTRYPOINT ["nginx"]\nCMD ["-g", "daemon off;"]\n' },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const ins of allInstructions(file)) {
      if ((ins.kind !== "cmd" && ins.kind !== "entrypoint") || ins.form !== "shell") continue;
      const raw = file.source(ins.argumentsRange).trim();
      if (raw === "" || raw.startsWith("[")) continue;
      const range = file.lines.range(
        ins.argumentsRange.start.offset,
        ins.argumentsRange.start.offset + raw.length,
      );
      const safe = !SHELL_SYNTAX.test(raw) && !raw.includes("\n");
      out.push({
        range,
        message: `Use exec form for ${ins.keyword.toUpperCase()} (a JSON array) so the program receives signals.`,
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
