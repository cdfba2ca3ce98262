/**
 * `schemaAtManifestPath`: what a manifest of a kind allows at a path — the schema, its documentation, the
 * valid keys and enum values — for completion and hover.
 */
import { ENGINE_KIND_SCHEMAS } from "./kinds/engine-kind-schemas.js";
import { extraKeysSchema, type KindSchemas } from "./kinds/kind-schema.js";
import type { ManifestKind } from "./kinds/manifest-kind.js";
import type { PathSegment } from "./tree/located-node.js";
import { type KnownKey, type SchemaAtPath, schemaAtPath } from "./validate/schema-walk.js";

/**
 * What a manifest of `kind` allows at `path` (object keys, record keys and array indexes from the document
 * root): the zod schema there, its documentation (`FieldDoc`), the keys valid in the object there with their
 * docs (for completion of keys at the cursor and hover), and the allowed values of an enum. At the root the
 * kind's extra keys (a container's `Name`) are included. `undefined` when the path is not in the schema
 * (an unknown key) or the kind has no schema. Pure; never throws.
 */
export function schemaAtManifestPath(
  kind: ManifestKind,
  path: readonly PathSegment[],
  schemas: KindSchemas = ENGINE_KIND_SCHEMAS,
): SchemaAtPath | undefined {
  const kindSchema = schemas[kind];
  if (!kindSchema) return undefined;
  const extra = kindSchema.extraKeys ?? {};
  const first = path[0];
  if (typeof first === "string" && Object.hasOwn(extra, first) && !schemaAtPath(kindSchema.body, [first])) {
    return schemaAtPath(extraKeysSchema(extra), path);
  }
  const found = schemaAtPath(kindSchema.body, path);
  if (!found || path.length > 0) return found;
  const extraKeys: KnownKey[] =
    schemaAtPath(extraKeysSchema(extra), [])?.keys.map((key) => ({ ...key, required: false })) ?? [];
  return { ...found, keys: [...found.keys, ...extraKeys] };
}
