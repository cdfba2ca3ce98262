/**
 * The `zypper-dist-upgrade` rule: Do not use zypper dist-upgrade.
 * Its metadata is its documentation (`docs/rules/zypper-dist-upgrade.md`, `enginekit lint --explain
 * zypper-dist-upgrade`).
 * Same check elsewhere: hadolint DL3035.
 */
import { packageCommand } from "../../enginefile/package-managers.js";
import { runsCalling } from "../../enginefile/shell/command-index.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const ZYPPER = ["zypper"];

export default enginefileRule(
  {
    id: "zypper-dist-upgrade",
    name: "Do not use zypper dist-upgrade",
    description: "A RUN upgrades the whole distribution with `zypper dist-upgrade`.",
    severity: "warning",
    fix: "never",
    docs: `A distribution upgrade inside an image build makes the result depend on the day of the build and
can change the base beyond what its tag promises. Use a newer base image, or \`zypper update\` the
packages you need.`,
    peers: ["hadolint DL3035"],
    examples: [
      { kind: "invalid", code: "FROM opensuse/leap:15.6\nRUN zypper dist-upgrade -y\n" },
      { kind: "valid", code: "FROM opensuse/leap:15.6\nRUN zypper update -y curl\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { commands } of runsCalling(file, ZYPPER)) {
      for (const c of commands) {
        const p = packageCommand(c, ZYPPER, ["dist-upgrade", "dup"]);
        if (p)
          out.push({
            range: p.sub.range,
            message: "Do not run zypper dist-upgrade in an image build; use a newer base image.",
          });
      }
    }
    return out;
  },
);
