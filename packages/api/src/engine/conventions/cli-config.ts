/**
 * The engine CLI's configuration folder and its `config.json` (docker CLI `cli/config`): the folder is
 * `ENGINE_CONFIG`, else `DOCKER_CONFIG`, else `~/.docker`; the file holds `currentContext` and registry
 * credentials (`auths`, `credsStore`, `credHelpers`). A missing file is an empty configuration; an
 * unreadable or malformed one is an error naming the file (never its content: it holds passwords).
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { EngineConfigError } from "../client/errors.js";

/** Where the configuration folder came from, for messages. */
export interface CliConfigFolder {
  /** Absolute folder path. */
  folder: string;
  /** `ENGINE_CONFIG`, `DOCKER_CONFIG` or `~/.docker` (the default). */
  source: string;
}

/** The parts of `config.json` enginekit reads; other keys are ignored. */
export interface EngineCliConfig {
  /** The file read (absolute), for messages. */
  file: string;
  /** The context selected by `docker context use`, if any. */
  currentContext?: string;
  /** Stored credentials per registry host (`{ auth: base64("user:pass") }`, `identitytoken`, …). */
  auths: Record<string, Record<string, unknown>>;
  /** The default credential helper (`docker-credential-<credsStore>`). */
  credsStore?: string;
  /** Credential helper per registry host. */
  credHelpers: Record<string, string>;
}

/** The configuration folder from the environment (`ENGINE_CONFIG`, `DOCKER_CONFIG`, `~/.docker`). */
export function cliConfigFolder(
  env: NodeJS.ProcessEnv,
  homeDir: string = env.HOME || homedir(),
): CliConfigFolder {
  if (env.ENGINE_CONFIG) return { folder: env.ENGINE_CONFIG, source: "ENGINE_CONFIG" };
  if (env.DOCKER_CONFIG) return { folder: env.DOCKER_CONFIG, source: "DOCKER_CONFIG" };
  return { folder: join(homeDir, ".docker"), source: "~/.docker" };
}

/**
 * Reads `<folder>/config.json`. Synchronous: it runs once, when a client is configured.
 * @returns the configuration, or `undefined` when the file does not exist.
 * @throws EngineConfigError naming the file when it cannot be read, is not JSON or has a wrong shape.
 */
export function readCliConfig(folder: string): EngineCliConfig | undefined {
  const file = join(folder, "config.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw new EngineConfigError(`cannot read the engine CLI configuration ${file} (${code ?? "error"})`);
  }
  return parseCliConfig(file, text);
}

/**
 * Parses the text of a `config.json` (see {@link readCliConfig}).
 * @throws EngineConfigError naming `file` (never quoting its content).
 */
export function parseCliConfig(file: string, text: string): EngineCliConfig {
  let parsed: unknown;
  try {
    parsed = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new EngineConfigError(`the engine CLI configuration ${file} is not valid JSON`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new EngineConfigError(`the engine CLI configuration ${file} must hold a JSON object`);
  }
  const raw = parsed as Record<string, unknown>;
  const config: EngineCliConfig = { file, auths: {}, credHelpers: {} };
  if (raw.currentContext !== undefined && raw.currentContext !== "") {
    if (typeof raw.currentContext !== "string") throw shapeError(file, "currentContext", "a string");
    config.currentContext = raw.currentContext;
  }
  if (raw.credsStore !== undefined && raw.credsStore !== "") {
    if (typeof raw.credsStore !== "string") throw shapeError(file, "credsStore", "a string");
    config.credsStore = raw.credsStore;
  }
  if (raw.auths !== undefined) {
    if (!isRecord(raw.auths)) throw shapeError(file, "auths", "an object");
    for (const [host, entry] of Object.entries(raw.auths)) {
      if (!isRecord(entry)) throw shapeError(file, `auths.${host}`, "an object");
      config.auths[host] = entry;
    }
  }
  if (raw.credHelpers !== undefined) {
    if (!isRecord(raw.credHelpers)) throw shapeError(file, "credHelpers", "an object");
    for (const [host, helper] of Object.entries(raw.credHelpers)) {
      if (typeof helper !== "string" || helper === "")
        throw shapeError(file, `credHelpers.${host}`, "a name");
      config.credHelpers[host] = helper;
    }
  }
  return config;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function shapeError(file: string, key: string, expected: string): EngineConfigError {
  return new EngineConfigError(`the engine CLI configuration ${file}: "${key}" must be ${expected}`);
}
