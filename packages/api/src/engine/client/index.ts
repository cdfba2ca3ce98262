/**
 * The EngineClient (engine API v1.24 over undici) and the protocol pieces other packages reuse: the
 * JSON-message stream decoder (build output), the multiplexed frame decoder (attach/logs), registry
 * credential encoders and the archive path-stat decoder.
 */
export * from "./address.js";
export * from "./api-version.js";
export * from "./config.js";
// Groups: only the classes and result types are re-exported, so that query and body type names never
// collide with the schemas' `<Endpoint>Query` exports (reach them as `Parameters<ContainersApi["list"]>[0]`).
export { type ContainerArchive, ContainersApi, type OutputOptions, type StateChange } from "./containers.js";
export { EngineClient, type EngineClientOptions } from "./engine-client.js";
export * from "./engine-http.js";
export * from "./errors.js";
export { ExecApi } from "./exec.js";
export { type HijackedSession, hijackedSession } from "./hijack.js";
export { type BuildOptions, type ImageDeleteItem, type ImageSearchResult, ImagesApi } from "./images.js";
export * from "./json-message-stream.js";
export * from "./multiplexed-stream.js";
export { NetworksApi } from "./networks.js";
export { NodesApi } from "./nodes.js";
export * from "./path-stat.js";
export { type Plugin, type PluginPrivilege, PluginsApi } from "./plugins.js";
export * from "./registry-auth.js";
export { ServicesApi, type ServiceWriteOptions } from "./services.js";
export { SwarmApi } from "./swarm.js";
export { SystemApi } from "./system.js";
export { TasksApi } from "./tasks.js";
export { VolumesApi } from "./volumes.js";
