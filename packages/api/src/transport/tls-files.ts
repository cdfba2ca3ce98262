/**
 * `readTlsFiles`: the `ca.pem`, `cert.pem` and `key.pem` of a certificate folder, as the engine CLI reads its
 * `--tlscacert`/`--tlscert`/`--tlskey` defaults; `TlsFilesError` names the unreadable file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TlsOptions } from "./dispatcher.js";

/** Thrown when a TLS file named by a certificate folder cannot be read. Names the file, never its content. */
export class TlsFilesError extends Error {
  override name = "TlsFilesError";
  constructor(
    message: string,
    readonly file: string,
  ) {
    super(message);
  }
}

/**
 * Reads `ca.pem`, `cert.pem` and `key.pem` from `folder` (the engine CLI's `--tlscacert`/`--tlscert`/`--tlskey`
 * defaults under its certificate folder, here `ENGINE_CERT_PATH`). Synchronous: it runs once, when a client
 * is constructed. A missing `ca.pem` falls back to Node's trust store; `cert.pem` and `key.pem` must both be
 * present or both absent.
 * @throws TlsFilesError naming the file that is unreadable or missing its pair.
 */
export function readTlsFiles(folder: string, verify: boolean): TlsOptions {
  const [ca, cert, key] = ["ca.pem", "cert.pem", "key.pem"].map((name) => readOptional(join(folder, name)));
  if (Boolean(cert) !== Boolean(key)) {
    const missing = join(folder, cert ? "key.pem" : "cert.pem");
    throw new TlsFilesError(`${missing} is missing: cert.pem and key.pem must be given together`, missing);
  }
  const options: TlsOptions = { verify };
  if (ca) options.ca = ca;
  if (cert) options.cert = cert;
  if (key) options.key = key;
  return options;
}

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new TlsFilesError(`cannot read ${file}: ${(error as Error).message}`, file);
  }
}
