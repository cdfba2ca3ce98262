/**
 * The `pipefail` rule: Set pipefail before a RUN with a pipe.
 * Its metadata is its documentation (`docs/rules/pipefail.md`, `enginekit lint --explain pipefail`).
 * Same check elsewhere: hadolint DL4006.
 */
import { runsMentioning, shellName, shellOf } from "../../enginefile/shell/command-index.js";
import { argumentsOf } from "../../enginefile/shell/queries.js";
import type { ShellCommand } from "../../enginefile/shell/shell-command.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const PIPE = ["|"];

/** Shells that are not POSIX shells: their pipes do not mask failures the same way (hadolint skips them). */
const NON_POSIX = new Set(["pwsh", "powershell", "cmd"]);
/** Shells with `-o pipefail`. */
const PIPEFAIL_SHELLS = new Set(["bash", "zsh", "ash", "ksh", "mksh", "busybox"]);

/** True when `args` (a SHELL's elements or a `set` command's arguments) turn on pipefail: `-o pipefail`, `-euo pipefail`. */
function setsPipefail(args: readonly string[]): boolean {
  return args.some((a, i) => a === "pipefail" && i > 0 && /^-[a-z]*o$/.test(args[i - 1] ?? ""));
}

/** True when the command is `set -o pipefail` (any spelling) run before the pipe in the same RUN. */
const isSetPipefail = (c: ShellCommand) =>
  c.name === "set" && setsPipefail(argumentsOf(c).map((w) => w.text));

export default enginefileRule(
  {
    id: "pipefail",
    name: "Set pipefail before a RUN with a pipe",
    description: "A RUN pipes commands while its shell does not fail on a failing pipe stage.",
    severity: "warning",
    fix: "never",
    docs: `\`RUN curl -fsSL https://x | tar -xz\` succeeds when \`curl\` fails, because a pipeline's status is the
last command's. Set the shell with pipefail once per stage — \`SHELL ["/bin/bash", "-o", "pipefail", "-c"]\`
(\`/bin/ash\` on Alpine) — or start the RUN with \`set -o pipefail &&\`. RUNs under a non-POSIX SHELL
(PowerShell, cmd) are not reported.`,
    peers: ["hadolint DL4006"],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN curl -fsSL https://example.com/a.tgz | tar -xz\n" },
      {
        kind: "valid",
        code: 'FROM debian:12\nSHELL ["/bin/bash", "-o", "pipefail", "-c"]\nRUN curl -fsSL https://example.com/a.tgz | tar -xz\n',
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    // a pipe needs a `|` in the source: only those RUNs are parsed
    for (const { instruction, commands } of runsMentioning(file, PIPE)) {
      // the shell in force: the stage's last SHELL, or the one of the stage it is built FROM
      const shell = shellOf(file, instruction);
      const name = shellName(shell);
      if (
        instruction.form === "exec" ||
        NON_POSIX.has(name) ||
        (PIPEFAIL_SHELLS.has(name) && setsPipefail(shell))
      )
        continue;
      const first = commands.findIndex((c) => c.piped);
      if (first < 0 || commands.slice(0, first).some(isSetPipefail)) continue;
      const word = commands[first]!.words[commands[first]!.nameIndex] ?? commands[first]!.words[0]!;
      out.push({
        range: word.range,
        message:
          'This pipe hides failures of the commands before the last; set SHELL ["/bin/bash", "-o", "pipefail", "-c"] (or /bin/ash) first.',
      });
    }
    return out;
  },
);
