/**
 * @enginekit/language-server: the language server for Enginefiles and engine manifests
 * (vscode-languageserver), with live secret-path completion. `startServer(connection)` wires everything
 * (src/server.ts); `runLanguageServer({transport})` starts it on stdio, Node IPC or a socket
 * (`enginekit lsp`). See docs/language-server.md.
 */

export { DEFAULT_SERVER_SETTINGS, type ServerSettings } from "./config/settings.js";
export { SEMANTIC_TOKENS_LEGEND } from "./kinds/enginefile/capabilities.js";
export { enginefileSemanticTokens } from "./kinds/enginefile/semantic-tokens.js";
export { EnginefileSession } from "./kinds/enginefile/session.js";
export { type EnginekitServer, type ServerOptions, startServer } from "./server.js";
export { runLanguageServer, type Transport } from "./transport.js";
