/**
 * Shared HTTP plumbing of the API clients (EngineClient, SecretsClient): the undici pool for a Unix socket
 * or TCP/TLS origin, TLS files, query encoding, bodies with `Content-Length`, error bodies and timeouts.
 */
export * from "./body.js";
export * from "./body-reader.js";
export * from "./dispatcher.js";
export * from "./query.js";
export * from "./response.js";
export * from "./ssh-stdio.js";
export * from "./timeouts.js";
export * from "./tls-files.js";
export * from "./upgrade.js";
