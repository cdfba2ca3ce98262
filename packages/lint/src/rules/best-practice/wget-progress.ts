/**
 * The `wget-progress` rule: wget without a progress option.
 * Its metadata is its documentation (`docs/rules/wget-progress.md`, `enginekit lint --explain
 * wget-progress`).
 * Same check elsewhere: hadolint DL3047.
 */
import { runsCalling } from "../../enginefile/shell/command-index.js";
import { hasOption } from "../../enginefile/shell/queries.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const WGET = ["wget"];
/** Options that replace or silence wget's default progress bar, or send it to a file (wget(1)). */
const QUIET = [
  "--progress",
  "-q",
  "--quiet",
  "-nv",
  "--no-verbose",
  "-o",
  "--output-file",
  "-a",
  "--append-output",
];

export default enginefileRule(
  {
    id: "wget-progress",
    name: "wget without a progress option",
    description: "`wget` prints its default progress bar into the build log.",
    severity: "info",
    fix: "never",
    docs: `Without a terminal, wget's progress bar becomes thousands of log lines. Use
\`--progress=dot:giga\`, or \`-q\`/\`-nv\` (\`--quiet\`, \`--no-verbose\`).`,
    peers: ["hadolint DL3047"],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN wget https://example.com/a.tgz\n" },
      {
        kind: "valid",
        code: "FROM debian:12\nRUN wget --progress=dot:giga https://example.com/a.tgz && wget -nv https://example.com/b\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { commands } of runsCalling(file, WGET)) {
      for (const c of commands) {
        if (c.name !== "wget" || hasOption(c, ...QUIET) || c.words.some((w) => w.text === "-nv")) continue;
        out.push({
          range: c.words[c.nameIndex]!.range,
          message:
            "Add --progress=dot:giga (or -q / -nv) so wget does not fill the build log with its progress bar.",
        });
      }
    }
    return out;
  },
);
