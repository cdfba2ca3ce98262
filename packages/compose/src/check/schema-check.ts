/**
 * The schema layer: the merged project validated against the Compose Specification's JSON schema
 * (`schema/compose-spec.json`, see `schema/README.md` for its version and licence) with ajv, as compose-go
 * validates each loaded file against the same schema (`schema/schema.go`). Each ajv error becomes one finding
 * at the value (or, for an unknown key, at the key) it is about, in the file that value came from; an unknown
 * key gets the closest known key as a did-you-mean (the project's one edit distance). The alternatives of a
 * `oneOf` are reported as one message ("must be a string or a mapping") unless one alternative matched the
 * value's type, whose own errors are then reported instead.
 */
import { closestMatch, type PathSegment, toPlainValue } from "@enginekit/manifests";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { type ComposeNode, type ComposeObject, nodeAt, propertyNamed } from "../model/compose-node.js";
import type { ComposeFinding } from "../model/findings.js";
import schema from "../schema/compose-spec.json" with { type: "json" };

let compiled: ValidateFunction | undefined;

/** The compiled schema (compiled once per process, on first use). */
function validator(): ValidateFunction {
  compiled ??= new Ajv({ allErrors: true, strict: false, verbose: true, validateSchema: false }).compile(
    schema,
  );
  return compiled;
}

function pathOf(instancePath: string): PathSegment[] {
  if (instancePath === "") return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((segment) => (/^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment));
}

/** `services.web.ports[0]`: how Compose names a place in the model. */
export function composePathLabel(path: readonly PathSegment[]): string {
  let label = "";
  for (const segment of path)
    label += typeof segment === "number" ? `[${segment}]` : label ? `.${segment}` : segment;
  return label || "(root)";
}

const TYPE_NAMES: Record<string, string> = {
  object: "a mapping",
  array: "a sequence",
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "a boolean",
  null: "null",
};

function typeList(types: readonly string[]): string {
  const names = [...new Set(types)].map((t) => TYPE_NAMES[t] ?? t);
  return names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

function describe(node: ComposeNode | undefined): string {
  if (!node) return "nothing";
  if (node.kind === "object") return "a mapping";
  if (node.kind === "array") return "a sequence";
  if (node.value === null) return "null";
  return TYPE_NAMES[typeof node.value] ?? typeof node.value;
}

/** Validates the project's merged model; returns the located findings. Never throws. */
export function schemaFindings(model: ComposeObject): ComposeFinding[] {
  const validate = validator();
  if (validate(toPlainValue(model))) return [];
  const errors = validate.errors ?? [];
  const findings: ComposeFinding[] = [];
  const reported = new Set<string>();
  const report = (finding: ComposeFinding) => {
    const key = `${finding.file} ${finding.range.start.offset} ${finding.message}`;
    if (reported.has(key)) return;
    reported.add(key);
    findings.push(finding);
  };
  // ajv reports every alternative of a oneOf/anyOf. An error below the value, or one that is not about its
  // type, means an alternative of the right type was tried: its errors are the ones to show. Otherwise the
  // alternatives' type errors become one "must be X or Y" message.
  const alternativesAt = new Set(
    errors.filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf").map((e) => e.instancePath),
  );
  const explained = (path: string) =>
    errors.some(
      (e) =>
        e.keyword !== "oneOf" &&
        e.keyword !== "anyOf" &&
        (e.instancePath.startsWith(`${path}/`) || (e.instancePath === path && e.keyword !== "type")),
    );
  for (const error of errors) {
    const at = error.instancePath;
    if (error.keyword === "oneOf" || error.keyword === "anyOf") {
      if (explained(at)) continue;
      const types = errors
        .filter((e) => e.keyword === "type" && e.instancePath === at)
        .flatMap((e) => [e.params.type as string | string[]].flat());
      const path = pathOf(at);
      const node = nodeAt(model, path);
      report({
        code: "compose/schema",
        message:
          types.length > 0
            ? `${composePathLabel(path)} must be ${typeList(types)}, not ${describe(node)}`
            : `${composePathLabel(path)} matches none of its allowed forms`,
        severity: "error",
        file: node?.file ?? model.file,
        range: node?.range ?? model.range,
        path,
      });
      continue;
    }
    if (error.keyword === "type" && alternativesAt.has(at)) continue; // one alternative's type
    locate(error, model, report);
  }
  return findings;
}

function locate(error: ErrorObject, model: ComposeObject, report: (finding: ComposeFinding) => void): void {
  const path = pathOf(error.instancePath);
  const node = nodeAt(model, path) ?? model;
  const label = composePathLabel(path);
  if (error.keyword === "additionalProperties") {
    const key = String(error.params.additionalProperty);
    const property = propertyNamed(node, key);
    const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const suggestion = closestMatch(key, known);
    report({
      code: "compose/unknown-key",
      message: `${path.length > 0 ? `${label}: ` : ""}unknown key "${key}"${suggestion ? `; did you mean "${suggestion}"?` : ""}`,
      severity: "error",
      file: property?.file ?? node.file,
      range: property?.keyRange ?? node.range,
      path: [...path, key],
      ...(suggestion ? { suggestion } : {}),
      ...(suggestion && property?.keyTextRange && property.file === node.file
        ? {
            fix: {
              title: `Rename to "${suggestion}"`,
              edits: [{ range: property.keyTextRange, newText: suggestion }],
            },
          }
        : {}),
    });
    return;
  }
  if (error.keyword === "required") {
    const parentPath = path.slice(0, -1);
    const last = path[path.length - 1];
    const owner = typeof last === "string" ? propertyNamed(nodeAt(model, parentPath), last) : undefined;
    report({
      code: "compose/schema",
      message: `${label}: "${String(error.params.missingProperty)}" is required`,
      severity: "error",
      file: owner?.file ?? node.file,
      range: owner?.keyRange ?? node.range,
      path,
    });
    return;
  }
  let message: string;
  switch (error.keyword) {
    case "type":
      message = `${label} must be ${typeList([error.params.type as string | string[]].flat())}, not ${describe(node)}`;
      break;
    case "enum":
      message = `${label} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
      break;
    case "pattern":
      message = `${label} does not match the pattern ${String(error.params.pattern)}`;
      break;
    case "uniqueItems":
      message = `${label} has duplicate entries (items ${error.params.j} and ${error.params.i})`;
      break;
    default:
      message = `${label} ${error.message ?? "is invalid"}`;
  }
  report({ code: "compose/schema", message, severity: "error", file: node.file, range: node.range, path });
}
