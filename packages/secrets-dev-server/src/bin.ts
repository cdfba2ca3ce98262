#!/usr/bin/env node
/**
 * `enginekit-secrets-dev [--port N] [--seed FILE] [--tls] [--root-token T]`: starts the dev server and
 * prints `SVC_ADDR=…` / `SVC_TOKEN=…` (and `SVC_CACERT=…` with --tls) lines; runs until Ctrl-C.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startDevServer } from "./server.js";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8200" },
    seed: { type: "string" },
    tls: { type: "boolean", default: false },
    "root-token": { type: "string" },
  },
});
try {
  const server = await startDevServer({
    port: Number(values.port),
    seed: values.seed,
    tls: values.tls,
    rootToken: values["root-token"],
  });
  process.stdout.write(`SVC_ADDR=${server.address}\nSVC_TOKEN=${server.rootToken}\n`);
  if (server.caCertPem) {
    const file = join(tmpdir(), `enginekit-secrets-dev-${process.pid}.pem`);
    writeFileSync(file, server.caCertPem);
    process.stdout.write(`SVC_CACERT=${file}\n`);
  }
  process.once("SIGINT", () => void server.close().then(() => process.exit(0)));
  process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
} catch (error) {
  process.stderr.write(`enginekit-secrets-dev: ${(error as Error).message}\n`);
  process.exit(1);
}
