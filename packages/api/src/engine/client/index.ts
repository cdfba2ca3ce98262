/**
 * The EngineClient (engine API v1.24 over undici) and the protocol pieces other packages reuse: the
 * JSON-message stream decoder (build output), the multiplexed frame decoder (attach/logs), registry
 * credential encoders and the archive path-stat decoder.
 *
 * Group modules re-export only their class and a few option types, so names never collide with the
 * schemas' exports (reach the others as `Parameters<ContainersApi["list"]>[0]`).
 */
export * from "./address.js";
export * from "./api-version.js";
export * from "./config.js";
export { type ContainerArchive, ContainersApi, type OutputOptions, type StateChange } from "./containers.js";
export { EngineClient, type EngineClientOptions } from "./engine-client.js";
export * from "./engine-http.js";
export * from "./errors.js";
export { ExecApi } from "./exec.js";
export { type HijackedSession, hijackedSession } from "./hijack.js";
export { type BuildOptions, ImagesApi } from "./images.js";
export * from "./json-message-stream.js";
export * from "./multiplexed-stream.js";
export { NetworksApi } from "./networks.js";
export { NodesApi } from "./nodes.js";
export * from "./path-stat.js";
export { PluginsApi } from "./plugins.js";
export { encodeRegistryAuth, encodeRegistryConfig, urlSafeBase64 } from "./registry-auth.js";
export { ServicesApi, type ServiceWriteOptions } from "./services.js";
export { SwarmApi } from "./swarm.js";
export { type PingInfo, SystemApi } from "./system.js";
export { TasksApi } from "./tasks.js";
export { VolumesApi } from "./volumes.js";
