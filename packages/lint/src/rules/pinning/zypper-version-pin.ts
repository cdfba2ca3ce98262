/**
 * The `zypper-version-pin` rule: Pin versions in zypper install.
 * Its metadata is its documentation (`docs/rules/zypper-version-pin.md`, `enginekit lint --explain
 * zypper-version-pin`).
 * Same check elsewhere: hadolint DL3037.
 */
import { pinningRule } from "../../enginefile/version-pinning.js";

export default pinningRule(
  {
    id: "zypper-version-pin",
    name: "Pin versions in zypper install",
    description: "`zypper install` names a package without a version.",
    severity: "warning",
    docs: `Without a version, each build installs whatever the repositories have that day. Write
\`package=version\` or a range (\`package>=1.2\`, \`package<2\`); a local \`.rpm\` file counts as pinned.`,
    peers: ["hadolint DL3037"],
    examples: [
      {
        kind: "invalid",
        code: "FROM opensuse/leap:15.6\nRUN zypper install -y curl && zypper clean --all\n",
      },
      {
        kind: "valid",
        code: "FROM opensuse/leap:15.6\nRUN zypper install -y curl=8.6.0 && zypper clean --all\n",
      },
    ],
  },
  {
    managers: ["zypper"],
    subcommands: ["install", "in"],
    pinned: (pkg) => /[=<>]/.test(pkg) || pkg.endsWith(".rpm"),
    message: (pkg) => `Pin the version of ${pkg}: zypper install ${pkg}=<version>.`,
  },
);
