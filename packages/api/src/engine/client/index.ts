/**
 * The EngineClient (engine API v1.24 over undici) and the protocol pieces other packages reuse: the
 * JSON-message stream decoder (build output), the multiplexed frame decoder (attach/logs), registry
 * credential encoders and the archive path-stat decoder.
 */
export * from "./address.js";
export * from "./api-version.js";
export * from "./config.js";
export * from "./engine-http.js";
export * from "./errors.js";
export * from "./json-message-stream.js";
export * from "./multiplexed-stream.js";
export * from "./path-stat.js";
export * from "./registry-auth.js";
