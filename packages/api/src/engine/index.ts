/** The engine half of the API core: schemas (engine API v1.24) and the EngineClient. */
export * from "./client/index.js";
export * from "./conventions/index.js";
export * from "./schemas/index.js";
