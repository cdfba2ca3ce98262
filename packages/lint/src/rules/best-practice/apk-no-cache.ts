/**
 * The `apk-no-cache` rule: apk add without --no-cache.
 * Its metadata is its documentation (`docs/rules/apk-no-cache.md`, `enginekit lint --explain apk-no-cache`).
 * Same check elsewhere: hadolint DL3019, Trivy DS-0025, dockerfilelint apkadd-missing_nocache_or_updaterm.
 */
import {
  hasCacheMount,
  hasOption,
  insertOptionAfter,
  packageCommand,
} from "../../enginefile/package-managers.js";
import { runsCalling } from "../../enginefile/shell/command-index.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const APK = ["apk"];
const ADD = ["add"];
const CACHE_PATHS = ["/var/cache/apk", "/etc/apk/cache"];

export default enginefileRule(
  {
    id: "apk-no-cache",
    name: "apk add without --no-cache",
    description: "`apk add` keeps the package index in the layer.",
    severity: "info",
    fix: "always",
    docs: `\`apk add --no-cache\` fetches the index, installs and leaves nothing behind. Not reported when the RUN
removes \`/var/cache/apk\` or mounts a cache there. The quick fix adds \`--no-cache\`.`,
    peers: ["hadolint DL3019", "Trivy DS-0025", "dockerfilelint apkadd-missing_nocache_or_updaterm"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nRUN apk update && apk add curl\n" },
      { kind: "valid", code: "FROM alpine:3.20\nRUN apk add --no-cache curl\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { instruction, commands } of runsCalling(file, APK)) {
      if (hasCacheMount(instruction, CACHE_PATHS)) continue;
      if (commands.some((c) => c.name === "rm" && c.words.some((w) => w.text.startsWith("/var/cache/apk"))))
        continue;
      for (const c of commands) {
        const p = packageCommand(c, APK, ADD);
        if (!p || hasOption(c, "--no-cache")) continue;
        out.push({
          range: p.sub.range,
          message: "Use apk add --no-cache so the package index does not stay in the layer.",
          fix: insertOptionAfter(file, p.sub, "--no-cache"),
        });
      }
    }
    return out;
  },
);
