/**
 * The `apt-version-pin` rule: Pin versions in apt-get install.
 * Its metadata is its documentation (`docs/rules/apt-version-pin.md`, `enginekit lint --explain
 * apt-version-pin`).
 * Same check elsewhere: hadolint DL3008.
 */
import { pinningRule } from "../../enginefile/version-pinning.js";

export default pinningRule(
  {
    id: "apt-version-pin",
    name: "Pin versions in apt-get install",
    description: "`apt-get install` names a package without a version.",
    severity: "warning",
    docs: `Without a version, each build installs whatever the archive has that day, so two builds of the
same Enginefile can differ. Write \`package=version\` (\`curl=7.88.1-10+deb12u8\`). A release
(\`package/bookworm-backports\`) and a local \`.deb\` file count as pinned; the value of \`-t\`/
\`--target-release\` is not a package.`,
    peers: ["hadolint DL3008"],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN apt-get install -y --no-install-recommends curl\n" },
      {
        kind: "valid",
        code: "FROM debian:12\nRUN apt-get install -y --no-install-recommends curl=7.88.1-10+deb12u8 ./local.deb\n",
      },
    ],
  },
  {
    managers: ["apt-get"],
    subcommands: ["install"],
    valueOptions: ["-t", "--target-release"],
    pinned: (pkg) => pkg.includes("=") || pkg.includes("/") || pkg.endsWith(".deb"),
    message: (pkg) => `Pin the version of ${pkg}: apt-get install ${pkg}=<version>.`,
  },
);
