/** The secrets half of the API core: schemas (secrets service API v1) and the SecretsClient. */
export * from "./client/index.js";
export * from "./schemas/index.js";
