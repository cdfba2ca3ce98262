/** The secrets client: `SecretsClient` and its errors, options and result types. */
export * from "./auth-session.js";
export * from "./errors.js";
export type { KvMount, KvSecret } from "./kv.js";
export { KvApi } from "./kv.js";
export type { KvV2Segment } from "./kv-paths.js";
export { kvV2Path } from "./kv-paths.js";
export * from "./options.js";
export { encodePath, normalizePath } from "./paths.js";
export * from "./secrets-client.js";
export type { SecretsCallOptions, SendRequest, SendResponse } from "./transport.js";
