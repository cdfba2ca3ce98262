import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DevServer } from "./server.js";

/**
 * The environment a client needs to reach `server`: `SVC_ADDR`, `SVC_TOKEN` and, with TLS, `SVC_CACERT`
 * (the self-signed certificate, written to a file in the temp folder). Printed by
 * `enginekit secrets dev` and `enginekit-secrets-dev` as `NAME=value` lines.
 */
export function clientEnvironment(server: DevServer): Record<string, string> {
  const env: Record<string, string> = { SVC_ADDR: server.address, SVC_TOKEN: server.rootToken };
  if (server.caCertPem) {
    const file = join(tmpdir(), `enginekit-secrets-dev-${new URL(server.address).port}.pem`);
    writeFileSync(file, server.caCertPem, { mode: 0o644 });
    env.SVC_CACERT = file;
  }
  return env;
}

/** `NAME=value` lines of {@link clientEnvironment}, one per line. */
export function formatClientEnvironment(env: Record<string, string>): string {
  return Object.entries(env)
    .map(([name, value]) => `${name}=${value}\n`)
    .join("");
}
