/**
 * `serverOptions`: how vscode-languageclient starts the language server — the bundled server over Node IPC,
 * or what `enginekit.server.path` names: a module over Node IPC, an executable over stdio.
 */
import type { ServerOptions, TransportKind } from "vscode-languageclient/node";

// The values of vscode-languageclient's `TransportKind`, whose module cannot load outside VS Code (it
// requires `vscode`); a type-only import keeps this file testable.
const STDIO = 0 as TransportKind.stdio;
const IPC = 1 as TransportKind.ipc;

/**
 * How the language server process is started (`ServerOptions` of vscode-languageclient):
 * - by default the server bundled in the extension (`server.mjs`, built from @enginekit/language-server
 *   by scripts/build.mjs), forked with the extension host's Node and spoken to over Node IPC;
 * - with `enginekit.server.path` set to a `.js`/`.mjs`/`.cjs` file (the CLI bundle), that module run as
 *   `enginekit lsp --node-ipc` the same way;
 * - with any other path, that executable run as `enginekit lsp --stdio`.
 */
export function serverOptions(bundledServer: string, serverPath: string): ServerOptions {
  const path = serverPath.trim();
  if (path === "") return { module: bundledServer, transport: IPC };
  if (/\.[cm]?js$/.test(path)) return { module: path, args: ["lsp"], transport: IPC };
  return { command: path, args: ["lsp", "--stdio"], transport: STDIO };
}
