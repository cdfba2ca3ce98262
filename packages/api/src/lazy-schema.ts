/**
 * Schemas imported on first use (`lazySchemas`, `schemaOf`), so that a client call loads only the schema
 * module it parses with (the project's own design, for start-up time).
 */
import type { z } from "zod";

/**
 * A zod schema imported on first use: calling it resolves to the schema, importing the module that
 * defines it the first time (memoised: later calls share that import).
 *
 * Why the clients name their schemas this way instead of importing them: zod 4 builds a schema's whole
 * object graph when its module is evaluated. Importing every response schema of both API documents cost
 * ~130 ms of the ~330 ms between `enginekit build` starting and its first `POST /build` byte (Node 24,
 * CLI bundle, compile cache on), although the EngineClient checks responses only with
 * `validateResponses` and the SecretsClient needs one endpoint's schema per call (docs/api.md
 * "Start-up").
 */
export type LazySchema<S extends z.ZodType = z.ZodType> = () => Promise<S>;

/** A schema, or a {@link LazySchema} of it: what the clients' checking helpers accept. */
export type SchemaSource<T> = z.ZodType<T> | LazySchema<z.ZodType<T>>;

/** The names of the exports of module `M` that are zod schemas. */
export type SchemaExports<M> = { [K in keyof M]: M[K] extends z.ZodType ? K : never }[keyof M];

/**
 * One {@link LazySchema} per name in `names`, all read from the module `load` imports (one import,
 * shared). Write `load` as `() => import("./schemas/x.js")` with a literal path to one schema module (not
 * a barrel re-exporting all of them), so that Node evaluates, and bundlers split off, that module alone.
 *
 * ```ts
 * const schemas = lazySchemas(() => import("../schemas/image.js"), ["ImageSummary", "ImageInspect"]);
 * const ImageSummary = await schemas.ImageSummary(); // image.js is imported now, not before
 * ```
 */
export function lazySchemas<M, const K extends SchemaExports<M>>(
  load: () => Promise<M>,
  names: readonly K[],
): { readonly [N in K]: LazySchema<M[N] & z.ZodType> } {
  let module: Promise<M> | undefined;
  const loaded = () => {
    module ??= load();
    return module;
  };
  const schemas = {} as Record<K, LazySchema>;
  for (const name of names) schemas[name] = async () => (await loaded())[name] as z.ZodType;
  return schemas as { readonly [N in K]: LazySchema<M[N] & z.ZodType> };
}

/** The schema of a {@link SchemaSource}, importing its module if it is a {@link LazySchema}. */
export async function schemaOf<T>(source: SchemaSource<T>): Promise<z.ZodType<T>> {
  return typeof source === "function" ? source() : source;
}
