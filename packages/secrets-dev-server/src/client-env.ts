/**
 * The environment a client needs to reach a running dev server, printed by `enginekit secrets dev` and
 * `enginekit-secrets-dev` as `NAME=value` lines. With TLS the self-signed certificate is written the way
 * Vault's `-dev-tls` writes its CA (`os.MkdirTemp` then the file): into a fresh private folder
 * (`mkdtemp`, mode 0700) created with `O_CREAT | O_EXCL | O_NOFOLLOW`, so nothing another user planted in
 * the temporary folder (a symbolic link under a predictable name) is followed or overwritten.
 */
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { DevServer } from "./server.js";

/** Prefix of the private folder holding the CA certificate (`<tmp>/enginekit-secrets-dev-XXXXXX/ca.pem`). */
const CA_FOLDER_PREFIX = "enginekit-secrets-dev-";

/**
 * The environment a client needs to reach `server`: `SVC_ADDR`, `SVC_TOKEN` and, with TLS, `SVC_CACERT`
 * (the self-signed certificate, in a new private folder: see the module comment; remove it with
 * {@link removeClientFiles}). @throws the `fs` error when the folder or file cannot be created.
 */
export function clientEnvironment(server: DevServer): Record<string, string> {
  const env: Record<string, string> = { SVC_ADDR: server.address, SVC_TOKEN: server.rootToken };
  if (server.caCertPem) {
    const folder = mkdtempSync(join(tmpdir(), CA_FOLDER_PREFIX));
    const file = join(folder, "ca.pem");
    const fd = openSync(
      file,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o644,
    );
    try {
      writeSync(fd, server.caCertPem);
    } finally {
      closeSync(fd);
    }
    env.SVC_CACERT = file;
  }
  return env;
}

/** Removes the private CA folder {@link clientEnvironment} made for `env`, if any (when the server stops). */
export function removeClientFiles(env: Record<string, string>): void {
  const file = env.SVC_CACERT;
  if (!file) return;
  const folder = dirname(file);
  if (dirname(folder) === tmpdir() && basename(folder).startsWith(CA_FOLDER_PREFIX))
    rmSync(folder, { recursive: true, force: true });
}

/** `NAME=value` lines of {@link clientEnvironment}, one per line. */
export function formatClientEnvironment(env: Record<string, string>): string {
  return Object.entries(env)
    .map(([name, value]) => `${name}=${value}\n`)
    .join("");
}
