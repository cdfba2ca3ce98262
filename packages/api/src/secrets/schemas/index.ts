/** Zod schemas of the secrets service API v1 (secrets-api-v1.md + research/secrets-anchors.md). */
export * from "./auth.js";
export * from "./envelope.js";
export * from "./kv.js";
export * from "./limits.js";
export * from "./sys.js";
