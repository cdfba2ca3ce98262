import type { Command } from "commander";
import type { CliIo } from "../io.js";

/**
 * Registers `enginekit secrets`:
 * - `ls <path>`: the keys in a folder (folders end in `/`), resolving the KV version; `ls /` lists the
 *   mounts. Never prints secret values. Configuration from `--namespace`/`--timeout`, then `SVC_ADDR`,
 *   `SVC_TOKEN` (or `~/.svc-token`), `SVC_NAMESPACE`, `SVC_CACERT`, `SVC_SKIP_VERIFY`, `SVC_CLIENT_TIMEOUT`
 *   (and their `VAULT_*` names), then `.enginekit.yaml`'s `secrets:`.
 * - `dev [--port N] [--seed [file]] [--tls]`: runs the in-memory dev server until Ctrl-C and prints the
 *   `SVC_ADDR` / `SVC_TOKEN` (/ `SVC_CACERT`) lines to use it.
 * Exit codes: 0 ok; 2 bad configuration or seed file; 3 service unreachable or answering an error
 * (one line naming the method, path and meaning; never a token or a secret value).
 */
export function registerSecretsCommand(program: Command, io: CliIo): void {
  const secrets = program
    .command("secrets")
    .description("use the secrets service (SVC_ADDR, SVC_TOKEN) or run a dev server");
  secrets
    .command("ls")
    .description("list the keys under a secret path (folders end in /); `ls /` lists the mounts")
    .argument("<path>", "folder path, e.g. secret/ or secret/app/")
    .option(
      "-n, --namespace <namespace>",
      "namespace (default: SVC_NAMESPACE, VAULT_NAMESPACE, .enginekit.yaml)",
    )
    .option(
      "--timeout <duration>",
      "limit for one whole attempt of a request (default: SVC_CLIENT_TIMEOUT, VAULT_CLIENT_TIMEOUT, .enginekit.yaml, 10s)",
    )
    .action(async (path: string, options: { namespace?: string; timeout?: string }) => {
      const { listSecrets } = await import("../actions/secrets.js");
      const keys = await listSecrets(io, path, options);
      // keys come from the service: control characters are shown as escapes (docs/security.md)
      const { escapeForTerminal } = await import("@enginekit/node-io");
      io.stdout(keys.map((k) => `${escapeForTerminal(k)}\n`).join(""));
    });
  secrets
    .command("dev")
    .description(
      "run an in-memory secrets service on 127.0.0.1 until Ctrl-C (KV v2 at secret/, KV v1 at kv/)",
    )
    .option("-p, --port <port>", "TCP port (0 = any free port)", "8200")
    .option(
      "--seed [file]",
      "load secrets, policies and logins from a JSON/YAML file (no file: the demo seed)",
    )
    .option("--tls", "serve HTTPS with a self-signed certificate (printed as SVC_CACERT)")
    .action(async (options: { port: string; seed?: string | boolean; tls?: boolean }) => {
      const { runDevServer } = await import("../actions/secrets.js");
      await runDevServer(io, options);
    });
}
