/**
 * Walking zod 4 schemas: unwrapping, the keys of an object schema, the schema at a path, enum values, and
 * every documented field (`documentedFields`), for completion, hover and the generated docs.
 */
import { type FieldDoc, fieldDocOf } from "@enginekit/api";
import type { z } from "zod";
import type { PathSegment } from "../tree/located-node.js";

/** The parts of zod 4's schema definitions the manifest check reads (`schema._zod.def`). */
export interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  /** Refinements of the schema itself (an object's cross-field rules). */
  checks?: unknown[];
}

/** A schema's zod 4 definition (`schema._zod.def`). */
export function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "catch",
  "readonly",
  "nonoptional",
  "success",
]);

/**
 * Strips wrappers that do not change the shape of a value: optional, nullable, default, catch, readonly,
 * lazy, and the input side of a pipe (`.transform()`/`.pipe()`). Bounded, so a self-referencing lazy schema
 * cannot loop.
 */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 32; i++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else break;
  }
  return current;
}

/** The alternatives of a union (flattened), or the schema itself. */
function alternatives(schema: z.ZodType): z.ZodType[] {
  const unwrapped = unwrapSchema(schema);
  const def = defOf(unwrapped);
  if (def.type === "union" && def.options) return def.options.flatMap(alternatives);
  if (def.type === "intersection" && def.left && def.right) return [unwrapped];
  return [unwrapped];
}

/** One key an object schema defines, with its documentation (from `.meta()`, see `fieldDocOf`). */
export interface KnownKey {
  name: string;
  schema: z.ZodType;
  /** True when the key must be present. */
  required: boolean;
  doc?: FieldDoc;
}

/** The keys of an object schema (all alternatives of a union of objects, both sides of an intersection). */
export function knownKeysOf(schema: z.ZodType): KnownKey[] {
  const keys = new Map<string, KnownKey>();
  const visit = (candidate: z.ZodType, depth: number) => {
    if (depth > 8) return;
    for (const alternative of alternatives(candidate)) {
      const def = defOf(alternative);
      if (def.type === "object" && def.shape) {
        for (const [name, field] of Object.entries(def.shape)) {
          if (keys.has(name)) continue;
          const doc = fieldDocOf(field);
          const optional = (field as unknown as { _zod: { optin?: string } })._zod.optin === "optional";
          keys.set(name, { name, schema: field, required: !optional, ...(doc ? { doc } : {}) });
        }
      } else if (def.type === "intersection" && def.left && def.right) {
        visit(def.left, depth + 1);
        visit(def.right, depth + 1);
      }
    }
  };
  visit(schema, 0);
  return [...keys.values()];
}

/** The schema for one step below `schema`: an object's field, a record's value, an array's or tuple's item. */
function childSchema(schema: z.ZodType, segment: PathSegment): z.ZodType | undefined {
  for (const alternative of alternatives(schema)) {
    const def = defOf(alternative);
    switch (def.type) {
      case "object": {
        // Own keys only: a key such as "toString" must not find Object.prototype's.
        const field = def.shape && Object.hasOwn(def.shape, segment) ? def.shape[String(segment)] : undefined;
        if (field) return field;
        break;
      }
      case "intersection": {
        const found =
          (def.left && childSchema(def.left, segment)) ?? (def.right && childSchema(def.right, segment));
        if (found) return found;
        break;
      }
      case "record":
        if (def.valueType) return def.valueType;
        break;
      case "array":
        if (typeof segment === "number" && def.element) return def.element;
        break;
      case "tuple":
        if (typeof segment === "number") {
          const item = def.items?.[segment] ?? def.rest ?? undefined;
          if (item) return item;
        }
        break;
    }
  }
  return undefined;
}

/**
 * What a schema allows at a path, for completion and hover: the schema there, its documentation and — when
 * it is an object — the keys valid there.
 */
export interface SchemaAtPath {
  schema: z.ZodType;
  doc?: FieldDoc;
  /** Keys valid in the object at the path (empty when the value there is not an object). */
  keys: KnownKey[];
  /** Allowed values when the schema is an enum or a union of literals (for completion of values). */
  values: (string | number | boolean)[];
}

/**
 * Walks `schema` along `path` (object keys, record keys, array indexes; union alternatives are searched in
 * order). Returns `undefined` when the path leaves the schema (an unknown key). Pure; never throws.
 */
export function schemaAtPath(schema: z.ZodType, path: readonly PathSegment[]): SchemaAtPath | undefined {
  let current: z.ZodType | undefined = schema;
  for (const segment of path) {
    current = current ? childSchema(current, segment) : undefined;
    if (!current) return undefined;
  }
  const doc = fieldDocOf(current);
  return {
    schema: current,
    keys: knownKeysOf(current),
    values: allowedValuesOf(current),
    ...(doc ? { doc } : {}),
  };
}

/** The values an enum, a literal, a boolean (`true`, `false`) or a union of those allows; empty for anything else. */
function allowedValuesOf(schema: z.ZodType): (string | number | boolean)[] {
  const values: (string | number | boolean)[] = [];
  for (const alternative of alternatives(schema)) {
    const def = defOf(alternative);
    if (def.type === "enum" && def.entries) values.push(...Object.values(def.entries));
    if (def.type === "boolean") values.push(true, false);
    if (def.type === "literal" && def.values) {
      for (const value of def.values) {
        if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
          values.push(value);
      }
    }
  }
  return [...new Set(values)];
}

/** A documented field met by {@link documentedFields}: its path in the body and its documentation. */
export interface DocumentedField {
  /** Dotted path: object keys, `<key>` for a map's values, `[]` for an array's items (`HostConfig.Ulimits[].Soft`). */
  path: string;
  doc: FieldDoc;
  /** The field's schema (wrappers included). */
  schema: z.ZodType;
}

/**
 * Every documented field below `schema`, depth first in declaration order: through objects, maps
 * (`<key>`) and arrays (`[]`), at most `maxDepth` levels deep, each schema visited once per path (so
 * recursive schemas end). What the rule pages' generated tables (bounds, units) are made of.
 */
export function documentedFields(schema: z.ZodType, maxDepth = 8): DocumentedField[] {
  const out: DocumentedField[] = [];
  const visit = (current: z.ZodType, prefix: string, depth: number, seen: Set<z.ZodType>) => {
    if (depth > maxDepth || seen.has(current)) return;
    const inner = new Set(seen).add(current);
    for (const key of knownKeysOf(current)) {
      const path = prefix ? `${prefix}.${key.name}` : key.name;
      if (key.doc) out.push({ path, doc: key.doc, schema: key.schema });
      visit(key.schema, path, depth + 1, inner);
    }
    for (const alternative of alternatives(current)) {
      const def = defOf(alternative);
      if (def.type === "record" && def.valueType) visit(def.valueType, `${prefix}.<key>`, depth + 1, inner);
      else if (def.type === "array" && def.element) visit(def.element, `${prefix}[]`, depth + 1, inner);
    }
  };
  visit(schema, "", 0, new Set());
  return out;
}
