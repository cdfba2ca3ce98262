/**
 * The fields of a request schema, read from the zod schemas of `@enginekit/api` themselves (docs/manifests.md
 * "Agreement with the engine"): every field of every object, through lists (`[]`) and maps (`{}`), each with
 * its schema, whether its object has cross-field rules, and the `since` version its documentation gives. The
 * generator (`mutations.ts`) derives the values it tries from these schemas, so a field added to the schemas
 * is exercised without anyone listing it. Reads zod 4's public definitions (`_zod.def`).
 */
import { fieldDocOf } from "@enginekit/api";
import { schemaDefOf, unwrapSchema } from "@enginekit/manifests";
import type { z } from "zod";

/** A schema's zod definition and the schema under its wrappers (shared with the manifest check). */
export const defOf = schemaDefOf;
export const unwrap = unwrapSchema;

/** A path segment of a field: a key, `[]` (an element of a list) or `{}` (a value of a map). */
export type FieldSegment = string;

/** One field of a request schema. */
export interface SchemaField {
  /** `["HostConfig", "Mounts", "[]", "Type"]`. */
  path: FieldSegment[];
  /** The field's schema as declared (wrappers included: optional, nullable). */
  schema: z.ZodType;
  /** Whether the field must be given in its object. */
  required: boolean;
  /** The schema of the object holding the field (for pairs and unknown keys). */
  parent: z.ZodType;
  /** Whether that object (or a map/list around it) has cross-field rules (`superRefine`). */
  parentRefined: boolean;
  /** The API version that added the field, from its documentation. */
  since?: string;
}

/** True when a schema carries refinements of its own (cross-field rules of an object). */
function hasChecks(schema: z.ZodType): boolean {
  return (defOf(schema).checks?.length ?? 0) > 0;
}

const isOptional = (schema: z.ZodType): boolean => {
  try {
    return schema.safeParse(undefined).success;
  } catch {
    return false;
  }
};

/** Every field of `schema` (an object schema), depth first, in declaration order. */
export function schemaFields(schema: z.ZodType): SchemaField[] {
  const out: SchemaField[] = [];
  const walk = (node: z.ZodType, path: FieldSegment[], depth: number) => {
    if (depth > 12) return;
    const inner = unwrap(node);
    const def = defOf(inner);
    if (def.type === "object" && def.shape) {
      for (const [key, field] of Object.entries(def.shape)) {
        const since = fieldDocOf(field)?.since;
        out.push({
          path: [...path, key],
          schema: field,
          required: !isOptional(field),
          parent: inner,
          parentRefined: hasChecks(inner),
          ...(since ? { since } : {}),
        });
        walk(field, [...path, key], depth + 1);
      }
    } else if (def.type === "array" && def.element) walk(def.element, [...path, "[]"], depth + 1);
    else if (def.type === "record" && def.valueType) walk(def.valueType, [...path, "{}"], depth + 1);
    else if (def.type === "union" && def.options) {
      const structured = def.options.find((option) =>
        ["object", "array", "record"].includes(defOf(unwrap(option)).type),
      );
      if (structured) walk(structured, path, depth + 1);
    }
  };
  walk(schema, [], 0);
  return out;
}

/** The key of a field path for coverage: `HostConfig.Mounts[].Type`. */
export function fieldKey(path: readonly FieldSegment[]): string {
  return path.reduce(
    (text, segment) =>
      segment === "[]" || segment === "{}" ? `${text}${segment}` : text ? `${text}.${segment}` : segment,
    "",
  );
}
