/**
 * The `useradd-no-log-init` rule: useradd with a high UID without -l.
 * Its metadata is its documentation (`docs/rules/useradd-no-log-init.md`, `enginekit lint --explain
 * useradd-no-log-init`).
 * Same check elsewhere: hadolint DL3046.
 */
import { runsCalling } from "../../enginefile/shell/command-index.js";
import { argumentsOf, hasOption } from "../../enginefile/shell/queries.js";
import type { ShellWord } from "../../enginefile/shell/shell-command.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const USERADD = ["useradd"];

/** The word giving `-u`/`--uid`'s value (`-u 1000`, `-u1000`, `--uid=1000`, `--uid 1000`), and the value. */
function uid(args: readonly ShellWord[]): [ShellWord, string] | undefined {
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if ((t === "-u" || t === "--uid") && args[i + 1]) return [args[i + 1]!, args[i + 1]!.text];
    if (t.startsWith("--uid=")) return [args[i]!, t.slice(6)];
    if (/^-u\d/.test(t)) return [args[i]!, t.slice(2)];
  }
  return undefined;
}

export default enginefileRule(
  {
    id: "useradd-no-log-init",
    name: "useradd with a high UID without -l",
    description: "`useradd` with a UID of six digits or more writes a huge sparse lastlog file without `-l`.",
    severity: "warning",
    fix: "never",
    docs: `\`useradd\` records each user in \`/var/log/lastlog\` and \`/var/log/faillog\` at an offset of the UID,
so \`-u 123456789\` makes files of gigabytes that the layer stores in full. Add \`-l\`
(\`--no-log-init\`).`,
    peers: ["hadolint DL3046"],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN useradd -u 100000000 app\n" },
      { kind: "valid", code: "FROM debian:12\nRUN useradd -l -u 100000000 app && useradd -u 1000 web\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { commands } of runsCalling(file, USERADD)) {
      for (const c of commands) {
        if (c.name !== "useradd" || hasOption(c, "-l", "--no-log-init")) continue;
        const found = uid(argumentsOf(c));
        if (!found || found[0].dynamic || found[1].length <= 5) continue;
        out.push({
          range: found[0].range,
          message: "Add -l (--no-log-init) to useradd: with this UID, lastlog and faillog grow to gigabytes.",
        });
      }
    }
    return out;
  },
);
