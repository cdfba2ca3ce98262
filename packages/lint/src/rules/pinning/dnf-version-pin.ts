/**
 * The `dnf-version-pin` rule: Pin versions in dnf install.
 * Its metadata is its documentation (`docs/rules/dnf-version-pin.md`, `enginekit lint --explain
 * dnf-version-pin`).
 * Same check elsewhere: hadolint DL3041.
 */
import { isModuleInstall, rpmPackages } from "../../enginefile/rpm-packages.js";
import { pinningRule } from "../../enginefile/version-pinning.js";

/**
 * True when what follows the package name looks like a version: `name-1.2.3`, `name-2:1.0-3.el9`
 * (each `-` part made of letters, digits and `.~^_:+`, one starting with a digit) — so `python3-pip`
 * is not taken for pinned.
 */
function versioned(pkg: string): boolean {
  if (pkg.endsWith(".rpm")) return true;
  const parts = pkg.split("-");
  if (parts.length <= 1) return false;
  const rest = parts.slice(1);
  return rest.every((x) => /^[A-Za-z0-9.~^_:+]*$/.test(x)) && rest.some((x) => /^\d/.test(x));
}

export default pinningRule(
  {
    id: "dnf-version-pin",
    name: "Pin versions in dnf install",
    description: "`dnf`/`microdnf install` names a package without a version.",
    severity: "warning",
    docs: `Without a version, each build installs whatever the repositories have that day. Write
\`package-version\` (\`httpd-2.4.62\`, \`bash-5.2.26-3.fc40\`); a name with a dash (\`python3-pip\`) is not a
version. A local \`.rpm\` file counts as pinned. For \`dnf module install\`, name the stream: \`nodejs:20\`.`,
    peers: ["hadolint DL3041"],
    examples: [
      { kind: "invalid", code: "FROM fedora:40\nRUN dnf install -y python3-pip && dnf clean all\n" },
      { kind: "valid", code: "FROM fedora:40\nRUN dnf install -y python3-pip-23.3.2 && dnf clean all\n" },
    ],
  },
  {
    managers: ["dnf", "dnf5", "microdnf"],
    subcommands: ["install", "module"],
    packages: rpmPackages,
    pinned: (pkg, p) => (isModuleInstall(p) ? pkg.includes(":") : versioned(pkg)),
    message: (pkg, p) =>
      isModuleInstall(p)
        ? `Pin the stream of ${pkg}: ${p.manager} module install ${pkg}:<stream>.`
        : `Pin the version of ${pkg}: ${p.manager} install ${pkg}-<version>.`,
  },
);
