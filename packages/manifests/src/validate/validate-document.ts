/**
 * `validateNode`: validates a located tree against a kind's zod schema, the value first read as the engine
 * reads it at the target API version, and maps every issue to a located finding, with extra passes for the
 * cross-field rules zod skips while a field is invalid.
 */
import type { LineIndex } from "@enginekit/text";
import type { z } from "zod";
import type { Finding } from "../findings.js";
import type { LocatedNode, PathSegment } from "../tree/located-node.js";
import { toPlainValue } from "../tree/navigate.js";
import { asEngineReads, type DroppedField } from "./engine-read.js";
import { issueFindings } from "./issue-findings.js";
import { pathLabel } from "./path-label.js";
import { schemaAtPath } from "./schema-walk.js";

/** Extra passes run to reach refinements zod skips while other issues exist (see {@link validateNode}). */
const EXTRA_PASSES = 2;

/** Options of {@link validateNode}. */
export interface ValidateOptions {
  text: string;
  lines: LineIndex;
  document: number;
  /** Top-level keys that are not part of the request body (`$schema`, `kind`, a container's `Name`). */
  ignoredKeys?: ReadonlySet<string>;
  /**
   * The API version the document targets: fields the engine drops below their version are not validated
   * there (`engine-read.ts`). Undefined: every field is validated.
   */
  apiVersion?: string;
  /** Keys valid at the root besides the schema's, offered as did-you-mean suggestions (a container's `Name`). */
  extraRootKeys?: readonly string[];
}

function pathKey(path: readonly PathSegment[]): string {
  return JSON.stringify(path);
}

function parentOf(value: unknown, path: readonly PathSegment[]): Record<PathSegment, unknown> | undefined {
  let current = value;
  for (const segment of path.slice(0, -1)) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PathSegment, unknown>)[segment];
  }
  return current !== null && typeof current === "object"
    ? (current as Record<PathSegment, unknown>)
    : undefined;
}

/** True when the schema at `path` is an optional field of an object (it accepts a key holding `undefined`). */
function optionalField(schema: z.ZodType, path: readonly PathSegment[]): boolean {
  const field = schemaAtPath(schema, path)?.schema as { _zod?: { optin?: string } } | undefined;
  return field?._zod?.optin === "optional";
}

/**
 * Sets the value at `path` aside so the next pass reaches the refinements above it. A missing value (a
 * required field) sets its object aside; a list element sets the whole list aside (an `undefined` element
 * would be an issue of its own), so every pass converges. An optional field keeps its key with the value
 * `undefined` (the api's `isSetAside`: a refinement can tell a field given but invalid from one left out,
 * so it does not read the invalid one as the default); anything else is deleted.
 */
function deleteAt(box: { value: unknown }, path: readonly PathSegment[], schema: z.ZodType): void {
  let target = [...path];
  const parent = parentOf(box, ["value", ...target]);
  if (!parent || parent[target[target.length - 1]!] === undefined) target = target.slice(0, -1);
  while (typeof target[target.length - 1] === "number") target = target.slice(0, -1);
  if (target.length === 0) return;
  const owner = parentOf(box, ["value", ...target]);
  if (!owner || Array.isArray(owner)) return;
  const key = target[target.length - 1]!;
  if (optionalField(schema, target)) owner[key] = undefined;
  else delete owner[key];
}

/** Removes many keys of the object at `path` at once (one copy instead of a delete per key). */
function deleteKeys(box: { value: unknown }, path: readonly PathSegment[], keys: readonly string[]): void {
  const full = ["value", ...path];
  const parent = parentOf(box, full);
  const last = full[full.length - 1]!;
  const object = parent?.[last];
  if (!parent || object === null || typeof object !== "object" || Array.isArray(object)) return;
  const drop = new Set(keys);
  parent[last] = Object.fromEntries(Object.entries(object).filter(([key]) => !drop.has(key)));
}

/**
 * Validates a located tree against a zod schema and maps every issue to a located finding
 * (see `issueFindings`), in source order. zod does not run an object's refinements (cross-field rules such as `MemorySwap`
 * vs `Memory`) while a field of it is invalid, so after the first pass the invalid optional values and
 * unknown keys are removed and the value is validated again, up to {@link EXTRA_PASSES} times, keeping
 * only the new cross-field findings. The value is first read as the engine reads it (`engine-read.ts`: a
 * `null` as Go's decoder reads it, fields the engine drops at the target version left out). Pure; never
 * throws (a throwing schema becomes no finding).
 */
export function validateNode(root: LocatedNode, schema: z.ZodType, options: ValidateOptions): Finding[] {
  const dropped: DroppedField[] = [];
  const box = { value: asEngineReads(toPlainValue(root), schema, options.apiVersion, dropped) };
  const { value } = box;
  if (options.ignoredKeys && value && typeof value === "object" && !Array.isArray(value)) {
    for (const key of options.ignoredKeys) delete (value as Record<string, unknown>)[key];
  }
  const ctx = {
    text: options.text,
    lines: options.lines,
    root,
    schema,
    document: options.document,
    ...(options.extraRootKeys ? { extraRootKeys: options.extraRootKeys } : {}),
  };
  const findings: Finding[] = [];
  const reported = new Set<string>();
  for (let pass = 0; pass <= EXTRA_PASSES; pass++) {
    let result: ReturnType<z.ZodType["safeParse"]>;
    try {
      result = schema.safeParse(box.value);
    } catch {
      break;
    }
    if (result.success) break;
    let added = false;
    for (const issue of result.error.issues) {
      // zod computes messages lazily; an unknown-keys message (with suggestions) is costly and not needed here.
      const detail = issue.code === "unrecognized_keys" ? issue.keys.join("\u0000") : issue.message;
      const key = `${issue.code} ${pathKey(issue.path as PathSegment[])} ${detail}`;
      if (reported.has(key)) continue;
      reported.add(key);
      if (pass > 0 && issue.code !== "custom") continue;
      added = true;
      try {
        findings.push(...issueFindings(ctx, issue));
      } catch {
        // A schema shape the mapper does not know: still report the issue, on the whole document.
        findings.push({
          code: "manifest/invalid-value",
          message: `${pathLabel(issue.path as PathSegment[])}: ${issue.message}`,
          severity: "error",
          range: root.range,
          path: issue.path as PathSegment[],
          document: options.document,
        });
      }
    }
    if (!added && pass > 0) break;
    for (const issue of result.error.issues) {
      const path = issue.path as PathSegment[];
      if (issue.code === "unrecognized_keys") deleteKeys(box, path, issue.keys);
      else if (issue.code !== "custom" && path.length > 0) deleteAt(box, path, schema);
    }
  }
  // fields the engine drops at this version: only what its JSON decoder refuses (a wrong type) counts
  for (const field of dropped) {
    const result = field.schema.safeParse(field.value);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      if (issue.code !== "invalid_type") continue;
      try {
        findings.push(...issueFindings(ctx, { ...issue, path: [...field.path, ...issue.path] }));
      } catch {
        // a shape the mapper does not know: the field's own findings are not needed for the verdict
      }
    }
  }
  return findings.sort(
    (a, b) => a.range.start.offset - b.range.start.offset || a.range.end.offset - b.range.end.offset,
  );
}
