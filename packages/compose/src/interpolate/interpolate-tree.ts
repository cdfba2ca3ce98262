/**
 * Interpolates every string value of a Compose file's tree (values only, never keys, as compose-go's
 * `interpolation.Interpolate` does) and keeps where each variable was: the `${…}` range in the file when the
 * scalar's source spells its value literally (plain, or quoted without escapes), else the whole scalar.
 * Required-variable and template errors are `compose/interpolation` errors; unset variables without a
 * default are `compose/unset-variable` warnings (Compose warns "The "X" variable is not set. Defaulting to a
 * blank string."). Variable values never appear in a message.
 */
import type { LineIndex, PathSegment, Range } from "@enginekit/manifests";
import type { ComposeNode, ComposeScalar, InterpolatedVariable } from "../model/compose-node.js";
import type { ComposeFinding } from "../model/findings.js";
import { substitute } from "./template.js";

/** Where interpolation reads variables: the value, and where it came from. */
export interface VariableSource {
  lookup(name: string): { value: string; source: "environment" | "env-file"; envFile?: string } | undefined;
}

/** What interpolating a tree needs: the file's text and lines, the variables. */
export interface InterpolationContext {
  text: string;
  lines: LineIndex;
  variables: VariableSource;
  findings: ComposeFinding[];
}

/** Interpolates `node` in place (scalars get their new value and their `variables`). */
export function interpolateTree(
  node: ComposeNode,
  context: InterpolationContext,
  path: PathSegment[] = [],
): void {
  if (node.kind === "scalar") {
    if (typeof node.value === "string" && node.value.includes("$")) interpolateScalar(node, context, path);
    return;
  }
  if (node.kind === "array") {
    node.items.forEach((item, index) => {
      interpolateTree(item, context, [...path, index]);
    });
    return;
  }
  for (const property of node.properties)
    if (property.value) interpolateTree(property.value, context, [...path, property.key]);
}

/** The offset in the file of the value's first character, when the source spells the value literally. */
export function literalStart(node: ComposeScalar, text: string): number | undefined {
  const { start, end } = node.range;
  const value = String(node.value);
  if (node.style === "plain" && text.slice(start.offset, end.offset) === value) return start.offset;
  if (
    (node.style === "single-quoted" || node.style === "double-quoted") &&
    text.slice(start.offset + 1, end.offset - 1) === value
  )
    return start.offset + 1;
  return undefined;
}

function interpolateScalar(node: ComposeScalar, context: InterpolationContext, path: PathSegment[]): void {
  const origin = new Map<string, { source: "environment" | "env-file"; envFile?: string }>();
  const result = substitute(String(node.value), (name) => {
    const found = context.variables.lookup(name);
    if (found) origin.set(name, found);
    return found?.value;
  });
  const start = literalStart(node, context.text);
  const rangeOf = (from: number, to: number): Range =>
    start === undefined ? node.range : context.lines.range(start + from, start + to);
  const variables: InterpolatedVariable[] = result.variables.map((variable) => {
    const found = origin.get(variable.name);
    return {
      name: variable.name,
      range: rangeOf(variable.start, variable.end),
      source: variable.defaulted ? "default" : found ? found.source : "unset",
      ...(found?.envFile && !variable.defaulted ? { envFile: found.envFile } : {}),
    };
  });
  for (const error of result.errors)
    context.findings.push({
      code: "compose/interpolation",
      message: error.message,
      severity: "error",
      file: node.file,
      range: rangeOf(error.start, error.end),
      path,
    });
  for (const variable of result.variables)
    if (variable.plain && !variable.set)
      context.findings.push({
        code: "compose/unset-variable",
        message: `The "${variable.name}" variable is not set. Defaulting to a blank string.`,
        severity: "warning",
        file: node.file,
        range: rangeOf(variable.start, variable.end),
        path,
      });
  node.value = result.value;
  if (variables.length > 0) node.variables = variables;
}
