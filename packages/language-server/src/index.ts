/** @enginekit/language-server: Language server for Enginefiles and engine manifests (vscode-languageserver), with live secret-path completion. */
export {};
