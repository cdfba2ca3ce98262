import type { PackageCommand } from "../../enginefile/package-managers.js";
import { pinningRule } from "../../enginefile/version-pinning.js";

const GIT = ["git://", "git+ssh://", "git+http://", "git+https://", "github:", "gitlab:", "bitbucket:"];
const PATHS = ["/", "./", "../", "~/", "file:"];
const TARBALLS = [".tar", ".tar.gz", ".tgz"];

/** npm/yarn/pnpm package specs: `name@version`, `@scope/name@version`, git with `#ref`, paths, tarballs. */
function pinned(pkg: string): boolean {
  if (GIT.some((g) => pkg.startsWith(g))) return pkg.includes("#");
  if (TARBALLS.some((t) => pkg.endsWith(t)) || PATHS.some((p) => pkg.startsWith(p))) return true;
  if (/^https?:\/\//.test(pkg)) return true;
  const name = pkg.startsWith("@") ? pkg.slice(pkg.indexOf("/") + 1) : pkg;
  return name.includes("@");
}

/** `yarn global add x`: the words after `add`. */
function isInstall(p: PackageCommand): boolean {
  if (p.manager === "npm") return ["install", "i", "add"].includes(p.sub.text);
  if (p.manager === "yarn") return p.sub.text === "add" || p.sub.text === "global";
  return p.sub.text === "add";
}

export default pinningRule(
  {
    id: "npm-version-pin",
    name: "Pin versions in npm install / yarn add / pnpm add",
    description: "`npm install`, `yarn add` or `pnpm add` names a package without a version.",
    severity: "warning",
    docs: `Without a version, each build installs the newest release from the registry. Write
\`name@version\` (\`express@4.19.2\`, \`@types/node@20\`), or install what the lockfile says with \`npm ci\`,
\`yarn install --frozen-lockfile\` or \`pnpm install --frozen-lockfile\` (no package names: not reported).
Git URLs with a \`#ref\`, tarballs and local folders count as pinned.`,
    peers: ["hadolint DL3016"],
    examples: [
      { kind: "invalid", code: "FROM node:22\nRUN npm install -g typescript\n" },
      { kind: "valid", code: "FROM node:22\nRUN npm install -g typescript@5.6.2 && npm ci\n" },
    ],
  },
  {
    managers: ["npm", "yarn", "pnpm"],
    subcommands: ["install", "i", "add", "global"],
    applies: isInstall,
    packages: (p) => {
      const words = p.command.words.slice(p.command.words.indexOf(p.sub) + 1);
      const from = p.sub.text === "global" ? words.findIndex((w) => w.text === "add") + 1 : 0;
      if (p.sub.text === "global" && from === 0) return [];
      return words.slice(from).filter((w) => !w.text.startsWith("-"));
    },
    pinned,
    message: (pkg, p) =>
      `Pin the version of ${pkg}: ${p.manager} ${p.sub.text === "global" ? "global add" : p.sub.text} ${pkg}@<version>.`,
  },
);
