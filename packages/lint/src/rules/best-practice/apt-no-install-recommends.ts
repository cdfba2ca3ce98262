/**
 * The `apt-no-install-recommends` rule: apt-get install without --no-install-recommends.
 * Its metadata is its documentation (`docs/rules/apt-no-install-recommends.md`, `enginekit lint --explain
 * apt-no-install-recommends`).
 * Same check elsewhere: hadolint DL3015, Trivy DS-0029.
 */
import { hasOption, insertOptionAfter, packageCommand } from "../../enginefile/package-managers.js";
import { runsCalling } from "../../enginefile/shell/command-index.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const APT_GET = ["apt-get"];
const INSTALL = ["install"];
/** apt-get(8): options that only print what would be done. */
const SIMULATE = ["-s", "--simulate", "--just-print", "--dry-run", "--recon", "--no-act"];

export default enginefileRule(
  {
    id: "apt-no-install-recommends",
    name: "apt-get install without --no-install-recommends",
    description: "`apt-get install` also installs recommended packages.",
    severity: "info",
    fix: "always",
    docs: `Recommended packages are rarely needed in an image and often double its size. The quick fix adds
\`--no-install-recommends\`.`,
    peers: ["hadolint DL3015", "Trivy DS-0029"],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN apt-get install -y curl\n" },
      { kind: "valid", code: "FROM debian:12\nRUN apt-get install -y --no-install-recommends curl\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { commands } of runsCalling(file, APT_GET)) {
      for (const c of commands) {
        const p = packageCommand(c, APT_GET, INSTALL);
        if (
          !p ||
          hasOption(c, "--no-install-recommends", ...SIMULATE) ||
          c.words.some((w) => w.text.includes("Install-Recommends"))
        )
          continue;
        out.push({
          range: p.sub.range,
          message: "Add --no-install-recommends to apt-get install to keep the image small.",
          fix: insertOptionAfter(file, p.sub, "--no-install-recommends"),
        });
      }
    }
    return out;
  },
);
