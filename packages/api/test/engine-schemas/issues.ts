import type { z } from "zod";
import { type FieldIssue, toFieldIssues } from "../../src/engine/schemas/index.js";

/** The located issues of validating `value` with `schema` (empty when valid). */
export function issuesOf(schema: z.ZodType, value: unknown): FieldIssue[] {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldIssues(result.error.issues);
}

/** `{path, message}` of each issue, for exact comparisons. */
export function located(schema: z.ZodType, value: unknown): { path: (string | number)[]; message: string }[] {
  return issuesOf(schema, value).map(({ path, message }) => ({ path, message }));
}

/** A deep copy of `base` with `value` set at `path` (objects created as needed). */
export function withValue(base: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) {
      node[key] = value;
    } else {
      node[key] ??= typeof path[index + 1] === "number" ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  }
  return copy;
}

/** Parses with `schema` and fails the test with zod's issues when the engine's output does not fit. */
export function expectParses<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`schema mismatch: ${JSON.stringify(result.error.issues, null, 2)}`);
  return result.data;
}
