/**
 * `--secret` and `--ssh` of `enginekit build`, read before anything is sent (docs/build.md "Secrets and
 * SSH"). The forms follow `docker buildx build` (docker/buildx `util/buildflags/secrets.go`, `ssh.go`):
 * `id=ID,src=FILE` (or `source=`), `id=ID,env=VAR` (`env=VAR` alone: id `VAR`), and enginekit's
 * `id=ID,svc=<mount>/<path>#<field>`, a field of a secret on the secrets service read at build time; `--ssh
 * default` (the agent of `SSH_AUTH_SOCK`) or `ID=PATH[,PATH…]` (an agent socket, or private key files). Values are kept in memory and
 * never appear in a message: errors name the id, file, variable or secret path only.
 */
import { open, readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Duplex } from "node:stream";
import type { SecretsClient } from "@enginekit/api";
import type { ParsedKey } from "ssh2";
import { BuildFlagError } from "../build-flags.js";
import { KeyFileError, keyringAgent, parsePrivateKeys } from "./key-agent.js";

/**
 * Where one secret comes from; `origin` names where it was given, for messages (default `--secret
 * id=<id>`; the project configuration's entries say `<file>: build.secrets.<id>`).
 */
export type SecretSource = { id: string; origin?: string } & (
  | { kind: "file"; path: string }
  | {
      kind: "env";
      variable: string;
      /** Read the variable here instead of the process environment (a Compose project's `.env`). */
      variables?: Readonly<Record<string, string | undefined>>;
    }
  | { kind: "svc"; location: string; field: string }
);

const ID = /^[A-Za-z0-9._-]+$/;

/** Parses one `--secret` value. @throws BuildFlagError naming the flag value (it holds no secret). */
export function parseSecretFlag(value: string): SecretSource {
  const fields = new Map<string, string>();
  for (const part of value.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0)
      throw new BuildFlagError("--secret", value, `expected key=value, not ${JSON.stringify(part)}`);
    const key = part.slice(0, eq).trim().toLowerCase();
    if (!["id", "src", "source", "env", "svc", "type"].includes(key))
      throw new BuildFlagError("--secret", value, `unknown key ${JSON.stringify(key)} (id, src, env, svc)`);
    fields.set(key === "source" ? "src" : key, part.slice(eq + 1).trim());
  }
  const src = fields.get("src");
  const env = fields.get("env");
  const svc = fields.get("svc");
  const given = [src, env, svc].filter((v) => v !== undefined).length;
  if (given > 1) throw new BuildFlagError("--secret", value, "give one of src=, env= and svc=");
  const type = fields.get("type");
  const id = fields.get("id") ?? env ?? (type === "env" ? src : undefined);
  if (id === undefined || id === "") throw new BuildFlagError("--secret", value, "id= is required");
  if (!ID.test(id))
    throw new BuildFlagError("--secret", value, "the id may hold letters, digits, '.', '_' and '-'");
  if (svc !== undefined) {
    const source = svcSecretSource(id, svc);
    if (!source) throw new BuildFlagError("--secret", value, "expected svc=<mount>/<path>#<field>");
    return source;
  }
  if (env !== undefined || type === "env") return { id, kind: "env", variable: env ?? src ?? id };
  return { id, kind: "file", path: src ?? id };
}

/**
 * The secret `id` read from `reference`, a field of a secret on the secrets service written
 * `<mount>/<path>#<field>` (an `svc:` prefix is allowed); undefined when `reference` is not of that form.
 */
