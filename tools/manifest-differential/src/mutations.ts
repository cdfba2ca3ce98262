/**
 * The values the differential generator tries for a field, derived from the field's zod schema
 * (`schema-fields.ts`), never listed by hand: numbers at and beside every bound the schema has (the bounds
 * it declares and the points where its verdict flips, found by bisection between a ladder of magnitudes),
 * whole-number floats, fractions and numbers written as strings; a string field's enum values, their case
 * variants and values from a pool of engine-shaped strings the schema accepts or refuses; lists and maps
 * empty, with one valid element, with `null`, and of the wrong shape; `null` for every field; wrong types;
 * and unknown keys in every object. A valid sample of any schema (`sampleOf`) fills the objects and lists a
 * mutated field lives in.
 */
import { fieldDocOf } from "@enginekit/api";
import type { z } from "zod";
import { defOf, type SchemaField, unwrap } from "./schema-fields.js";

/** A JSON token written as is (a whole-number float such as `67633152.0`); see `toJsonText`. */
export class Raw {
  constructor(readonly text: string) {}
}

const accepts = (schema: z.ZodType, value: unknown): boolean => {
  try {
    return schema.safeParse(value instanceof Raw ? Number(value.text) : value).success;
  } catch {
    return false;
  }
};

const MiB = 1024 * 1024;
/** Magnitudes between which a number schema's verdict flips are looked for. */
const LADDER = [
  -(2 ** 53 - 1),
  -(2 ** 31),
  -1001,
  -2,
  -1,
  0,
  1,
  2,
  9,
  10,
  100,
  1000,
  1001,
  65535,
  65536,
  1_000_000,
  4 * MiB,
  6 * MiB,
  10_000_000,
  1_000_000_000,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
];

/**
 * The boundary numbers of a number schema: the bounds zod records (`minimum`, `maximum`, `anyOf` of
 * `intWithSpecial`) and every point where the schema's verdict changes between two magnitudes of
 * {@link LADDER} (found by bisection, so refinements count too), each with its neighbours.
 */
export function numberBoundaries(schema: z.ZodType): number[] {
  const found = new Set<number>([0, -1, 1]);
  const inner = unwrap(schema) as unknown as { _zod: { bag?: Record<string, unknown> } };
  for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
    const bound = inner._zod.bag?.[key];
    if (typeof bound === "number" && Number.isSafeInteger(bound))
      for (const n of [bound - 1, bound, bound + 1]) found.add(n);
  }
  for (let i = 0; i + 1 < LADDER.length; i++) {
    let low = LADDER[i]!;
    let high = LADDER[i + 1]!;
    const lowVerdict = accepts(schema, low);
    if (lowVerdict === accepts(schema, high)) continue;
    while (high - low > 1) {
      const middle = Math.floor(low / 2 + high / 2);
      if (accepts(schema, middle) === lowVerdict) low = middle;
      else high = middle;
    }
    found.add(low);
    found.add(high);
  }
  return [...found].filter((n) => Number.isSafeInteger(n)).sort((a, b) => a - b);
}

/** Engine-shaped strings: the schema's own verdict on each decides whether it is a valid or a wrong value. */
const STRING_POOL = [
  "",
  " ",
  "a",
  "web",
  "Web_1",
  "-bad-",
  "bogus",
  "BOGUS",
  "/data",
  "rel",
  "/",
  "host",
  "none",
  "bridge",
  "private",
  "container:other",
  "default",
  "Default",
  "always",
  "on-failure",
  "json-file",
  "etwlogs",
  "owner/plugin:tag",
  "NET_ADMIN",
  "net_admin",
  "SIGTERM",
  "9",
  "0",
  "80",
  "8080",
  "70000",
  "18000-18001",
  "80/tcp",
  "80-81/tcp",
  "rwm",
  "rwx",
  "nofile",
  "10.0.0.2",
  "::1",
  "db:10.0.0.2",
  "db:host-gateway",
  "nohost",
  "0-1",
  "1-0",
  "/tmp:/data:ro",
  "/tmp:data",
  "A=b",
  "A",
  "=x",
  "02:42:ac:11:00:02",
  "node.role == manager",
  "node.role = manager",
  "busybox",
  "BusyBox",
  "a".repeat(64),
  "a".repeat(65),
  "net.ipv4.ip_forward",
  "vm.swappiness",
  "start-first",
  "ingress",
  "vip",
  "dnsrr",
  "tcp",
  "sctp",
  "icmp",
];

/** Enum values of a schema (`z.enum`, `z.literal`), through unions. */
function enumValues(schema: z.ZodType): unknown[] {
  const def = defOf(unwrap(schema));
  if (def.type === "enum" && def.entries) return Object.values(def.entries);
  if (def.type === "literal" && def.values) return def.values;
  if (def.type === "union" && def.options) return def.options.flatMap(enumValues);
  return [];
}

