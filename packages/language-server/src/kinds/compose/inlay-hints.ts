/**
 * Compose inlay hints (LSP `textDocument/inlayHint`): after each interpolated variable (`${VAR}`, `$VAR`),
 * its value and where it came from (the environment, which env file, a default, unset) — masked when the
 * variable, the key or the `NAME=` it feeds looks like a secret (`looksLikeSecretName`, the rule the
 * manifests' and the server's masking use), as `*` of the value's length; and after a value that becomes a
 * byte or nanosecond engine field, that number for people (`536870912` → `512 MiB`, `90000000000` →
 * `1m30s`) or, when it is written with a unit, the number the engine gets.
 */
import { relative } from "node:path";
import type { ComposeNode, ComposeScalar } from "@enginekit/compose";
import { looksLikeSecretName } from "@enginekit/text";
import { type InlayHint, InlayHintKind } from "vscode-languageserver";
import type { ComposeAnalysis } from "./analysis.js";
import { interpolatedScalars, ownRoots } from "./compose-place.js";
import { engineFieldsAt } from "./engine-fields.js";
import { humanBytes, humanNanoseconds } from "./units.js";

/** The longest value a hint shows before cutting it with `…`. */
const MAX_SHOWN = 40;

function shown(value: string, secret: boolean): string {
  if (secret) return "*".repeat(value.length);
  const cut = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
  return JSON.stringify(cut);
}

/** The hints of the interpolated variables between offsets `from` and `to`. */
function variableHints(analysis: ComposeAnalysis, from: number, to: number): InlayHint[] {
  const project = analysis.compose.project;
  const hints: InlayHint[] = [];
  for (const { scalar, key } of interpolatedScalars(analysis, from, to)) {
    const assigned = /^([A-Za-z_][\w.-]*)=/.exec(String(scalar.value ?? ""))?.[1];
    for (const variable of scalar.variables ?? []) {
      const { start, end } = variable.range;
      // a variable whose range is the whole scalar (the text spells the value otherwise) is hinted once, at its end
      if (end.offset < from || start.offset > to) continue;
      const secret = [variable.name, key, assigned].some((n) => n !== undefined && looksLikeSecretName(n));
      let label: string;
      let tooltip: string;
      if (variable.source === "environment" || variable.source === "env-file") {
        const value = project.variables.get(variable.name) ?? "";
        label = `= ${shown(value, secret)}`;
        tooltip =
          variable.source === "environment"
            ? `${variable.name}: from the environment`
            : `${variable.name}: from ${variable.envFile ? relative(project.projectDirectory, variable.envFile) || variable.envFile : "an env file"}`;
      } else if (variable.source === "default") {
        const whole = scalar.variables?.length === 1;
        label = whole ? `= ${shown(String(scalar.value ?? ""), secret)} (default)` : "(default)";
        tooltip = `${variable.name} is not set: its default applies`;
      } else {
        label = '= "" (unset)';
        tooltip = `${variable.name} is not set: Compose uses an empty string`;
      }
      hints.push({
        position: { line: end.line, character: end.character },
        label,
        kind: InlayHintKind.Parameter,
        paddingLeft: true,
        tooltip,
      });
    }
  }
  return dedupe(hints);
}

/** One hint per position and label (a variable met twice through anchors is hinted once). */
function dedupe(hints: InlayHint[]): InlayHint[] {
  const seen = new Set<string>();
  return hints.filter((h) => {
    const key = `${h.position.line}:${h.position.character}:${String(h.label)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The hints of values that become byte or nanosecond engine fields between `from` and `to`. */
function unitHints(analysis: ComposeAnalysis, from: number, to: number): InlayHint[] {
  const file = analysis.compose.path;
  const hints: InlayHint[] = [];
  const visit = (node: ComposeNode | undefined) => {
    if (!node || node.file !== file || node.range.end.offset < from || node.range.start.offset > to) return;
    if (node.kind === "object") for (const p of node.properties) visit(p.value);
    else if (node.kind === "array") for (const item of node.items) visit(item);
    else if (node.value !== null && node.value !== "") hints.push(...unitHint(analysis, node));
  };
  for (const root of ownRoots(analysis)) visit(root);
  return hints;
}

function unitHint(analysis: ComposeAnalysis, scalar: ComposeScalar): InlayHint[] {
  for (const field of engineFieldsAt(analysis, scalar)) {
    const unit = field.doc?.unit;
    if (typeof field.value !== "number" || (unit !== "bytes" && unit !== "nanoseconds")) continue;
    const written = String(scalar.value).trim();
    const human = unit === "bytes" ? humanBytes(field.value) : humanNanoseconds(field.value);
    // a plain number is shown for people; a value written with a unit, as the number the engine gets
    const label = /^-?\d+$/.test(written)
      ? `= ${human}`
      : `= ${field.value} ${unit === "bytes" ? "bytes" : "ns"}`;
    if (label === `= ${written}`) continue;
    return [
      {
        position: { line: scalar.range.end.line, character: scalar.range.end.character },
        label,
        kind: InlayHintKind.Type,
        paddingLeft: true,
        tooltip: `The engine gets ${field.value} ${unit} (${human})`,
      },
    ];
  }
  return [];
}

/** Every hint between offsets `from` and `to` of a Compose document, in document order. */
export function composeInlayHints(analysis: ComposeAnalysis, from: number, to: number): InlayHint[] {
  return [...variableHints(analysis, from, to), ...unitHints(analysis, from, to)].sort(
    (a, b) => a.position.line - b.position.line || a.position.character - b.position.character,
  );
}
