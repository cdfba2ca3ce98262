/**
 * @enginekit/secrets-dev-server: an in-memory secrets service speaking the secrets API v1 over real
 * HTTP(S) on 127.0.0.1, for tests, the demo and `enginekit secrets dev`.
 */
export type { Capability, PolicyRule } from "./acl.js";
export { clientEnvironment, formatClientEnvironment, removeClientFiles } from "./client-env.js";
export { DEMO_SEED_FILE } from "./demo-seed.js";
export type { Fault } from "./faults.js";
export { type DevSeed, loadSeedFile, SeedError, validateSeed } from "./seed.js";
export { type DevServer, type DevServerOptions, startDevServer } from "./server.js";
export type { SealState, ServiceState } from "./state.js";
