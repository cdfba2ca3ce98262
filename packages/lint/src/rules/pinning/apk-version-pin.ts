/**
 * The `apk-version-pin` rule: Pin versions in apk add.
 * Its metadata is its documentation (`docs/rules/apk-version-pin.md`, `enginekit lint --explain
 * apk-version-pin`).
 * Same check elsewhere: hadolint DL3018.
 */
import { pinningRule } from "../../enginefile/version-pinning.js";

export default pinningRule(
  {
    id: "apk-version-pin",
    name: "Pin versions in apk add",
    description: "`apk add` names a package without a version.",
    severity: "warning",
    docs: `Without a version, each build installs whatever the Alpine repository has that day. Write
\`package=version\` or a constraint (\`curl~8.9\`, \`curl>=8.9\`, \`"curl<9"\` in quotes). A local \`.apk\` file counts as pinned; the
values of \`-t\`/\`--virtual\` and \`-X\`/\`--repository\` are not packages.`,
    peers: ["hadolint DL3018"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nRUN apk add --no-cache curl\n" },
      {
        kind: "valid",
        code: "FROM alpine:3.20\nRUN apk add --no-cache --virtual .deps curl=8.9.1-r2 git~2.45\n",
      },
    ],
  },
  {
    managers: ["apk"],
    subcommands: ["add"],
    valueOptions: ["-t", "--virtual", "-X", "--repository"],
    // apk's constraints: `=`, `~`, `<`, `>`, `<=`, `>=`, `><` (a `<` or `>` only quoted, as `"python3<3.7"`)
    pinned: (pkg) => /[=~<>]/.test(pkg) || pkg.endsWith(".apk"),
    message: (pkg) => `Pin the version of ${pkg}: apk add ${pkg}=<version>.`,
  },
);
