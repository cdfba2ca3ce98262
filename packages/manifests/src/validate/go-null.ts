/**
 * `null` read as the engine reads it. The engine decodes request bodies with Go's `encoding/json`, where a
 * JSON `null` leaves a struct field, pointer, slice or map at its zero value: `Privileged: null`,
 * `LogConfig: null`, `Mode: {Replicated: null}` are the same as leaving the key out, and a `null` element
 * of a list or value of a map is the element type's zero value (`Env: [null]` is `Env: [""]`, which the
 * engine refuses; `ExposedPorts: {"80/tcp": null}` is `{}`). Each case checked on the engine 20.10 (create,
 * start, and a service's task; docs/manifests.md "Validation"). Before validation the plain value is
 * rewritten so: a `null` that the field's schema refuses is removed (an object's key) or replaced by the
 * zero value of the element's type (a list element, a map value); a `null` the schema accepts is kept.
 * Pure; the input is not modified.
 */
import type { z } from "zod";

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default, readonly, catch, pipe and lazy wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 16; depth++) {
    const def = defOf(current);
    const next =
      def.innerType ?? (def.type === "pipe" ? def.in : def.type === "lazy" ? def.getter?.() : undefined);
    if (!next) return current;
    current = next;
  }
  return current;
}

/** Go's zero value of the type a schema describes (`""`, `0`, `false`, `{}`), or `null` for lists and others. */
function zeroOf(schema: z.ZodType): unknown {
  switch (defOf(unwrap(schema)).type) {
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

/**
 * `value` with every `null` rewritten as the engine's decoder reads it against `schema` (see the module
 * comment). Values of other shapes than the schema's are returned as they are (validation reports them).
 */
export function nullAsEngineReads(value: unknown, schema: z.ZodType): unknown {
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
    return value.map((item) =>
      item === null ? (acceptsNull(element) ? null : zeroOf(element)) : nullAsEngineReads(item, element),
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (def.type === "object" && def.shape) {
    const shape = def.shape;
    const out: Record<string, unknown> = {};
    for (const [key, item] of entries) {
      const field = shape[key];
      if (!field) out[key] = item;
      else if (item === null) {
        if (acceptsNull(field)) out[key] = null;
      } else out[key] = nullAsEngineReads(item, field);
    }
    return out;
  }
  if (def.type === "record" && def.valueType) {
    const valueType = def.valueType;
    return Object.fromEntries(
      entries.map(([key, item]) => [
        key,
        item === null
          ? acceptsNull(valueType)
            ? null
            : zeroOf(valueType)
          : nullAsEngineReads(item, valueType),
      ]),
    );
  }
  return value;
}
