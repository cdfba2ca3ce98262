import type { LineIndex, Range } from "@enginekit/text";
import { closestMatch, Suggester } from "@enginekit/text";
import type { z } from "zod";
import type { Finding, FindingCode, Fix } from "../findings.js";
import type { LocatedNode, LocatedObject, LocatedScalar, PathSegment } from "../tree/located-node.js";
import { followPath } from "../tree/navigate.js";
import { pathLabel } from "./path-label.js";
import { stringSource } from "./scalar-edit.js";
import { knownKeysOf, schemaAtPath } from "./schema-walk.js";

/** What the issue mapper needs to know about the document being checked. */
export interface IssueContext {
  text: string;
  lines: LineIndex;
  root: LocatedNode;
  /** The schema the document was validated against (for known keys and allowed values). */
  schema: z.ZodType;
  document: number;
  /** More keys valid at the root besides the schema's (a container's `Name`), offered as suggestions. */
  extraRootKeys?: readonly string[];
}

/** A zod issue as this module reads it (zod 4's `$ZodIssue`, loosely). */
type Issue = z.core.$ZodIssue;

/**
 * The range that stands for an object in a finding about the object as a whole (a missing field, a
 * cross-field rule): its key when it has one, else its opening `{`, else its first key, else its start.
 */
export function objectAnchor(ctx: IssueContext, path: readonly PathSegment[]): Range {
  const target = followPath(ctx.root, path);
  if (target.property && target.depth === path.length) return target.property.keyRange;
  const { node } = target;
  const start = node.range.start.offset;
  if (ctx.text[start] === "{" || ctx.text[start] === "[") return ctx.lines.range(start, start + 1);
  if (node.kind === "object" && node.properties[0]) return node.properties[0].keyRange;
  return ctx.lines.range(start, start);
}

function finding(
  ctx: IssueContext,
  code: FindingCode,
  message: string,
  range: Range,
  path: readonly PathSegment[],
  extra: { suggestion?: string; fix?: Fix } = {},
): Finding {
  return { code, message, severity: "error", range, path: [...path], document: ctx.document, ...extra };
}

const DEFAULT_MESSAGE =
  /^(?:Invalid input|Too (?:big|small)|Invalid (?:string|option|key|element)|Number must)/;

