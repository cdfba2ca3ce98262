/** Query-parameter schemas of every engine endpoint that has query parameters (engine §4). */
export * from "./containers.js";
export * from "./images.js";
export * from "./query-fields.js";
export * from "./resources.js";
export * from "./system.js";
