/**
 * The `package-manager-confirm` rule: Package manager waits for confirmation.
 * Its metadata is its documentation (`docs/rules/package-manager-confirm.md`, `enginekit lint --explain
 * package-manager-confirm`).
 * Same check elsewhere: hadolint DL3014 / DL3030 / DL3034 / DL3038, Trivy DS-0021, dockerfilelint
 * apt-get_missing_param.
 */
import { hasOption, insertOptionAfter, packageCommand } from "../../enginefile/package-managers.js";
import { runsCalling } from "../../enginefile/shell/command-index.js";
import { argumentsOf, countShortOption } from "../../enginefile/shell/queries.js";
import type { ShellCommand } from "../../enginefile/shell/shell-command.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const MANAGERS = ["apt-get", "apt", "yum", "dnf", "microdnf", "zypper"];
const SUBCOMMANDS = [
  "install",
  "upgrade",
  "dist-upgrade",
  "remove",
  "purge",
  "update-to",
  "in",
  "up",
  "dup",
  "reinstall",
];
const YES = [
  "-y",
  "--yes",
  "--assume-yes",
  "--assumeyes",
  "-qq",
  "-q=2",
  "--no-confirm",
  "-n",
  "--non-interactive",
];

export default enginefileRule(
  {
    id: "package-manager-confirm",
    name: "Package manager waits for confirmation",
    description: "`apt-get`, `yum`, `dnf`, `microdnf` or `zypper` installs without `-y`.",
    severity: "warning",
    fix: "always",
    docs: `A build has no terminal: without \`-y\` (\`--assume-yes\`, \`-qq\`; \`zypper -n\`) the package manager asks
for confirmation, reads end-of-file and aborts. The quick fix adds \`-y\` after the subcommand.`,
    peers: [
      "hadolint DL3014 / DL3030 / DL3034 / DL3038",
      "Trivy DS-0021",
      "dockerfilelint apt-get_missing_param",
    ],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN apt-get update && apt-get install curl\n" },
      {
        kind: "valid",
        code: "FROM debian:12\nRUN apt-get update && apt-get install -y curl\nRUN dnf -y install git\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { commands } of runsCalling(file, MANAGERS)) {
      for (const c of commands) {
        const p = packageCommand(c, MANAGERS, SUBCOMMANDS);
        if (!p || hasOption(c, ...YES) || c.words.some((w) => w.dynamic)) continue;
        // apt-get: quiet level 2 (`-qq`, `-q -q`, `--quiet --quiet`, `-q=2`) implies -y (apt-get(8) "-q")
        if (p.manager.startsWith("apt") && aptQuietLevel(c) >= 2) continue;
        out.push({
          range: p.sub.range,
          message: `${p.manager} ${p.sub.text} without -y waits for a confirmation the build cannot give.`,
          fix: insertOptionAfter(file, p.sub, "-y"),
        });
      }
    }
    return out;
  },
);

/**
 * apt's quiet level on `cmd`: each `q` of a short-option group (`-q`, `-qq`) and each `--quiet` adds one,
 * `-q=N` / `--quiet=N` sets it (apt's command-line parser, apt-get(8) "-q").
 */
function aptQuietLevel(cmd: ShellCommand): number {
  let level = countShortOption(cmd, "q");
  for (const w of argumentsOf(cmd)) {
    if (w.text === "--quiet") level++;
    const set = /^(?:-q|--quiet)=(\d+)$/.exec(w.text);
    if (set) level = Number(set[1]);
  }
  return level;
}
