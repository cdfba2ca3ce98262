import { hasCacheMount, packageCommand } from "../../enginefile/package-managers.js";
import { runsCalling } from "../../enginefile/shell-commands.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const MANAGERS = ["yum", "dnf", "microdnf", "zypper"];
const INSTALL = ["install", "in"];
const CACHE_PATHS = ["/var/cache/yum", "/var/cache/dnf", "/var/cache/zypp", "/var/cache/libdnf5"];

export default enginefileRule(
  {
    id: "rpm-cache-cleanup",
    name: "yum/dnf/zypper cache left in the layer",
    description: "A RUN installs with `yum`, `dnf`, `microdnf` or `zypper` without cleaning its cache.",
    severity: "info",
    fixable: false,
    docs: `End the RUN with \`yum clean all\` / \`dnf clean all\` / \`microdnf clean all\` / \`zypper clean\` (or
remove \`/var/cache/yum\`, \`/var/cache/dnf\`), or mount a cache there, so metadata does not stay in the layer.`,
    peers: ["hadolint DL3032 / DL3036 / DL3040", "Trivy DS-0015 / DS-0019 / DS-0020 / DS-0027"],
    examples: [
      { kind: "invalid", code: "FROM fedora:40\nRUN dnf install -y git\n" },
      { kind: "valid", code: "FROM fedora:40\nRUN dnf install -y git && dnf clean all\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { instruction, commands } of runsCalling(file, MANAGERS)) {
      if (hasCacheMount(instruction, CACHE_PATHS)) continue;
      for (const c of commands) {
        const p = packageCommand(c, MANAGERS, INSTALL);
        if (!p) continue;
        const cleaned = commands.some(
          (x) =>
            (x.name === p.manager && x.words.some((w) => w.text === "clean")) ||
            (x.name === "rm" && x.words.some((w) => w.text.startsWith("/var/cache/"))),
        );
        if (!cleaned)
          out.push({
            range: p.sub.range,
            message: `Run "${p.manager} clean all" in the same RUN after ${p.manager} ${p.sub.text}.`,
          });
        break;
      }
    }
    return out;
  },
);
