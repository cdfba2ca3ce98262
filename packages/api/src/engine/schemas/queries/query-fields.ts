/**
 * Building blocks of the endpoint query schemas (engine §4). Query schemas describe the values a caller
 * passes (booleans, integers, strings, lists for repeatable parameters, objects for `filters`); encoding
 * them into the URL (`1`/`0`, JSON for `filters`, `buildargs`, `labels`) is the client's job.
 */
import { z } from "zod";
import { documented, type FieldDoc } from "../../../meta.js";
import { requestObject } from "../request-object.js";

type Doc = Omit<FieldDoc, "description" | "source">;

/** A `bool` query parameter (engine §1: accepts 1/True/true and 0/False/false on the wire). */
export function queryBoolean(description: string, source: string, doc: Doc = {}) {
  return documented(z.boolean(), { description, source, ...doc }).optional();
}

/** A string query parameter. */
export function queryString(description: string, source: string, doc: Doc = {}) {
  return documented(z.string(), { description, source, ...doc }).optional();
}

/** A required string query parameter (must not be empty). */
export function requiredQueryString(field: string, description: string, source: string, doc: Doc = {}) {
  return documented(z.string().min(1, { error: `${field} is required` }), { description, source, ...doc });
}

/**
 * The `filters` parameter (engine §1): a JSON map from filter name to a list of strings. `keys` lists the
 * filters the endpoint knows, each with its description and, optionally, the allowed values.
 */
export function filters<Key extends string>(
  endpoint: string,
  source: string,
  keys: Record<Key, { description: string; values?: readonly [string, ...string[]]; decision?: string }>,
) {
  const shape = {} as Record<Key, z.ZodOptional<z.ZodType<string[]>>>;
  for (const key of Object.keys(keys) as Key[]) {
    const spec = keys[key];
    const item = spec.values
      ? z.enum(spec.values, { error: `filters.${key} values must be one of ${spec.values.join(", ")}` })
      : z.string();
    shape[key] = documented(z.array(item) as z.ZodType<string[]>, {
      description: spec.description,
      source,
      ...(spec.decision ? { decision: spec.decision } : {}),
    }).optional();
  }
  return documented(requestObject(shape), {
    description: `Filters of ${endpoint}: map filter name to a list of values (sent JSON-encoded).`,
    source,
  }).optional();
}

/** Values of bool-like filters (`dangling`, `is-official` ...). */
export const BOOLEAN_FILTER_VALUES = ["true", "false", "1", "0"] as const;
