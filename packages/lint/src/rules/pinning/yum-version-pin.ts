/**
 * The `yum-version-pin` rule: Pin versions in yum install.
 * Its metadata is its documentation (`docs/rules/yum-version-pin.md`, `enginekit lint --explain
 * yum-version-pin`).
 * Same check elsewhere: hadolint DL3033.
 */
import { isModuleInstall, rpmPackages } from "../../enginefile/rpm-packages.js";
import { pinningRule } from "../../enginefile/version-pinning.js";

export default pinningRule(
  {
    id: "yum-version-pin",
    name: "Pin versions in yum install",
    description: "`yum install` names a package without a version.",
    severity: "warning",
    docs: `Without a version, each build installs whatever the repositories have that day. Write
\`package-version\` (\`httpd-2.4.57\`); a local \`.rpm\` file counts as pinned. For \`yum module install\`,
name the stream: \`nodejs:20\`.`,
    peers: ["hadolint DL3033"],
    examples: [
      { kind: "invalid", code: "FROM centos:7\nRUN yum install -y httpd && yum clean all\n" },
      {
        kind: "valid",
        code: "FROM centos:7\nRUN yum install -y httpd-2.4.6 && yum module install -y nodejs:20 && yum clean all\n",
      },
    ],
  },
  {
    managers: ["yum"],
    subcommands: ["install", "module"],
    packages: rpmPackages,
    pinned: (pkg, p) => (isModuleInstall(p) ? pkg.includes(":") : pkg.includes("-") || pkg.endsWith(".rpm")),
    message: (pkg, p) =>
      isModuleInstall(p)
        ? `Pin the stream of ${pkg}: yum module install ${pkg}:<stream>.`
        : `Pin the version of ${pkg}: yum install ${pkg}-<version>.`,
  },
);
