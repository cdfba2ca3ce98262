/**
 * `addEngineOptions`: the options shared by the commands that talk to the engine (`--host`, `--context`,
 * `--connect-timeout`, `--timeout`), named as the engine CLI names its address and context options.
 */
import type { Command } from "commander";

/**
 * Declares the options every command that talks to the engine shares: where the engine is (`--host`,
 * `--context`) and the client's time limits (`--connect-timeout`, `--timeout`), with their defaults from
 * the environment (docs/cli.md "Engine and secrets service conventions", "Time-outs and limits").
 */
export function addEngineOptions(command: Command): Command {
  return command
    .option(
      "-H, --host <address>",
      "engine address: unix:///path, tcp://host:port or ssh://[user@]host[:port] (default: ENGINE_HOST, DOCKER_HOST, the current context)",
    )
    .option("-c, --context <name>", "engine CLI context to use (default: DOCKER_CONTEXT, currentContext)")
    .option(
      "--connect-timeout <duration>",
      "limit for opening a connection (default: ENGINE_CONNECT_TIMEOUT, 10s)",
    )
    .option(
      "--timeout <duration>",
      "limit for each engine answer (default: ENGINE_TIMEOUT, 60s; 10s for the first)",
    );
}
