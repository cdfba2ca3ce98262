/**
 * Types of the undici modules `undici-parts.ts` loads directly (undici ships types for its index only);
 * each is the index's export of the same name.
 */
declare module "undici/lib/dispatcher/dispatcher.js" {
  const Dispatcher: typeof import("undici").Dispatcher;
  export default Dispatcher;
}
declare module "undici/lib/dispatcher/pool.js" {
  const Pool: typeof import("undici").Pool;
  export default Pool;
}
declare module "undici/lib/api/index.js" {
  const api: Record<"request" | "stream" | "pipeline" | "upgrade" | "connect", unknown>;
  export default api;
}
declare module "undici/lib/core/errors.js" {
  const errors: typeof import("undici").errors;
  export default errors;
}
