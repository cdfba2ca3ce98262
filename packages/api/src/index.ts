/**
 * @enginekit/api — the API core: zod schemas (the one source of truth for every field, type, enum and
 * limit) of the engine API v1.24 and the secrets service API v1, and typed undici clients for both.
 */

// moved to the foundation; the api root keeps the name it published
export { parseDurationMs } from "@enginekit/text";
export * from "./engine/index.js";
export * from "./lazy-schema.js";
export * from "./meta.js";
export * from "./secrets/index.js";
