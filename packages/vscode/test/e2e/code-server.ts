import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * code-server for the end-to-end test: where scripts/install-code-server.mjs put it, and a private
 * instance on 127.0.0.1 (`--auth none`) with its own user-data and extensions folders, the extension
 * installed from the `.vsix`, and every call home switched off (telemetry, update check, extension
 * gallery pointed at a closed local port, workspace trust, welcome pages).
 */

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** Node 24, which code-server requires (the repository's `node` devDependency). */
const NODE24 = resolve(packageDir, "../../node_modules/node/bin/node");
const version = (
  JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    config: { codeServerVersion: string };
  }
).config.codeServerVersion;

/** The folder code-server is installed in (`$ENGINEKIT_CODE_SERVER_DIR` or the default cache folder). */
export const CODE_SERVER_DIR =
  process.env.ENGINEKIT_CODE_SERVER_DIR ?? join(homedir(), ".cache", "enginekit", `code-server-${version}`);

/** code-server's entry point, when installed (the install script writes the marker last). */
export function codeServerEntry(): string | undefined {
  const entry = join(CODE_SERVER_DIR, "node_modules", "code-server", "out", "node", "entry.js");
  return existsSync(join(CODE_SERVER_DIR, ".enginekit-installed")) && existsSync(entry) ? entry : undefined;
}

/** The built extension package. */
export const VSIX = join(
  packageDir,
  "dist",
  `enginekit-${JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).version}.vsix`,
);

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** User settings that keep VS Code quiet and offline (no welcome page, tips, telemetry or fetches). */
const USER_SETTINGS = {
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "workbench.settings.enableNaturalLanguageSearch": false,
  "workbench.welcomePage.walkthroughs.openOnInstall": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "security.workspace.trust.enabled": false,
  "git.enabled": false,
  "npm.fetchOnlinePackageInfo": false,
  "json.schemaDownload.enable": false,
  "typescript.disableAutomaticTypeAcquisition": true,
  "chat.disableAIFeatures": true,
  "window.commandCenter": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "editor.quickSuggestions": { other: false, comments: false, strings: false },
  "editor.hover.delay": 200,
};

/** A running code-server. */
export interface CodeServer {
  /** The workbench URL with `folder` opened. */
  url: string;
  /** Everything code-server printed so far. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Installs the `.vsix` into a fresh extensions folder under `root`, then starts code-server on a free
 * port of 127.0.0.1 with `folder` open. Resolves when it answers `/healthz`; throws with its output
 * when it exits or does not answer within `timeoutMs`.
 */
export async function startCodeServer(options: {
  root: string;
  folder: string;
  vsix: string;
  timeoutMs: number;
  /** Extra environment of code-server (and so of the extension host and the language server). */
  env?: Record<string, string>;
}): Promise<CodeServer> {
  const entry = codeServerEntry();
  if (!entry)
    throw new Error(
      `code-server is not installed in ${CODE_SERVER_DIR}: run node_modules/node/bin/node packages/vscode/scripts/install-code-server.mjs`,
    );
  const dirs = {
    data: join(options.root, "data"),
    extensions: join(options.root, "extensions"),
    config: join(options.root, "config.yaml"),
  };
  mkdirSync(join(dirs.data, "User"), { recursive: true });
  writeFileSync(join(dirs.data, "User", "settings.json"), JSON.stringify(USER_SETTINGS, null, 2));
  writeFileSync(dirs.config, "auth: none\n");
  const common = ["--config", dirs.config, "--user-data-dir", dirs.data, "--extensions-dir", dirs.extensions];
  const closed = "http://127.0.0.1:9";
  const env = {
    ...process.env,
    ...options.env,
    // no gallery requests leave the machine: the gallery is a closed local port
    EXTENSIONS_GALLERY: JSON.stringify({
      serviceUrl: `${closed}/gallery`,
      itemUrl: `${closed}/item`,
      resourceUrlTemplate: `${closed}/{publisher}/{name}/{version}/{path}`,
    }),
    CS_DISABLE_FILE_DOWNLOADS: "1",
  };
  const install = spawnSync(NODE24, [entry, ...common, "--install-extension", options.vsix], {
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (install.status !== 0 || !/successfully installed/.test(install.stdout))
    throw new Error(
      `code-server --install-extension ${options.vsix} failed (exit ${install.status}): ${install.stdout}${install.stderr}`,
    );

  const port = await freePort();
  const child: ChildProcess = spawn(
    NODE24,
    [
      entry,
      ...common,
      "--bind-addr",
      `127.0.0.1:${port}`,
      "--auth",
      "none",
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
      "--disable-getting-started-override",
      options.folder,
    ],
    { env, stdio: ["ignore", "pipe", "pipe"], detached: false },
  );
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`code-server exited (${child.exitCode}) before answering: ${output}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer on ${base} within ${options.timeoutMs} ms: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url: `${base}/?folder=${encodeURIComponent(options.folder)}`, log: () => output, stop };
}