const KEY_POOL = ["80/tcp", "/data", "net.ipv4.ip_forward", "a", "com.example.label", "size", "none"];

/** A valid map key for a record schema, or `"a"`. */
function sampleKey(keyType: z.ZodType | undefined): string {
  return KEY_POOL.find((key) => !keyType || accepts(keyType, key)) ?? "a";
}

/** A map key the record's key schema refuses, if the pool has one. */
function wrongKey(keyType: z.ZodType | undefined): string | undefined {
  return keyType
    ? KEY_POOL.concat(["80-81/tcp", "http/tcp", "rel"]).find((key) => !accepts(keyType, key))
    : undefined;
}

/** A valid value of `schema` (as small as it can find): required fields filled, lists and maps empty. */
export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (depth > 10) return undefined;
  switch (def.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {}))
        if (!accepts(field, undefined)) out[key] = sampleOf(field, depth + 1);
      return out;
    }
    case "array":
      return [];
    case "record":
      return {};
    case "boolean":
      return false;
    case "number":
    case "int":
      return numberBoundaries(inner).find((n) => accepts(inner, n)) ?? 0;
    case "union":
      return sampleOf(def.options?.[0] ?? inner, depth + 1);
    default: {
      const values = [...enumValues(inner), ...STRING_POOL];
      return values.find((value) => accepts(inner, value)) ?? "";
    }
  }
}

/** A value to try: the value and a label for reports. */
export interface TriedValue {
  label: string;
  value: unknown;
}

const show = (value: unknown): string =>
  value instanceof Raw ? value.text : value === undefined ? "undefined" : JSON.stringify(value).slice(0, 40);

/**
 * The values tried for one field: `null`, wrong types and the values its schema's type suggests (see the
 * module comment). Deterministic for a schema.
 */
export function valuesFor(field: SchemaField): TriedValue[] {
  const inner = unwrap(field.schema);
  const def = defOf(inner);
  const values: unknown[] = [null];
  const doc = fieldDocOf(field.schema);
  switch (def.type) {
    case "number":
    case "int": {
      const bounds = numberBoundaries(inner);
      values.push(...bounds);
      const valid = bounds.filter((n) => accepts(inner, n) && n !== 0);
      const some = valid[valid.length - 1] ?? 1;
      values.push(new Raw(`${some}.0`), new Raw(`${some}e0`), 1.5, String(some), true);
      break;
    }
    case "boolean":
      values.push(true, false, "true", 1);
      break;
    case "array": {
      const element = def.element!;
      values.push([], [sampleOf(element)], [null], "a", {});
      const elementDef = defOf(unwrap(element));
      if (!["object", "array", "record"].includes(elementDef.type))
        for (const value of valuesFor({ ...field, schema: element }).slice(1, 12)) values.push([value.value]);
      break;
    }
    case "record": {
      const key = sampleKey(def.keyType);
      const wrong = wrongKey(def.keyType);
      values.push({}, { [key]: sampleOf(def.valueType!) }, { [key]: null }, [], "a");
      if (wrong) values.push({ [wrong]: sampleOf(def.valueType!) });
      const valueDef = defOf(unwrap(def.valueType!));
      if (!["object", "array", "record"].includes(valueDef.type))
        for (const value of valuesFor({ ...field, schema: def.valueType! }).slice(1, 8))
          values.push({ [key]: value.value });
      break;
    }
    case "object":
      values.push({}, sampleOf(inner), "a", [], { ...(sampleOf(inner) as object), Bogus: 1 });
      break;
    default: {
      // strings, enums, literals, unions of them
      const enums = enumValues(inner);
      const since = Object.keys(doc?.valuesSince ?? {});
      const pool = [...new Set([...enums, ...since, ...STRING_POOL])];
      const good = pool.filter((value) => accepts(inner, value)).slice(0, 20);
      const bad = pool.filter((value) => !accepts(inner, value)).slice(0, 6);
      const upper = enums.find((value): value is string => typeof value === "string" && /[a-z]/.test(value));
      values.push(...good, ...bad, ...(upper ? [upper.toUpperCase()] : []), 1, true, ["a"]);
      if (def.type === "union") {
        const structured = def.options?.find((option) => defOf(unwrap(option)).type !== "string");
        if (structured) values.push(sampleOf(structured));
      }
    }
  }
  const seen = new Set<string>();
  return values
    .map((value) => ({ label: show(value), value }))
    .filter((tried) => {
      const key = tried.value instanceof Raw ? `raw:${tried.value.text}` : JSON.stringify(tried.value);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
