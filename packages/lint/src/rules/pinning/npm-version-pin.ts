/**
 * The `npm-version-pin` rule: Pin versions in npm install / yarn add / pnpm add.
 * Its metadata is its documentation (`docs/rules/npm-version-pin.md`, `enginekit lint --explain
 * npm-version-pin`).
 * Same check elsewhere: hadolint DL3016.
 */
import type { PackageCommand } from "../../enginefile/package-managers.js";
import type { ShellWord } from "../../enginefile/shell/shell-command.js";
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

/**
 * Options of npm, yarn and pnpm whose next word is their value, not a package (`--loglevel verbose`,
 * `--registry https://…`, `--omit dev`): npm's typed config keys that are not booleans, yarn's and pnpm's
 * options with an argument.
 */
const VALUE_OPTIONS = new Set([
  "--loglevel",
  "--registry",
  "--cache",
  "--prefix",
  "--userconfig",
  "--globalconfig",
  "--tag",
  "--omit",
  "--include",
  "--install-strategy",
  "--workspace",
  "-w",
  "--before",
  "--otp",
  "--scope",
  "--save-prefix",
  "--proxy",
  "--https-proxy",
  "--cafile",
  "--fetch-retries",
  "--fetch-timeout",
  "--cache-folder",
  "--modules-folder",
  "--network-timeout",
  "--mutex",
  "--filter",
  "-F",
  "--dir",
  "-C",
  "--reporter",
  "--store-dir",
]);

/** The package words of an install: what follows the subcommand, less options and their values. */
function packageWords(words: readonly ShellWord[]): ShellWord[] {
  const out: ShellWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!.text;
    if (!t.startsWith("-")) out.push(words[i]!);
    else if (VALUE_OPTIONS.has(t)) i++;
  }
  return out;
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
      return packageWords(words.slice(from));
    },
    pinned,
    message: (pkg, p) =>
      `Pin the version of ${pkg}: ${p.manager} ${p.sub.text === "global" ? "global add" : p.sub.text} ${pkg}@<version>.`,
  },
);
