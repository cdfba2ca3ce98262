import type { LineIndex, Range } from "@enginekit/text";
import type { Finding } from "../findings.js";
import type { LocatedNode, LocatedScalar, PathSegment } from "../tree/located-node.js";
import { type ParsedReference, parseSecretReferences, SECRET_REFERENCE_PREFIX } from "./reference-syntax.js";
import { locateSubstring } from "./source-map.js";

/** A located secret reference `svc:<mount>/<path>#<field>` found in a manifest's string value. */
export interface SecretReference {
  /** The reference text, `svc:` included (never a secret value: references name secrets, they hold none). */
  text: string;
  /** Mount and path as written, e.g. `secret/data/app/db`. */
  location: string;
  /** The first segment of the location. */
  mount: string;
  /** The location after the mount. */
  path: string;
  field: string;
  /** Range of the reference in the source; the whole string value when `exact` is false. */
  range: Range;
  /** True when `range` covers exactly the reference (through quotes and escapes). */
  exact: boolean;
  /** JSON path of the string value holding the reference. */
  valuePath: PathSegment[];
  document: number;
  /** The scalar holding the reference (to place edits inside it). */
  scalar: LocatedScalar;
  /** Offset of `svc:` within the scalar's value. */
  valueOffset: number;
  /** False when the reference has syntax problems (the online checks skip it). */
  valid: boolean;
}

/** Where to look and how to report. */
export interface FindReferencesContext {
  text: string;
  lines: LineIndex;
  document: number;
}

/**
 * The source range of the value substring `[from, to)` of `scalar` (see `locateSubstring`), or the whole
 * scalar when it cannot be located exactly.
 */
export function rangeInScalar(
  ctx: Pick<FindReferencesContext, "text" | "lines">,
  scalar: LocatedScalar,
  from: number,
  to: number,
): { range: Range; exact: boolean } {
  const located = locateSubstring(ctx.text, scalar, from, to);
  return located
    ? { range: ctx.lines.range(located.start, located.end), exact: true }
    : { range: scalar.range, exact: false };
}

/**
 * The source range of the reference's characters `[from, to)` (offsets within `reference.text`): direct when
 * the reference is written verbatim in the source (no escapes inside it), else through the scalar's quoting
 * (see {@link rangeInScalar}).
 */
export function rangeInReference(
  ctx: Pick<FindReferencesContext, "text" | "lines">,
  reference: SecretReference,
  from: number,
  to: number,
): { range: Range; exact: boolean } {
  const start = reference.range.start.offset;
  if (reference.exact && ctx.text.slice(start, reference.range.end.offset) === reference.text) {
    return { range: ctx.lines.range(start + from, start + to), exact: true };
  }
  return rangeInScalar(ctx, reference.scalar, reference.valueOffset + from, reference.valueOffset + to);
}

/**
 * Every secret reference in the string values of a located tree (object keys are not searched), with a
 * `secret-ref/syntax` finding for each syntax problem, located at the offending characters. Pure.
 */
export function findSecretReferences(
  root: LocatedNode | undefined,
  ctx: FindReferencesContext,
): { references: SecretReference[]; findings: Finding[] } {
  const references: SecretReference[] = [];
  const findings: Finding[] = [];
  const visit = (node: LocatedNode, path: PathSegment[]) => {
    if (node.kind === "object") {
      for (const property of node.properties)
        if (property.value) visit(property.value, [...path, property.key]);
    } else if (node.kind === "array") {
      for (const [index, item] of node.items.entries()) visit(item, [...path, index]);
    } else if (typeof node.value === "string" && node.value.includes(SECRET_REFERENCE_PREFIX)) {
      for (const parsed of parseSecretReferences(node.value)) {
        references.push(toReference(ctx, node, parsed, path));
        for (const problem of parsed.problems) {
          const { range } = rangeInScalar(
            ctx,
            node,
            parsed.start + problem.start,
            parsed.start + problem.end,
          );
          findings.push({
            code: "secret-ref/syntax",
            message: problem.message,
            severity: "error",
            range,
            path,
            document: ctx.document,
          });
        }
      }
    }
  };
  if (root) visit(root, []);
  return { references, findings };
}

function toReference(
  ctx: FindReferencesContext,
  scalar: LocatedScalar,
  parsed: ParsedReference,
  path: PathSegment[],
): SecretReference {
  const { range, exact } = rangeInScalar(ctx, scalar, parsed.start, parsed.end);
  return {
    text: parsed.text,
    location: parsed.location,
    mount: parsed.mount,
    path: parsed.path,
    field: parsed.field,
    range,
    exact,
    valuePath: path,
    document: ctx.document,
    scalar,
    valueOffset: parsed.start,
    valid: parsed.problems.length === 0,
  };
}
