/**
 * `KindSchema`: what one manifest kind is validated against, its request body and the extra top-level keys
 * beside it (`extraKeysSchema`).
 */
import { z } from "zod";
import type { ManifestKind } from "./manifest-kind.js";

/**
 * The schemas one kind of manifest is validated against: `body`, the request body (strict: unknown keys are
 * findings), and `extraKeys`, top-level keys a manifest may carry that are not part of the body (a
 * container's `Name`, which the API takes as the `name` query parameter), each with its own schema.
 */
export interface KindSchema {
  body: z.ZodType;
  extraKeys?: Record<string, z.ZodType>;
}

/** The schema table: one {@link KindSchema} per kind. Missing kinds are only checked for syntax and references. */
export type KindSchemas = Partial<Record<ManifestKind, KindSchema>>;

/** A loose object schema of the optional extra keys (validated beside the body; other keys are ignored). */
export function extraKeysSchema(extraKeys: Record<string, z.ZodType>): z.ZodType {
  return z.looseObject(
    Object.fromEntries(Object.entries(extraKeys).map(([key, schema]) => [key, schema.optional()])),
  );
}
