#!/usr/bin/env node
/**
 * `enginekit-secrets-dev [--port N] [--seed FILE] [--tls] [--root-token T]`: starts the dev server on
 * 127.0.0.1 (default port 8200) and prints `SVC_ADDR=…` / `SVC_TOKEN=…` (and `SVC_CACERT=…` with --tls)
 * lines; runs until Ctrl-C.
 */
import { parseArgs } from "node:util";
import { clientEnvironment, formatClientEnvironment, removeClientFiles } from "./client-env.js";
import { startDevServer } from "./server.js";

try {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8200" },
      seed: { type: "string" },
      tls: { type: "boolean", default: false },
      "root-token": { type: "string" },
    },
  });
  const server = await startDevServer({
    port: Number(values.port),
    seed: values.seed,
    tls: values.tls,
    rootToken: values["root-token"],
  });
  const env = clientEnvironment(server);
  process.stdout.write(formatClientEnvironment(env));
  const stop = () =>
    void server.close().then(() => {
      removeClientFiles(env);
      process.exit(0);
    });
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  process.stderr.write(`enginekit-secrets-dev: ${(error as Error).message}\n`);
  process.exit(1);
}
