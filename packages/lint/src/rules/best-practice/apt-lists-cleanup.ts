/**
 * The `apt-lists-cleanup` rule: apt lists left in the layer.
 * Its metadata is its documentation (`docs/rules/apt-lists-cleanup.md`, `enginekit lint --explain
 * apt-lists-cleanup`).
 * Same check elsewhere: hadolint DL3009, dockerfilelint apt-get_missing_rm.
 */
import { hasCacheMount, packageCommand } from "../../enginefile/package-managers.js";
import { runsCalling } from "../../enginefile/shell/command-index.js";
import { inImage } from "../../enginefile/stage-parents.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** apt's front ends: each downloads the package lists to /var/lib/apt/lists (hadolint DL3009 reads aptitude too). */
const APT = ["apt-get", "apt", "aptitude"];
const INSTALL = ["install"];
/** `update` fetches the lists, whatever follows it (`apt-get update && apt-get purge -y x`). */
const UPDATE = ["update"];
const DIST_CLEAN = ["dist-clean"];
const CACHE_PATHS = ["/var/lib/apt"];

export default enginefileRule(
  {
    id: "apt-lists-cleanup",
    name: "apt lists left in the layer",
    description:
      "A RUN updates or installs with `apt-get`, `apt` or `aptitude` but does not remove `/var/lib/apt/lists`.",
    severity: "info",
    fix: "never",
    docs: `\`apt-get update\` downloads package lists (tens of MB) that stay in the layer unless the same RUN deletes
them: end it with \`&& rm -rf /var/lib/apt/lists/*\` (or \`apt-get dist-clean\`, apt ≥ 2.7), or use a cache mount on \`/var/lib/apt\`.
Only stages the final image is built from are checked: a build stage's lists never reach the image.`,
    peers: ["hadolint DL3009", "dockerfilelint apt-get_missing_rm"],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN apt-get update && apt-get install -y curl\n" },
      {
        kind: "valid",
        code: "FROM debian:12\nRUN apt-get update && apt-get install -y curl && rm -rf /var/lib/apt/lists/*\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { instruction, commands } of runsCalling(file, APT)) {
      const install =
        commands.map((c) => packageCommand(c, APT, INSTALL)).find((p) => p) ??
        commands.map((c) => packageCommand(c, APT, UPDATE)).find((p) => p);
      if (!install || hasCacheMount(instruction, CACHE_PATHS) || !inImage(file, instruction)) continue;
      const cleaned = commands.some(
        (c) =>
          (c.name === "rm" && c.words.some((w) => w.text.startsWith("/var/lib/apt/lists"))) ||
          packageCommand(c, APT, DIST_CLEAN) !== undefined,
      );
      if (!cleaned)
        out.push({
          range: install.sub.range,
          message: `Remove /var/lib/apt/lists/* in the same RUN after ${install.manager} ${install.sub.text}.`,
        });
    }
    return out;
  },
);
