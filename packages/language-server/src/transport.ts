/**
 * `runLanguageServer`: starts the server on stdio, Node IPC or a TCP socket to the client's port (the
 * `--stdio`, `--node-ipc`, `--socket=<port>` conventions of `vscode-languageserver/node`), with the framing
 * guard on byte streams and the shutdown gate on the connection.
 */
import { connect } from "node:net";
import {
  createConnection,
  IPCMessageReader,
  IPCMessageWriter,
  ProposedFeatures,
} from "vscode-languageserver/node";
import { ConnectionActivity } from "./protocol/connection-activity.js";
import { FramingGuard } from "./protocol/framing-guard.js";
import { shutdownGate } from "./protocol/shutdown-gate.js";
import { type EnginekitServer, type ServerOptions, startServer } from "./server.js";

/** The client's byte stream through the {@link FramingGuard}; framing problems go to stderr (the client's log). */
function guarded(input: NodeJS.ReadableStream): FramingGuard {
  const guard = new FramingGuard((message) => process.stderr.write(`enginekit lsp: ${message}\n`));
  input.pipe(guard);
  return guard;
}

/** How the client talks to the server: stdio (default), Node IPC (`--node-ipc`), or a TCP port the client listens on (`--socket=<port>`). */
export type Transport =
  | { kind: "stdio" }
  | { kind: "node-ipc" }
  | { kind: "socket"; port: number; host?: string };

/**
 * Starts the language server on a transport (the conventions of `vscode-languageserver/node` and the
 * peer's `--stdio`, `--node-ipc`, `--socket=<port>`; with a socket the server connects to the client's
 * port on 127.0.0.1); stdio and socket input go through the {@link FramingGuard}. Resolves once listening; the process exits when the client sends `exit`.
 * Throws for `node-ipc` when the process has no IPC channel.
 */
export async function runLanguageServer(
  transport: Transport,
  serverOptions: ServerOptions = {},
): Promise<EnginekitServer> {
  const activity = new ConnectionActivity();
  const options: ServerOptions = { ...serverOptions, activity };
  switch (transport.kind) {
    case "stdio":
      return startServer(
        createConnection(
          ProposedFeatures.all,
          guarded(process.stdin),
          process.stdout,
          shutdownGate(activity),
        ),
        options,
      );
    case "node-ipc":
      if (!process.send)
        throw new Error(
          "--node-ipc needs a parent process with an IPC channel (spawned with 'ipc' in stdio)",
        );
      return startServer(
        createConnection(
          ProposedFeatures.all,
          new IPCMessageReader(process),
          new IPCMessageWriter(process),
          shutdownGate(activity),
        ),
        options,
      );
    case "socket": {
      const socket = connect(transport.port, transport.host ?? "127.0.0.1");
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("error", reject);
      });
      return startServer(
        createConnection(ProposedFeatures.all, guarded(socket), socket, shutdownGate(activity)),
        options,
      );
    }
  }
}
