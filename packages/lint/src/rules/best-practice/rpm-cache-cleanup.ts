/**
 * The `rpm-cache-cleanup` rule: yum/dnf/zypper cache left in the layer.
 * Its metadata is its documentation (`docs/rules/rpm-cache-cleanup.md`, `enginekit lint --explain
 * rpm-cache-cleanup`).
 * Same check elsewhere: hadolint DL3032 / DL3036 / DL3040, Trivy DS-0015 / DS-0019 / DS-0020 / DS-0027.
 */
import { hasCacheMount, packageCommand } from "../../enginefile/package-managers.js";
import { runsCalling } from "../../enginefile/shell/command-index.js";
import { argumentsOf, subcommand } from "../../enginefile/shell/queries.js";
import type { ShellCommand } from "../../enginefile/shell/shell-command.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const MANAGERS = ["yum", "dnf", "dnf5", "microdnf", "zypper"];
const INSTALL = ["install", "in"];
/**
 * dnf's commands that download packages into its cache: install, and the upgrades and reinstalls
 * (`dnf upgrade|up|update|upgrade-minimal|reinstall|rei`; hadolint DL3040 after 2.15 reads the same).
 */
const DNF_DOWNLOADS = [
  ...INSTALL,
  "upgrade",
  "up",
  "update",
  "upgrade-minimal",
  "up-min",
  "reinstall",
  "rei",
];
const DNF = ["dnf", "dnf5", "microdnf"];
const CACHE_PATHS = ["/var/cache/yum", "/var/cache/dnf", "/var/cache/zypp", "/var/cache/libdnf5"];
const ALL_CACHES = ["/var/cache", "/var/cache/", "/var/cache/*"];

export default enginefileRule(
  {
    id: "rpm-cache-cleanup",
    name: "yum/dnf/zypper cache left in the layer",
    description:
      "A RUN installs with `yum`, `dnf`, `microdnf` or `zypper` (or upgrades or reinstalls with dnf) without cleaning its cache.",
    severity: "info",
    fix: "never",
    docs: `End the RUN with \`yum clean all\` / \`dnf clean all\` / \`microdnf clean all\` / \`zypper clean --all\` (or
remove \`/var/cache/yum\`, \`/var/cache/dnf\`, \`/var/cache/libdnf5\`, \`/var/cache/zypp\`), or mount a cache or tmpfs there, so metadata does not stay in the layer.`,
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
      commands.forEach((c, i) => {
        const p = packageCommand(c, MANAGERS, DNF.includes(c.name ?? "") ? DNF_DOWNLOADS : INSTALL);
        // the cleanup must come after the install: `yum clean all && yum install x` leaves the cache
        if (!p || commands.slice(i + 1).some((x) => cleansCache(x, p.manager))) return;
        out.push({
          range: p.sub.range,
          message: `Run "${cleanCommand(p.manager)}" in the same RUN after ${p.manager} ${p.sub.text}.`,
        });
      });
    }
    return out;
  },
);

/** The command that empties `manager`'s cache (`zypper clean all` would clean a repository named "all"). */
function cleanCommand(manager: string): string {
  return manager === "zypper" ? "zypper clean --all" : `${manager} clean all`;
}

/** True when `cmd` cleans `manager`'s cache: `<manager> clean …` or `rm` of a cache directory. */
function cleansCache(cmd: ShellCommand, manager: string): boolean {
  if (cmd.name === manager)
    return subcommand(cmd)?.text === "clean" || (manager === "zypper" && subcommand(cmd)?.text === "cc");
  if (cmd.name !== "rm") return false;
  return argumentsOf(cmd).some(
    (w) => ALL_CACHES.includes(w.text) || CACHE_PATHS.some((p) => w.text === p || w.text.startsWith(`${p}/`)),
  );
}
