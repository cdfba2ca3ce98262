import { PassThrough } from "node:stream";
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import {
  type ClientCapabilities,
  createProtocolConnection,
  type InitializeParams,
  type ProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import { ConnectionActivity } from "../src/protocol/connection-activity.js";
import { FramingGuard } from "../src/protocol/framing-guard.js";
import { shutdownGate } from "../src/protocol/shutdown-gate.js";
import { type EnginekitServer, type ServerOptions, startServer } from "../src/server.js";

/** Everything a test needs: the client side of an in-memory connection and what the server sent. */
export interface TestClient {
  client: ProtocolConnection;
  server: EnginekitServer;
  diagnostics: Map<string, unknown[]>;
  /** How many times diagnostics were published per uri. */
  publications: Map<string, number>;
  messages: { type: number; message: string }[];
  logs: string[];
  /** Opens a document and returns its uri. */
  open(uri: string, text: string, languageId?: string): Promise<string>;
  /** Resolves with the next diagnostics published for `uri` (after `afterVersion`). */
  nextDiagnostics(uri: string): Promise<import("vscode-languageserver-protocol").Diagnostic[]>;
  request<R>(method: string, params: unknown): Promise<R>;
  /** Writes raw bytes to the server's input (framing tests). */
  writeRaw(bytes: string | Buffer): void;
  /** What the framing guard reported. */
  framingProblems: string[];
  close(): Promise<void>;
}

/** Default client capabilities: snippets, hierarchical symbols, push diagnostics. */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  textDocument: {
    completion: { completionItem: { snippetSupport: true } },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ["quickfix"] } } },
  },
  workspace: { configuration: true },
};

/**
 * Starts the real server and a `vscode-languageserver-protocol` client on two PassThrough streams
 * (the DockerLS / MS compose pattern, lsp-anchors §5), initialises it with `settings` as the
 * `enginekit` configuration section, and records published diagnostics and messages.
 */
export async function startTestClient(
  settings: Record<string, unknown> = {},
  capabilities: ClientCapabilities = CLIENT_CAPABILITIES,
  options: ServerOptions = {},
): Promise<TestClient> {
  const up = new PassThrough();
  const down = new PassThrough();
  const framingProblems: string[] = [];
  const guard = new FramingGuard((m) => framingProblems.push(m));
  up.pipe(guard);
  // the server reads through the framing guard and the shutdown gate, as `enginekit lsp` does (src/transport.ts)
  const activity = new ConnectionActivity();
  const serverConnection = createConnection(ProposedFeatures.all, guard, down, shutdownGate(activity));
  // No engine unless a test gives one: image completion stays silent and label lists stay exact.
  const server = startServer(serverConnection, {
    env: { ...process.env, ENGINE_HOST: "unix:///nonexistent/enginekit-test/engine.sock" },
    activity,
    ...options,
  });
  const client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
  const diagnostics = new Map<string, unknown[]>();
  const publications = new Map<string, number>();
  const waiters = new Map<string, ((d: never[]) => void)[]>();
  const messages: { type: number; message: string }[] = [];
  const logs: string[] = [];
  client.onNotification("textDocument/publishDiagnostics", (p: { uri: string; diagnostics: never[] }) => {
    diagnostics.set(p.uri, p.diagnostics);
    publications.set(p.uri, (publications.get(p.uri) ?? 0) + 1);
    const list = waiters.get(p.uri) ?? [];
    waiters.delete(p.uri);
    for (const w of list) w(p.diagnostics);
  });
  client.onNotification("window/showMessage", (p: { type: number; message: string }) => {
    messages.push(p);
  });
  client.onNotification("window/logMessage", (p: { message: string }) => {
    logs.push(p.message);
  });
  client.onRequest("workspace/configuration", (p: { items: { section?: string }[] }) =>
    p.items.map(() => settings),
  );
  client.onRequest("client/registerCapability", () => null);
  client.listen();
  const init: InitializeParams = { processId: null, rootUri: null, capabilities, workspaceFolders: null };
  await client.sendRequest("initialize", init);
  await client.sendNotification("initialized", {});
  // let the server fetch its configuration
  await new Promise((r) => setTimeout(r, 20));
  const versions = new Map<string, number>();
  return {
    client,
    server,
    diagnostics,
    publications,
    messages,
    logs,
    async open(uri, text, languageId = "plaintext") {
      versions.set(uri, 1);
      await client.sendNotification("textDocument/didOpen", {
        textDocument: { uri, languageId, version: 1, text },
      });
      return uri;
    },
    nextDiagnostics(uri) {
      return new Promise((resolve) => {
        const list = waiters.get(uri) ?? [];
        list.push(resolve as never);
        waiters.set(uri, list);
      });
    },
    request: (method, params) => client.sendRequest(method, params),
    writeRaw: (bytes) => up.write(bytes),
    framingProblems,
    async close() {
      await client.sendRequest("shutdown").catch(() => undefined);
      client.dispose();
      serverConnection.dispose();
      // The streams stay open: vscode-languageserver/node exits the process when its input closes.
    },
  };
}

/** Splits `text` at its `|` marker: the text without it and the marker's LSP position. */
export function atCursor(text: string): { text: string; position: { line: number; character: number } } {
  const at = text.indexOf("|");
  const source = text.slice(0, at) + text.slice(at + 1);
  const before = source.slice(0, at).split("\n");
  return { text: source, position: { line: before.length - 1, character: before.at(-1)!.length } };
}
