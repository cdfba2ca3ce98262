/**
 * The `enginekit lsp` command: runs the language server over stdio, Node IPC or a TCP socket, the transports
 * LSP clients use (`--stdio`, `--node-ipc`, `--socket`, as vscode-languageserver names them).
 */
import type { Transport } from "@enginekit/language-server";
import type { Command } from "commander";
import { CliError, ExitCode } from "../errors.js";
import type { CliIo } from "../io.js";

/** The transport chosen by `enginekit lsp`'s flags (stdio when none is given). Throws {@link CliError} for a bad port or two transports. */
export function transportOf(options: { stdio?: boolean; nodeIpc?: boolean; socket?: string }): Transport {
  const chosen = [options.stdio, options.nodeIpc, options.socket !== undefined].filter(Boolean).length;
  if (chosen > 1) throw new CliError("choose one of --stdio, --node-ipc and --socket=<port>", ExitCode.usage);
  if (options.nodeIpc) return { kind: "node-ipc" };
  if (options.socket !== undefined) {
    const port = Number(options.socket);
    if (!Number.isInteger(port) || port < 1 || port > 65_535)
      throw new CliError(`--socket: "${options.socket}" is not a TCP port (1-65535)`, ExitCode.usage);
    return { kind: "socket", port };
  }
  return { kind: "stdio" };
}

/**
 * Registers `enginekit lsp`: runs the language server (docs/language-server.md) over stdio (default),
 * Node IPC (`--node-ipc`) or a TCP port the client listens on (`--socket=<port>`, 127.0.0.1). Nothing
 * is written to stdout but protocol messages; the process ends when the client sends `exit`.
 * Exit codes: 2 for bad flags; 3 when the socket cannot be reached or IPC is missing.
 */
export function registerLspCommand(program: Command, io: CliIo): void {
  program
    .command("lsp")
    .description("run the language server for Enginefiles and manifests (stdio by default)")
    .option("--stdio", "talk over stdin/stdout (default)")
    .option("--node-ipc", "talk over the Node IPC channel of the parent process")
    .option("--socket <port>", "connect to the client's TCP port on 127.0.0.1")
    .allowUnknownOption(true)
    .action(async (options: { stdio?: boolean; nodeIpc?: boolean; socket?: string }) => {
      const transport = transportOf(options);
      // Loaded only when the command runs, so other subcommands start without the language server.
      const { runLanguageServer } = await import("@enginekit/language-server");
      try {
        await runLanguageServer(transport, { env: io.env });
      } catch (error) {
        throw new CliError(
          `lsp: ${error instanceof Error ? error.message : String(error)}`,
          ExitCode.unavailable,
        );
      }
    });
}
