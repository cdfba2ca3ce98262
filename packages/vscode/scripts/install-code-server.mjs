#!/usr/bin/env node
/**
 * Installs code-server (the version in package.json `config.codeServerVersion`) for the VS Code
 * end-to-end test (test/e2e/), outside the pnpm workspace: into `$ENGINEKIT_CODE_SERVER_DIR`, default
 * `~/.cache/enginekit/code-server-<version>`. Idempotent: an install already completed (marker file
 * `.enginekit-installed`) is kept. Run it with Node 24 (code-server's requirement), e.g.
 * `node_modules/node/bin/node packages/vscode/scripts/install-code-server.mjs` (.ci/run does).
 *
 * code-server's npm package runs a postinstall (`postinstall.sh`: `npm install --omit=dev` in
 * `lib/vscode` and its `extensions`) that recent npm skips for dependencies; it is run here explicitly,
 * with the user agent it reads its Node version from and with install scripts off (its native modules
 * ship prebuilt for linux-x64).
 * Exit 0 when installed; 1 with one line naming what failed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const version = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).config.codeServerVersion;
const dir =
  process.env.ENGINEKIT_CODE_SERVER_DIR ?? join(homedir(), ".cache", "enginekit", `code-server-${version}`);
const marker = join(dir, ".enginekit-installed");
const packageRoot = join(dir, "node_modules", "code-server");

if (existsSync(marker)) {
  console.log(`code-server ${version}: already installed in ${dir}`);
  process.exit(0);
}
if (!process.version.startsWith("v24.")) {
  console.error(
    `install-code-server: code-server ${version} needs Node 24, this is ${process.version} (use node_modules/node/bin/node)`,
  );
  process.exit(1);
}
const started = Date.now();
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "package.json"), '{ "private": true }\n');
// npm and the postinstall's nested npm run on this Node (its folder first on PATH).
const env = {
  ...process.env,
  PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
};
function run(command, args, cwd, extraEnv = {}) {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...env, ...extraEnv },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) {
    console.error(
      `install-code-server: '${command} ${args.join(" ")}' in ${cwd} failed (exit ${result.status ?? result.signal})`,
    );
    process.exit(1);
  }
}
run("npm", ["install", "--no-save", "--ignore-scripts", "--loglevel=error", `code-server@${version}`], dir);
const npmVersion = spawnSync("npm", ["--version"], { env, encoding: "utf8" }).stdout.trim();
// The package ships lib/vscode's dependencies with their native modules built for linux-x64 and Node 24;
// without `ignore-scripts` the nested `npm install` may decide to rebuild them from source (sqlite3:
// minutes of C compilation), so the postinstall runs with install scripts off.
run("sh", ["./postinstall.sh"], packageRoot, {
  npm_config_user_agent: `npm/${npmVersion} node/${process.version} ${process.platform} ${process.arch}`,
  npm_config_ignore_scripts: "true",
});
writeFileSync(marker, `${version}\n`);
console.log(`code-server ${version}: installed in ${dir} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
