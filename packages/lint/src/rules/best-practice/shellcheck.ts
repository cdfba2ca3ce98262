/**
 * The `shellcheck` rule: ShellCheck inside RUN.
 * Its metadata is its documentation (`docs/rules/shellcheck.md`, `enginekit lint --explain shellcheck`).
 * Same check elsewhere: hadolint SC checks (ShellCheck inside RUN).
 */
import { enginefileRule } from "../../model/rule.js";

/**
 * ShellCheck's checks inside RUN. The findings come from the `shellcheck` executable, run once per
 * lint (`node/shellcheck-batch.ts`) or in the background by the language server, not from this check:
 * this rule is their documentation and their switch (`shellcheck: off`, or one check with
 * `shellcheck/SC2086: off`).
 */
export default enginefileRule(
  {
    id: "shellcheck",
    name: "ShellCheck inside RUN",
    description: "ShellCheck's findings on the shell code of RUN instructions, as `shellcheck/SC<code>`.",
    severity: "warning",
    fix: "never",
    docs: `When a \`shellcheck\` executable (0.7.1 or later) is on \`PATH\`, \`enginekit lint\` checks the shell code
of every shell-form RUN — the line as BuildKit runs it, continuations joined, and heredoc bodies run as
scripts — with one ShellCheck process for the whole run, under the stage's \`SHELL\` (\`sh\` by default; bash,
dash, ksh and ash/busybox too; PowerShell, cmd and zsh are not checked). Each finding is reported as
\`shellcheck/SC<code>\` at the exact place in the Enginefile, with ShellCheck's own severity and a link to its
wiki page. Like hadolint, SC1090/SC1091 (sourcing files ShellCheck cannot see) and SC2187 are left out, and
SC2154 is not reported for variables declared by ARG or ENV. Without \`shellcheck\` on \`PATH\` this rule
does nothing (\`--verbose\` says so). Turn it off with \`shellcheck: off\` under \`rules:\`, or one check with
\`shellcheck/SC2086: off\`; suppress one with \`# enginekit-ignore shellcheck/SC2086\`. The language server
runs it after the other diagnostics, off the typing path.`,
    peers: ["hadolint SC checks (ShellCheck inside RUN)"],
    examples: [{ kind: "valid", code: 'FROM debian:12\nRUN echo "$HOME"\n' }],
  },
  () => [],
);
