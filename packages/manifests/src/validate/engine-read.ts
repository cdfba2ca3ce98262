/**
 * The body as the engine reads it, before validation. Two rules, each checked on the engine 20.10:
 * - `null` as Go's `encoding/json` reads it: a JSON `null` leaves a struct field, pointer, slice or map at
 *   its zero value, so `Privileged: null`, `LogConfig: null`, `Mode: {Replicated: null}` are the key left
 *   out, and a `null` element of a list or value of a map is the element type's zero value (`Env: [null]` is
 *   `Env: [""]`, which the engine refuses; `ExposedPorts: {"80/tcp": null}` is `{}`). A `null` that the
 *   field's schema refuses is removed (an object's key) or replaced by the zero value (a list element, a map
 *   value, except in a map of objects: Go holds those as pointers, so `EndpointsConfig: {net: null}` stays
 *   `null`, which the engine refuses, "no EndpointSettings for net"); a `null` the schema accepts is kept.
 * - fields the engine drops below their API version (`FieldDoc.ignoredBefore`: service `Sysctls`, `Ulimits`,
 *   `CapabilityAdd`, job modes, container `AutoRemove`, `KernelMemoryTCP` …) are removed when the manifest
 *   targets an older version: the engine uses none of their values (the `manifest/api-version` warning
 *   still names them). Its JSON decoder still reads them, so their types still count: each dropped field is
 *   handed to `dropped` for a type-only check.
 * Pure; the input is not modified.
 */
import { compareApiVersions, fieldDocOf } from "@enginekit/api";
import type { z } from "zod";
import { defOf, unwrapSchema as unwrap } from "./schema-walk.js";

/**
 * Go's zero value of the type a schema describes (`""`, `0`, `false`, `{}`), or `null` for lists and others.
 * A union describes one Go type written in several formats (a log driver: a known name or a plugin
 * reference, both strings): its first member with a zero value other than `null` gives it
 * (`LogDriver: {Name: null}` is the default driver; pnpm explore-manifests, seed 106).
 */
function zeroOf(schema: z.ZodType): unknown {
  const def = defOf(unwrap(schema));
  if (def.type === "union" && def.options) {
    for (const option of def.options) {
      const zero = zeroOf(option);
      if (zero !== null) return zero;
    }
    return null;
  }
  switch (def.type) {
    case "string":
    case "enum":
      return "";
    case "number":
    case "int":
      return 0;
    case "boolean":
      return false;
    case "object":
    case "record":
      return {};
    default:
      return null;
  }
}

const acceptsUndefined = (schema: z.ZodType): boolean => {
  try {
    return schema.safeParse(undefined).success;
  } catch {
    return false;
  }
};

const acceptsNull = (schema: z.ZodType): boolean => {
  try {
    return schema.safeParse(null).success;
  } catch {
    return false;
  }
};

/** The member of a union whose shape fits the value (a list for an array, a map for an object). */
function unionMember(options: readonly z.ZodType[], value: object): z.ZodType | undefined {
  const wanted = Array.isArray(value) ? ["array"] : ["object", "record"];
  return options.find((option) => wanted.includes(defOf(unwrap(option)).type));
}

/** A field left out because the engine drops it at the target version: where, its schema and its value. */
export interface DroppedField {
  path: (string | number)[];
  schema: z.ZodType;
  value: unknown;
}

/** True when the engine drops `field` from a request of `apiVersion` (see the module comment). */
function droppedAt(field: z.ZodType, apiVersion: string | undefined): boolean {
  if (apiVersion === undefined) return false;
  let since = droppedSince.get(field);
  if (since === undefined) {
    const doc = fieldDocOf(field);
    since = doc?.ignoredBefore === true && doc.since !== undefined ? doc.since : "";
    droppedSince.set(field, since);
  }
  return since !== "" && compareApiVersions(since, apiVersion) > 0;
}

/** The version below which the engine drops a field, per field schema (`""`: never), read once. */
const droppedSince = new WeakMap<z.ZodType, string>();

/**
 * `value` as the engine reads it against `schema` at `apiVersion` (see the module comment). Values of other
 * shapes than the schema's are returned as they are (validation reports them).
 */
export function asEngineReads(
  value: unknown,
  schema: z.ZodType,
  apiVersion?: string,
  dropped: DroppedField[] = [],
  path: readonly (string | number)[] = [],
): unknown {
  if (value === null || typeof value !== "object") return value;
  let target = unwrap(schema);
  let def = defOf(target);
  if (def.type === "union" && def.options) {
    const member = unionMember(def.options, value);
    if (!member) return value;
    target = unwrap(member);
    def = defOf(target);
  }
  if (Array.isArray(value)) {
    const element = def.type === "array" ? def.element : undefined;
    if (!element) return value;
    return value.map((item, index) =>
      item === null
        ? acceptsNull(element)
          ? null
          : zeroOf(element)
        : asEngineReads(item, element, apiVersion, dropped, [...path, index]),
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (def.type === "object" && def.shape) {
    const shape = def.shape;
    const out: Record<string, unknown> = {};
    for (const [key, item] of entries) {
      // own keys only: a manifest key such as "toString" is no field
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      if (!field) out[key] = item;
      else if (droppedAt(field, apiVersion)) {
        // null decodes to the zero value: nothing the decoder refuses
        if (item !== null)
          dropped.push({ path: [...path, key], schema: field, value: asEngineReads(item, field) });
      } else if (item === null) {
        // a required field's null is its zero value (Ulimits Soft: null is 0); an optional one is left out
        if (acceptsNull(field)) out[key] = null;
        else if (!acceptsUndefined(field)) out[key] = zeroOf(field);
      } else out[key] = asEngineReads(item, field, apiVersion, dropped, [...path, key]);
    }
    return out;
  }
  if (def.type === "record" && def.valueType) {
    const valueType = def.valueType;
    return Object.fromEntries(
      entries.map(([key, item]) => [
        key,
        // a map of objects holds pointers (EndpointsConfig: map[string]*EndpointSettings): null stays null
        item === null
          ? acceptsNull(valueType) || defOf(unwrap(valueType)).type === "object"
            ? null
            : zeroOf(valueType)
          : asEngineReads(item, valueType, apiVersion, dropped, [...path, key]),
      ]),
    );
  }
  return value;
}