export function svcSecretSource(id: string, reference: string): SecretSource | undefined {
  const m = /^([^#\s]+)#([A-Za-z0-9._-]+)$/.exec(reference.replace(/^svc:/, ""));
  if (!m) return undefined;
  return { id, kind: "svc", location: m[1]!.replace(/^\/+/, ""), field: m[2]! };
}

/**
 * Reads every secret's value (files relative to `cwd`, variables from `env` or the source's own
 * `variables`, `svc` fields through
 * `secrets`, created only when needed).
 * @throws BuildFlagError naming the secret id and where it was looked for, when a value is missing.
 */
export async function readSecrets(
  sources: readonly SecretSource[],
  options: { cwd: string; env: NodeJS.ProcessEnv; secrets: () => Pick<SecretsClient, "kv"> },
): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  let client: Pick<SecretsClient, "kv"> | undefined;
  for (const source of sources) {
    const flag = source.origin ?? `--secret id=${source.id}`;
    if (source.kind === "file") {
      let value: Buffer | undefined;
      try {
        value = await readBounded(resolve(options.cwd, source.path), MAX_SECRET_FILE_BYTES);
      } catch (error) {
        throw new BuildFlagError(
          flag,
          "",
          `cannot read ${source.path} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
        );
      }
      if (value === undefined)
        throw new BuildFlagError(
          flag,
          "",
          `${source.path} is larger than the 500 KiB a secret file may hold (BuildKit's limit)`,
        );
      out.set(source.id, value);
    } else if (source.kind === "env") {
      const value = (source.variables ?? options.env)[source.variable];
      if (value === undefined)
        throw new BuildFlagError(flag, "", `the environment variable ${source.variable} is not set`);
      out.set(source.id, Buffer.from(value));
    } else {
      client ??= options.secrets();
      out.set(source.id, await readSvcField(client, source, flag));
    }
  }
  return out;
}

/**
 * One field of a secret: the location as a KV path (`secret/ci` on a KV v2 mount is read at `secret/data/ci`);
 * a location written with the API's `data/` segment is read without it when the first read finds nothing.
 */
async function readSvcField(
  client: Pick<SecretsClient, "kv">,
  source: Extract<SecretSource, { kind: "svc" }>,
  flag: string,
): Promise<Uint8Array> {
  const where = `svc:${source.location}#${source.field}`;
  let secret = await client.kv.read(source.location);
  const [mount, second, ...rest] = source.location.split("/");
  if ((secret === undefined || secret.data === null) && second === "data" && rest.length > 0)
    secret = await client.kv.read([mount, ...rest].join("/"));
  if (secret === undefined || secret.data === null)
    throw new BuildFlagError(flag, "", `no secret at ${where}`);
  const value = (secret.data as Record<string, unknown>)[source.field];
  if (value === undefined)
    throw new BuildFlagError(flag, "", `the secret at svc:${source.location} has no field ${source.field}`);
  return Buffer.from(typeof value === "string" ? value : JSON.stringify(value));
}

/**
 * One `--ssh` value: an id and either the agent socket serving it, or an agent served in memory from key
 * files (`key-agent.ts`), a connector returning a new agent connection per call.
 */
export type SshSource = { id: string } & ({ socket: string } | { agent: () => Duplex; keyFiles: string[] });

/** The largest key file read (BuildKit's `sshprovider` reads 100 KiB). */
const MAX_KEY_FILE_BYTES = 100 * 1024;

/**
 * Parses `--ssh default`, `--ssh ID` (both: `SSH_AUTH_SOCK`) or `--ssh ID=PATH[,PATH…]`, as the engine CLI
 * does (moby/buildkit `sshprovider.toDialer`): one agent socket, or private key files served as an agent
 * from memory (`keyringAgent`); a socket and key files together are refused.
 * @throws BuildFlagError naming the flag value and file (never a key's content): a missing path, a
 *   passphrase-protected key (one line saying to use ssh-add), a file that is neither socket nor key.
 */
export async function parseSshFlag(value: string, env: NodeJS.ProcessEnv, cwd: string): Promise<SshSource> {
  const eq = value.indexOf("=");
  const id = eq < 0 ? value : value.slice(0, eq);
  if (!ID.test(id)) throw new BuildFlagError("--ssh", value, "expected default, ID or ID=PATH[,PATH…]");
  const given = eq < 0 ? env.SSH_AUTH_SOCK : value.slice(eq + 1);
  if (given === undefined || given === "")
    throw new BuildFlagError("--ssh", value, "SSH_AUTH_SOCK is not set (start ssh-agent, or give ID=PATH)");
  const paths = given.split(",").filter((p) => p !== "");
  let socket: string | undefined;
  const keys: ParsedKey[] = [];
  for (const path of paths) {
    const full = resolve(cwd, path);
    const info = await stat(full).catch(() => undefined);
    if (!info) throw new BuildFlagError("--ssh", value, `${path} does not exist`);
    if (info.isSocket()) {
      if (socket !== undefined || paths.length > 1)
        throw new BuildFlagError("--ssh", value, "one agent socket per id, without key files");
      socket = full;
      continue;
    }
    if (!info.isFile())
      throw new BuildFlagError("--ssh", value, `${path} is neither an agent socket nor a key file`);
    if (info.size > MAX_KEY_FILE_BYTES)
      throw new BuildFlagError("--ssh", value, `${path} is larger than a key file (${info.size} bytes)`);
    try {
      keys.push(...(await parsePrivateKeys(await readFile(full))));
    } catch (error) {
      if (error instanceof KeyFileError)
        throw new BuildFlagError("--ssh", value, `${path}: ${error.message}`);
      throw new BuildFlagError(
        "--ssh",
        value,
        `cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
  }
  if (socket !== undefined) return { id, socket };
  return { id, agent: await keyringAgent(keys), keyFiles: paths };
}

/**
 * The largest secret file read: the engine CLI refuses a larger one (moby/buildkit
 * `session/secrets/secretsprovider` `MaxSecretSize`, 500 KiB: `secret ID too big. max size 500KB`).
 */
const MAX_SECRET_FILE_BYTES = 500 * 1024;

/**
 * The bytes of `path`, or undefined when it holds more than `max` (a regular file by its size, before
 * reading; a pipe, such as `src=<(pass show npm)`, after reading at most `max + 1` bytes).
 * @throws the file system's error (ENOENT, EACCES…).
 */
async function readBounded(path: string, max: number): Promise<Buffer | undefined> {
  const file = await open(path, "r");
  try {
    const info = await file.stat();
    if (info.isFile() && info.size > max) return undefined;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, max + 1 - total));
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > max) return undefined;
    }
    return Buffer.concat(chunks, total);
  } finally {
    await file.close();
  }
}
