/**
 * The `enginekit engine` command and its `info` subcommand (flags and help; the action loads when it runs).
 */
import type { Command } from "commander";
import type { CliIo } from "../io.js";
import { addEngineOptions } from "./engine-options.js";

/**
 * Registers `enginekit engine` and its subcommand `info`, which prints the engine's version, the API
 * version used (and why, when negotiation moved it), OS/architecture and the address. Exit codes
 * (errors.ts): 0 ok; 2 malformed address (`--host`, `ENGINE_HOST`, `DOCKER_HOST`, a context), a missing
 * context, an unreadable `config.json` or certificate folder; 3 engine unreachable,
 * too old, or answering with an error — always one line naming the address and what to do.
 */
export function registerEngineCommand(program: Command, io: CliIo): void {
  const engine = addEngineOptions(
    program
      .command("engine")
      .description(
        "talk to the container engine (address from --host, ENGINE_HOST, DOCKER_HOST or a context)",
      ),
  );
  engine
    .command("info")
    .description("print the engine version, API version used, OS/architecture and address")
    .option("--json", "print the report as one JSON object")
    .action(async (options: { json?: boolean }) => {
      const { engineInfo, formatEngineInfo } = await import("../actions/engine.js");
      const report = await engineInfo(
        io,
        engine.opts<{ host?: string; context?: string; connectTimeout?: string; timeout?: string }>(),
      );
      io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatEngineInfo(report));
    });
}
