/**
 * The `pip-version-pin` rule: Pin versions in pip install.
 * Its metadata is its documentation (`docs/rules/pip-version-pin.md`, `enginekit lint --explain
 * pip-version-pin`).
 * Same check elsewhere: hadolint DL3013.
 */
import { PIP } from "../../enginefile/package-managers.js";
import { hasOption } from "../../enginefile/shell/queries.js";
import { pinningRule } from "../../enginefile/version-pinning.js";

/** pip's version specifiers (PEP 440). */
const SPECIFIERS = ["==", ">=", "<=", ">", "<", "!=", "~=", "==="];
/** pip's VCS schemes (pip docs "VCS Support"): `git+https://…@v1.2`. */
const VCS = /^(git|hg|svn|bzr)(\+[a-z-]+)?(:|$)/;

export default pinningRule(
  {
    id: "pip-version-pin",
    name: "Pin versions in pip install",
    description: "`pip install` or `pipx install` names a package without a version.",
    severity: "warning",
    docs: `Without a version, each build installs the newest release on PyPI. Write a specifier
(\`flask==3.0.3\`, \`flask>=3,<4\`), or install from a requirements file (\`-r\`, \`--requirement\`, with
\`--require-hashes\` for the strictest pinning) or under a constraints file (\`-c\`). Not reported: local
paths and files (\`.\`, \`./pkg\`, \`*.whl\`, \`*.tar.gz\`), VCS URLs with a revision (\`git+https://…@v1\`), and
the values of options such as \`-i\`, \`--target\` and \`-e\`.`,
    peers: ["hadolint DL3013"],
    examples: [
      { kind: "invalid", code: "FROM python:3.12-slim\nRUN pip install --no-cache-dir flask\n" },
      {
        kind: "valid",
        code: "FROM python:3.12-slim\nRUN pip install --no-cache-dir flask==3.0.3 && pip install --no-cache-dir -r requirements.txt\n",
      },
    ],
  },
  {
    // pip, and pipx, which installs each application into its own environment (hadolint DL3013 after 2.15)
    managers: { test: (name) => name === "pipx" || PIP.test(name), prefixes: PIP.prefixes },
    subcommands: ["install"],
    valueOptions: [
      "--abi",
      "-b",
      "--build",
      "-e",
      "--editable",
      "--extra-index-url",
      "-f",
      "--find-links",
      "-i",
      "--index-url",
      "--implementation",
      "--no-binary",
      "--only-binary",
      "--platform",
      "--prefix",
      "--progress-bar",
      "--proxy",
      "--python-version",
      "--root",
      "--src",
      "-t",
      "--target",
      "--trusted-host",
      "--upgrade-strategy",
      // pip's other options that take a value (pip install --help): their values are not packages
      "--root-user-action",
      "--report",
      "--cache-dir",
      "--log",
      "--timeout",
      "--retries",
      "--exists-action",
      "--cert",
      "--client-cert",
      "--python",
      "-C",
      "--config-settings",
      "--global-option",
      "--keyring-provider",
      "--use-feature",
      "--use-deprecated",
      "--resume-retries",
      "--group",
      // pipx install's options with a value
      "--pip-args",
      "--suffix",
      "--preinstall",
    ],
    applies: (p) =>
      !hasOption(p.command, "-r", "--requirement", "-c", "--constraint", "--require-hashes") &&
      !p.command.words.some((w) => w.text === "."),
    pinned: (pkg) =>
      SPECIFIERS.some((s) => pkg.includes(s)) ||
      (VCS.test(pkg) ? pkg.includes("@") : pkg.includes("/")) ||
      pkg.endsWith(".whl") ||
      pkg.endsWith(".tar.gz"),
    message: (pkg, p) =>
      `Pin the version of ${pkg}: ${p.manager} install ${pkg}==<version>, or use a requirements file.`,
  },
);