/** The issue's message, prefixed by the path label unless it already names the field. */
function messageFor(issue: Issue, path: readonly PathSegment[]): string {
  const label = pathLabel(path);
  const last = [...path].reverse().find((segment) => typeof segment === "string");
  const named = typeof last === "string" && issue.message.includes(last);
  if (named && !DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  return `${label}: ${issue.message}`;
}

/**
 * Appends the documented bounds and unit (`FieldDoc`) to zod's generic limit message ("Too small: expected
 * number to be >=10"); a message the schema wrote itself already names its bound and unit.
 */
function withBounds(ctx: IssueContext, issue: Issue, message: string, path: readonly PathSegment[]): string {
  const doc = schemaAtPath(ctx.schema, path)?.doc;
  if (!doc?.bounds || !DEFAULT_MESSAGE.test(issue.message) || message.includes(doc.bounds)) return message;
  return `${message} (allowed: ${doc.bounds}${doc.unit ? ` ${doc.unit}` : ""})`;
}

function rangeOfValue(ctx: IssueContext, path: readonly PathSegment[]): { range: Range; node?: LocatedNode } {
  const target = followPath(ctx.root, path);
  if (target.depth === path.length) return { range: target.node.range, node: target.node };
  if (
    target.property &&
    target.depth === path.length - 1 &&
    target.property.key === String(path[target.depth])
  ) {
    return { range: target.property.keyRange };
  }
  return { range: objectAnchor(ctx, path.slice(0, target.depth)) };
}

const YAML11_BOOLEANS: Record<string, boolean> = {
  yes: true,
  no: false,
  on: true,
  off: false,
  y: true,
  n: false,
};

/** A quick fix for a value of the wrong type that is obviously meant: `"8080"` for 8080, `true` for `yes`. */
function typeFix(
  ctx: IssueContext,
  node: LocatedNode | undefined,
  expected: string,
): { fix?: Fix; hint?: string } {
  if (node?.kind !== "scalar") return {};
  const scalar: LocatedScalar = node;
  const source = ctx.text.slice(scalar.range.start.offset, scalar.range.end.offset);
  if (expected === "string" && (typeof scalar.value === "number" || typeof scalar.value === "boolean")) {
    const newText = JSON.stringify(source);
    return { fix: { title: `Quote the value as ${newText}`, edits: [{ range: scalar.range, newText }] } };
  }
  if (expected === "boolean" && typeof scalar.value === "string" && scalar.style === "plain") {
    const meant = YAML11_BOOLEANS[scalar.value.toLowerCase()];
    if (meant === undefined) return {};
    return {
      hint: ` YAML 1.2 reads "${scalar.value}" as a string; write ${meant}.`,
      fix: { title: `Replace with ${meant}`, edits: [{ range: scalar.range, newText: String(meant) }] },
    };
  }
  if ((expected === "number" || expected === "int") && typeof scalar.value === "string") {
    const trimmed = scalar.value.trim();
    if (/^-?\d+(?:\.\d+)?$/.test(trimmed)) {
      return {
        fix: { title: `Write the number ${trimmed}`, edits: [{ range: scalar.range, newText: trimmed }] },
      };
    }
  }
  return {};
}

/** Deepest path reached by a union alternative's issues (how far the value matched it). */
function progress(issues: readonly Issue[]): number {
  let deepest = 0;
  for (const issue of issues) {
    const depth =
      issue.path.length + (issue.code === "invalid_type" || issue.code === "unrecognized_keys" ? 0 : 1);
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

/**
 * Converts one zod issue (and the nested issues of unions, record keys and elements) into findings with the
 * exact range the issue is about:
 * - unknown key → the key, with a did-you-mean suggestion among the keys valid there and a rename fix;
 * - wrong type / bad value / limit → the value;
 * - missing field / cross-field rule → the object (its key, or its opening).
 * `basePath` is prepended to the issue's path (for nested issues).
 */
export function issueFindings(
  ctx: IssueContext,
  issue: Issue,
  basePath: readonly PathSegment[] = [],
): Finding[] {
  const path = [...basePath, ...(issue.path as PathSegment[])];
  switch (issue.code) {
    case "unrecognized_keys":
      return unknownKeyFindings(ctx, path, issue.keys);
    case "invalid_union": {
      const branches = issue.errors.filter((branch) => branch.length > 0);
      if (branches.length === 0) return valueFinding(ctx, "manifest/invalid-value", issue, path);
      const allTypeAtRoot = branches.every((branch) =>
        branch.every((inner) => inner.code === "invalid_type" && inner.path.length === 0),
      );
      if (allTypeAtRoot) {
        const expected = [
          ...new Set(
            branches.flatMap((branch) => branch.map((inner) => (inner as { expected: string }).expected)),
          ),
        ];
        const { range, node } = rangeOfValue(ctx, path);
        if (!node) return missingFinding(ctx, path);
        return [
          finding(
            ctx,
            "manifest/invalid-type",
            `${pathLabel(path)}: expected ${expected.join(" or ")}, got ${describeNode(node)}.`,
            range,
            path,
          ),
        ];
      }
      const best = [...branches].sort((a, b) => progress(b) - progress(a) || a.length - b.length)[0]!;
      return best.flatMap((inner) => issueFindings(ctx, inner, path));
    }
    case "invalid_key": {
      const target = followPath(ctx.root, path);
      const keyRange =
        target.property && target.property.key === String(path[path.length - 1])
          ? target.property.keyRange
          : undefined;
      const reason = issue.issues[0]?.message ?? issue.message;
      return [
        finding(
          ctx,
          "manifest/invalid-value",
          `Invalid key ${JSON.stringify(String(path[path.length - 1]))} in ${pathLabel(path.slice(0, -1))}: ${reason}`,
          keyRange ?? rangeOfValue(ctx, path).range,
          path,
        ),
      ];
    }
    case "invalid_element":
      return issue.issues.flatMap((inner) => issueFindings(ctx, inner, path));
    case "invalid_type": {
      const { range, node } = rangeOfValue(ctx, path);
      if (!node) return missingFinding(ctx, path);
      const { fix, hint } = typeFix(ctx, node, issue.expected);
      const own = DEFAULT_MESSAGE.test(issue.message) ? undefined : messageFor(issue, path);
      const expected = issue.expected === "int" ? "integer" : issue.expected;
      const message = `${own ?? `${pathLabel(path)}: expected ${expected}, got ${describeNode(node)}`}.${hint ?? ""}`;
      return [finding(ctx, "manifest/invalid-type", message, range, path, fix ? { fix } : {})];
    }
    case "too_big":
    case "too_small":
      return valueFinding(ctx, "manifest/limit", issue, path);
    case "not_multiple_of":
    case "invalid_format":
      return valueFinding(ctx, "manifest/invalid-value", issue, path);
    case "invalid_value": {
      const { range, node } = rangeOfValue(ctx, path);
      if (!node) return missingFinding(ctx, path);
      const options = issue.values.filter((value): value is string => typeof value === "string");
      const suggestion =
        node.kind === "scalar" && typeof node.value === "string"
          ? closestMatch(node.value, options)
          : undefined;
      const message = `${messageFor(issue, path)}${suggestion ? `. Did you mean ${JSON.stringify(suggestion)}?` : ""}`;
      const extra =
        suggestion && node.kind === "scalar"
          ? {
              suggestion,
              fix: {
                title: `Replace with ${JSON.stringify(suggestion)}`,
                edits: [{ range, newText: stringSource(node, suggestion) }],
              },
            }
          : {};
      return [finding(ctx, "manifest/invalid-value", message, range, path, extra)];
    }
    default: {
      // custom (refinements): a rule on one value, or across the fields of an object.
      const { node } = rangeOfValue(ctx, path);
      if (node?.kind === "scalar") {
        const code = namesSibling(ctx, issue.message, path)
          ? "manifest/constraint"
          : typeof node.value === "number"
            ? "manifest/limit"
            : "manifest/invalid-value";
        return valueFinding(ctx, code, issue, path);
      }
      return [finding(ctx, "manifest/constraint", messageFor(issue, path), objectAnchor(ctx, path), path)];
    }
  }
}

/** True when a message about the field at `path` names another field of the same object (a cross-field rule). */
function namesSibling(ctx: IssueContext, message: string, path: readonly PathSegment[]): boolean {
  const own = path[path.length - 1];
  const siblings = knownKeysOf(schemaAtPath(ctx.schema, path.slice(0, -1))?.schema ?? ctx.schema);
  return siblings.some(
    (key) =>
      key.name !== own &&
      new RegExp(`\\b${key.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(message),
  );
}

function valueFinding(ctx: IssueContext, code: FindingCode, issue: Issue, path: PathSegment[]): Finding[] {
  const { range, node } = rangeOfValue(ctx, path);
  if (!node) return missingFinding(ctx, path);
  const message =
    code === "manifest/limit"
      ? withBounds(ctx, issue, messageFor(issue, path), path)
      : messageFor(issue, path);
  return [finding(ctx, code, message, range, path)];
}

function missingFinding(ctx: IssueContext, path: PathSegment[]): Finding[] {
  const parent = path.slice(0, -1);
  const key = String(path[path.length - 1] ?? "");
  const where = parent.length === 0 ? "" : ` in ${pathLabel(parent)}`;
  return [
    finding(
      ctx,
      "manifest/missing-field",
      `Missing required field "${key}"${where}.`,
      objectAnchor(ctx, parent),
      path,
    ),
  ];
}

function unknownKeyFindings(ctx: IssueContext, path: PathSegment[], keys: readonly string[]): Finding[] {
  const target = followPath(ctx.root, path);
  const object =
    target.depth === path.length && target.node.kind === "object"
      ? (target.node as LocatedObject)
      : undefined;
  const known = knownKeysOf(schemaAtPath(ctx.schema, path)?.schema ?? ctx.schema).map((key) => key.name);
  if (path.length === 0) known.push(...(ctx.extraRootKeys ?? []));
  const where = path.length === 0 ? "" : ` in ${pathLabel(path)}`;
  const byKey = new Map((object?.properties ?? []).map((property) => [property.key, property])); // last wins
  const suggester = new Suggester(known.filter((name) => !byKey.has(name)));
  return keys.map((key) => {
    const property = byKey.get(key);
    const range = property?.keyRange ?? objectAnchor(ctx, path);
    const suggestion = suggester.closest(key);
    const message = `Unknown key "${key}"${where}.${suggestion ? ` Did you mean "${suggestion}"?` : ""}`;
    const extra: { suggestion?: string; fix?: Fix } = {};
    if (suggestion) {
      extra.suggestion = suggestion;
      if (property?.keyTextRange) {
        extra.fix = {
          title: `Rename to "${suggestion}"`,
          edits: [{ range: property.keyTextRange, newText: suggestion }],
        };
      }
    }
    return finding(ctx, "manifest/unknown-key", message, range, [...path, key], extra);
  });
}

function describeNode(node: LocatedNode): string {
  if (node.kind === "object") return "an object";
  if (node.kind === "array") return "a list";
  if (node.value === null) return "null";
  return `a ${typeof node.value}`; // never the value itself: it may be a secret
}
