/**
 * `--secret` and `--ssh` of `enginekit build`: read before anything reaches the engine (a missing value is
 * one line naming the id and where it was looked for), served to BuildKit through a session on the engine
 * (`openBuildSession`), and masked in everything the build prints. Registry credentials (`--registry-config`,
 * `--registry-auth`, the engine CLI's config.json) are served through the same session, because BuildKit
 * pulls base images with the session's credentials, not with `X-Registry-Config`.
 */

import { createHash } from "node:crypto";
import { basename } from "node:path";
import type { Duplex } from "node:stream";
import { EngineApiError, type RegistryConfig, SecretsClient } from "@enginekit/api";
import {
  BuildFlagError,
  type BuildSession,
  type FileSync,
  openBuildSession,
  parseSecretFlag,
  parseSshFlag,
  readSecrets,
  type SecretSource,
  type SessionEngine,
} from "@enginekit/build-context";
import { CliError, ExitCode } from "../errors.js";
import type { CliIo } from "../io.js";

/** The secrets and agents of one build. */
export interface BuildSecrets {
  secrets: Map<string, Uint8Array>;
  /** By id: an agent socket, or a connector to an agent served from key files. */
  ssh: Map<string, string | (() => Duplex)>;
  /** Hides every secret value (and each of its lines of 4 characters or more) in text. */
  mask: (text: string) => string;
}

/**
 * Reads `--secret` values, then those of `configured` (the project configuration's `build.secrets` that no
 * `--secret` gives: `configuredBuildSecrets`), checks `--ssh` sockets and loads `--ssh` key files.
 * @throws CliError (usage) naming the flag (or configuration entry), id and source of a value that cannot
 *   be read.
 */
export async function readBuildSecrets(
  flags: { secret: string[]; ssh: string[] },
  io: CliIo,
  clientEnv: NodeJS.ProcessEnv,
  configured: readonly SecretSource[] = [],
): Promise<BuildSecrets> {
  try {
    const sources = [...flags.secret.map(parseSecretFlag), ...configured];
    const secrets = await readSecrets(sources, {
      cwd: io.cwd,
      env: io.env,
      secrets: () => new SecretsClient({ env: clientEnv }),
    });
    const ssh = new Map<string, string | (() => Duplex)>();
    for (const value of flags.ssh) {
      const source = await parseSshFlag(value, io.env, io.cwd);
      ssh.set(source.id, "socket" in source ? source.socket : source.agent);
    }
    return { secrets, ssh, mask: masker(secrets) };
  } catch (error) {
    if (error instanceof BuildFlagError) throw new CliError(error.message, ExitCode.usage);
    throw error;
  }
}

function masker(secrets: ReadonlyMap<string, Uint8Array>): (text: string) => string {
  const needles = new Set<string>();
  for (const value of secrets.values()) {
    const text = Buffer.from(value).toString("utf8");
    for (const part of [text, text.trim(), ...text.split(/\r?\n/)])
      if (part.trim().length >= 4) needles.add(part);
  }
  const ordered = [...needles].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const needle of ordered) if (out.includes(needle)) out = out.split(needle).join("****");
    return out;
  };
}

/** Docker Hub's credentials are stored under the engine CLI's historical key. */
const DOCKER_HUB_KEYS = ["https://index.docker.io/v1/", "index.docker.io", "docker.io"];

/**
 * Opens the BuildKit session when the build needs one (secrets, SSH agents, registry credentials, or the
 * context through `fileSync`), or returns undefined. `context` names the session as the engine CLI does (the
 * directory's name, a hash of its path as the shared key, under which BuildKit keeps the last transfer).
 */
export async function openSessionIfNeeded(
  engine: SessionEngine,
  secrets: BuildSecrets,
  registryConfig: RegistryConfig | undefined,
  context: string | undefined,
  fileSync?: FileSync,
): Promise<BuildSession | undefined> {
  const hasCredentials = registryConfig !== undefined && Object.keys(registryConfig).length > 0;
  if (secrets.secrets.size === 0 && secrets.ssh.size === 0 && !hasCredentials && !fileSync) return undefined;
  const dir = context ?? "remote";
  const opening = openBuildSession(
    engine,
    {
      secrets: secrets.secrets,
      ssh: secrets.ssh,
      ...(fileSync ? { fileSync } : {}),
      credentials: (host) => {
        const keys =
          host === "registry-1.docker.io" || host === "docker.io"
            ? DOCKER_HUB_KEYS
            : [host, `https://${host}`];
        for (const key of keys) {
          const auth = registryConfig?.[key];
          if (auth?.identitytoken) return { username: "", secret: auth.identitytoken };
          if (auth?.username) return { username: auth.username, secret: auth.password ?? "" };
        }
        return undefined;
      },
    },
    { name: basename(dir), sharedKey: createHash("sha256").update(dir).digest("hex") },
  );
  if (secrets.secrets.size > 0 || secrets.ssh.size > 0) return opening;
  // Only registry credentials or the context: an engine that refuses sessions still gets the credentials in
  // X-Registry-Config and the context as the archive, as the engine CLI goes on without a session when it
  // cannot open one.
  return opening.catch((error: unknown) => {
    if (error instanceof EngineApiError) return undefined;
    throw error;
  });
}
