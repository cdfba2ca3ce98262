/**
 * The engine CLI's conventions, honoured after the project's own `ENGINE_*` names: `DOCKER_HOST`,
 * `DOCKER_TLS_VERIFY`, `DOCKER_CERT_PATH`, `DOCKER_API_VERSION`, contexts, and `config.json` with its
 * registry credentials and credential helpers. One resolver (`environment.ts`) reads them all.
 */
export * from "./cli-config.js";
export * from "./contexts.js";
export * from "./credential-helpers.js";
export * from "./environment.js";
export * from "./registry-credentials.js";
