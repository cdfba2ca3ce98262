/**
 * Findings that need the source text and the schema together, which zod's check of the plain value cannot
 * see:
 * - **whole-number floats in integer fields** (`Memory: 67633152.0`, `Interval: 1.5e6`): the value reads
 *   as an integer in JavaScript, but the engine's Go JSON decoder refuses the token ("json: cannot unmarshal
 *   number 67633152.0 into Go struct field … of type int64"), so it is an error with a fix writing the
 *   integer;
 * - **fields and values newer than the target API version** (`StopTimeout`, added in 1.25, against the
 *   default target 1.24): a warning naming the version that added it (`FieldDoc.since`, `valuesSince`), since
 *   an engine speaking the older version ignores the key.
 * One walk of the located tree along the schema (`schemaAtPath` one step at a time). Pure; never throws.
 */
import { compareApiVersions, type FieldDoc } from "@enginekit/api";
import { globalRegistry, type z } from "zod";
import type { Finding } from "../findings.js";
import type { LocatedNode, PathSegment } from "../tree/located-node.js";
import { pathLabel } from "./path-label.js";
import { schemaAtPath, unwrapSchema } from "./schema-walk.js";

/** What {@link sourceFindings} needs about the document. */
export interface SourceFindingContext {
  text: string;
  document: number;
  /** The engine API version the manifest targets (`"1.24"`, `"1.41"`). */
  apiVersion: string;
  /** Top-level keys that are not part of the body (not walked). */
  ignoredKeys?: ReadonlySet<string>;
}

/** True when `schema` (wrappers and unions of one number schema looked through) wants an integer. */
function wantsInteger(schema: z.ZodType): boolean {
  const def = (
    unwrapSchema(schema) as unknown as {
      _zod: { def: { type: string; format?: string; options?: z.ZodType[] } };
    }
  )._zod.def;
  // z.int() has an int format; the api's int64 `integer()` is a number marked `type: integer` for JSON Schema
  if (def.type === "number")
    return (
      (typeof def.format === "string" && /int/.test(def.format)) ||
      globalRegistry.get(unwrapSchema(schema))?.type === "integer"
    );
  if (def.type === "union" && def.options) return def.options.some(wantsInteger);
  return false;
}

const FLOAT_TOKEN = /^-?\d+(?:\.\d+)?[eE][-+]?\d+$|^-?\d+\.\d+$/;

function floatFinding(
  ctx: SourceFindingContext,
  node: LocatedNode,
  path: PathSegment[],
): Finding | undefined {
  if (node.kind !== "scalar" || typeof node.value !== "number" || !Number.isInteger(node.value)) return;
  const token = ctx.text.slice(node.range.start.offset, node.range.end.offset);
  if (!FLOAT_TOKEN.test(token)) return;
  const integer = String(node.value);
  return {
    code: "manifest/invalid-type",
    message: `${pathLabel(path)}: the engine refuses ${token} in an integer field ("json: cannot unmarshal number ${token} into … of type int64"); write ${integer}.`,
    severity: "error",
    range: node.range,
    path,
    document: ctx.document,
    fix: { title: `Write the integer ${integer}`, edits: [{ range: node.range, newText: integer }] },
  };
}

function versionFinding(
  ctx: SourceFindingContext,
  doc: FieldDoc | undefined,
  key: string,
  keyRange: Finding["range"],
  value: LocatedNode | undefined,
  path: PathSegment[],
): Finding | undefined {
  if (!doc) return;
  const base = {
    code: "manifest/api-version" as const,
    severity: "warning" as const,
    path,
    document: ctx.document,
  };
  if (doc.since && compareApiVersions(doc.since, ctx.apiVersion) > 0) {
    return {
      ...base,
      message: `${pathLabel(path)} was added in engine API ${doc.since}; the manifest targets ${ctx.apiVersion}, whose engines ignore "${key}". Set the target (x-enginekit: {apiVersion: "${doc.since}"}, apiVersion in .enginekit.yaml or --api-version) if your engine speaks ${doc.since} or later.`,
      range: keyRange,
    };
  }
  const since =
    value?.kind === "scalar" &&
    typeof value.value === "string" &&
    doc.valuesSince &&
    Object.hasOwn(doc.valuesSince, value.value)
      ? doc.valuesSince[value.value]
      : undefined;
  if (value && since && compareApiVersions(since, ctx.apiVersion) > 0) {
    return {
      ...base,
      message: `${pathLabel(path)} ${JSON.stringify((value as { value: string }).value)} was added in engine API ${since}; the manifest targets ${ctx.apiVersion}, whose engines refuse it. Set the target if your engine speaks ${since} or later.`,
      range: value.range,
    };
  }
  return undefined;
}

/**
 * Whole-number floats in integer fields (error) and fields or values newer than `ctx.apiVersion` (warning),
 * in source order. `schema` is the body's schema; keys it does not know are left to the schema check.
 */
export function sourceFindings(root: LocatedNode, schema: z.ZodType, ctx: SourceFindingContext): Finding[] {
  const findings: Finding[] = [];
  const visit = (node: LocatedNode, at: z.ZodType, path: PathSegment[], depth: number) => {
    if (depth > 64) return;
    if (node.kind === "object") {
      for (const property of node.properties) {
        if (depth === 0 && ctx.ignoredKeys?.has(property.key)) continue;
        const child = schemaAtPath(at, [property.key]);
        if (!child) continue;
        const childPath = [...path, property.key];
        const version = versionFinding(
          ctx,
          child.doc,
          property.key,
          property.keyRange,
          property.value,
          childPath,
        );
        if (version) findings.push(version);
        if (property.value) visit(property.value, child.schema, childPath, depth + 1);
      }
    } else if (node.kind === "array") {
      node.items.forEach((item, index) => {
        const child = schemaAtPath(at, [index]);
        if (child) visit(item, child.schema, [...path, index], depth + 1);
      });
    } else if (wantsInteger(at)) {
      const finding = floatFinding(ctx, node, path);
      if (finding) findings.push(finding);
    }
  };
  visit(root, schema, [], 0);
  return findings;
}
