/**
 * Entry point of the server bundled into the extension (`server.mjs`, scripts/build.mjs): the enginekit
 * language server on Node IPC (how vscode-languageclient forks it, `--node-ipc`) or on stdio (`--stdio`).
 * The same server as `enginekit lsp` (docs/language-server.md).
 */
import { runLanguageServer } from "@enginekit/language-server";

const transport = process.argv.includes("--stdio")
  ? ({ kind: "stdio" } as const)
  : ({ kind: "node-ipc" } as const);
runLanguageServer(transport).catch((error: unknown) => {
  process.stderr.write(`enginekit: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
