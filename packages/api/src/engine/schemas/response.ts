/**
 * The response-side view of a request schema (`asResponse`, `ResponseOf`): what the engine echoes back,
 * with enums widened to strings, `null` lists and maps, optional fields and unknown keys kept (engine §2,
 * as the engine 20.10 answers).
 */
import { z } from "zod";

/**
 * The response-side view of a value the engine echoes back (inspect output of a request body): enum
 * literals widen to `string` (newer engines add values), lists and maps may be `null` (the engine sends
 * `null` for empty Go slices and maps), every object field is optional and may be `null`, and objects keep
 * unknown keys.
 */
export type ResponseOf<T> = T extends string
  ? string
  : T extends number | boolean | null | undefined
    ? T
    : T extends readonly (infer Item)[]
      ? ResponseOf<Item>[] | null
      : T extends object
        ? { [K in keyof T]?: ResponseOf<T[K]> | null } & { [key: string]: unknown }
        : unknown;

/** A zod object schema whose fields are the response-side views of `Shape`'s fields. */
export type ResponseObject<Shape extends z.core.$ZodShape> = z.ZodObject<
  { [K in keyof Shape]: z.ZodOptional<z.ZodNullable<z.ZodType<ResponseOf<z.output<Shape[K]>>>>> },
  z.core.$loose
>;

type Def = {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
};

/**
 * Derives the response-side schema of a request-side object schema (see {@link ResponseOf}): strict
 * objects become loose, refinements and bounds are dropped (the engine already applied them, and a newer
 * engine may apply others), enums become strings. Field documentation (`documented()` metadata) is kept,
 * so hovers and JSON Schema descriptions are the same on both sides. Source of truth stays the request
 * schema (ARCHITECTURE.md principle 1).
 */
export function asResponse<Shape extends z.core.$ZodShape>(
  schema: z.ZodObject<Shape, z.core.$ZodObjectConfig>,
): ResponseObject<Shape> {
  return toResponse(schema) as unknown as ResponseObject<Shape>;
}

function toResponse(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  let out: z.ZodType;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
    case "catch":
      out = toResponse(def.innerType!);
      break;
    case "pipe":
      out = toResponse(def.in!);
      break;
    case "object": {
      const shape: Record<string, z.ZodType> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        shape[key] = toResponse(field).nullable().optional();
      }
      out = z.looseObject(shape);
      break;
    }
    case "array":
      out = z.array(toResponse(def.element!)).nullable();
      break;
    case "record":
      out = z.record(z.string(), toResponse(def.valueType!).nullable()).nullable();
      break;
    case "union":
      out = z.union((def.options ?? []).map(toResponse) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
      break;
    case "enum":
    case "literal":
    case "string":
    case "template_literal":
      out = z.string();
      break;
    case "number":
    case "int":
      out = z.number();
      break;
    case "boolean":
      out = z.boolean();
      break;
    default:
      out = z.unknown();
  }
  const meta = z.globalRegistry.get(schema);
  return meta ? out.meta(meta) : out;
}
