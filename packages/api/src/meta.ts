/**
 * Field documentation carried by every schema (the project's own design): `FieldDoc` (description, unit,
 * bounds, default, source, decision, `since`), `documented` to attach it under `x-enginekit`, `fieldDocOf` to
 * read it back and `renderFieldDoc` for JSON Schema descriptions and hovers.
 */
import { z } from "zod";

/** Units a numeric field can be measured in, as the API documents name them. */
export type FieldUnit =
  | "bytes"
  | "nanoseconds"
  | "microseconds"
  | "milliseconds"
  | "seconds"
  | "CPU shares"
  | "nano CPUs"
  | "percent"
  | "count"
  | "Unix seconds"
  | "RFC 3339 time";

/**
 * The documentation carried by every schema field (ARCHITECTURE.md principle 1): validation messages,
 * completion, hover and JSON Schema export are all derived from it.
 */
export interface FieldDoc {
  /** What the field means, in one or two sentences for a user. */
  description: string;
  /** Unit of a numeric value, if any. */
  unit?: FieldUnit;
  /** Human-readable bounds, e.g. `10–1000` or `0, or ≥ 1,000,000`. The check itself lives in the schema. */
  bounds?: string;
  /** The default the engine/service applies when the field is absent. */
  default?: unknown;
  /** Where it comes from: a spec section (`engine §2.2`, `secrets §4`) or a research fact. */
  source: string;
  /** A decision taken where the document is silent or contradicts itself, and why. */
  decision?: string;
  /**
   * The engine API version that added the field (`"1.25"`), when later than the document's v1.24 (moby
   * `docs/api/version-history.md`). An engine speaking an older version ignores the key.
   */
  since?: string;
  /**
   * True when the engine 20.10 drops the field from requests of a version older than {@link since} (its
   * router resets it: service `Sysctls`, `Ulimits`, `CapabilityAdd`, job modes …), so a value there is
   * neither checked nor used. Without it, the engine reads the field at any version.
   */
  ignoredBefore?: true;
  /** Values of the field added by a later API version than the field itself (`{ rollback: "1.28" }`). */
  valuesSince?: Readonly<Record<string, string>>;
}

/** The key under which {@link FieldDoc} is stored in zod's global registry (JSON Schema: `x-enginekit`). */
export const FIELD_DOC_KEY = "x-enginekit";

/**
 * Attaches documentation to a schema. The description is also set as zod's own `description` so it shows
 * in `toJSONSchema()` output; the full {@link FieldDoc} is kept under {@link FIELD_DOC_KEY}.
 * Returns a new schema (zod schemas are immutable), typed like the input.
 */
export function documented<T extends z.ZodType>(schema: T, doc: FieldDoc): T {
  return schema.meta({ description: renderFieldDoc(doc), [FIELD_DOC_KEY]: doc }) as T;
}

/** The part of a zod wrapper's definition that points at the wrapped schema. */
interface WrapperDef {
  innerType?: z.ZodType;
  in?: z.ZodType;
}

/** Reads the {@link FieldDoc} attached by {@link documented}, unwrapping optional/nullable/default wrappers. */
export function fieldDocOf(schema: z.ZodType): FieldDoc | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 8; depth++) {
    const meta = z.globalRegistry.get(current) as Record<string, unknown> | undefined;
    const doc = meta?.[FIELD_DOC_KEY] as FieldDoc | undefined;
    if (doc) return doc;
    const def: WrapperDef | undefined = (current as unknown as { _zod?: { def?: WrapperDef } })._zod?.def;
    current = def?.innerType ?? def?.in;
  }
  return undefined;
}

/**
 * Renders a {@link FieldDoc} as one paragraph: `description Unit: … Bounds: … Default: … (source)`.
 * Used for JSON Schema descriptions and hovers.
 */
export function renderFieldDoc(doc: FieldDoc): string {
  const parts = [doc.description.trim()];
  if (doc.unit) parts.push(`Unit: ${doc.unit}.`);
  if (doc.bounds) parts.push(`Bounds: ${doc.bounds}.`);
  if (doc.default !== undefined) parts.push(`Default: ${JSON.stringify(doc.default)}.`);
  if (doc.since) parts.push(`Since API ${doc.since}.`);
  if (doc.valuesSince) {
    const values = Object.entries(doc.valuesSince).map(
      ([value, version]) => `${JSON.stringify(value)} since ${version}`,
    );
    parts.push(`Values: ${values.join(", ")}.`);
  }
  if (doc.decision) parts.push(`Note: ${doc.decision}`);
  parts.push(`(${doc.source})`);
  return parts.join(" ");
}
