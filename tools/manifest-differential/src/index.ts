/**
 * The manifest differential against the real engine (docs/manifests.md "Agreement with the engine"): bodies
 * generated from the api schemas, the engine's and enginekit's verdicts, shrinking. Used by the CLI's
 * differential test (fixed seeds) and by `pnpm explore-manifests` (new seeds). `packages/` never import it.
 */
export * from "./bodies.js";
export * from "./engine-verdict.js";
export * from "./found-cases.js";
export * from "./host-dependent.js";
export * from "./judge.js";
export { numberBoundaries, sampleOf, valuesFor } from "./mutations.js";
export { fieldKey, type SchemaField, schemaFields } from "./schema-fields.js";
export { shrink } from "./shrink.js";

/**
 * The seeds CI runs, each with {@link CI_BODIES_PER_SEED} bodies and a sweep offset of
 * `index × CI_BODIES_PER_SEED`, so together they set every field of both schemas at least once
 * (the differential test fails if a field is missed).
 */
export const CI_SEEDS = [1, 2] as const;

/** Bodies per CI seed. */
export const CI_BODIES_PER_SEED = 200;
