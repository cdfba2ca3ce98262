/**
 * `engineFieldsAt`: the engine fields a Compose value becomes (`mem_limit` → `HostConfig.Memory`), with
 * each field's documentation from the api schemas (meaning, unit, bounds) and the value the engine gets,
 * read from `@enginekit/compose`'s translation of each service into its create body (`translateProject`,
 * the same translation the engine layer judges): every body field is located at the Compose value it came
 * from, so the fields at a value are those located there. Indexed once per analysis.
 */

import type { FieldDoc } from "@enginekit/api";
import { type ComposeNode, translateProject } from "@enginekit/compose";
import { type PathSegment, schemaAtManifestPath } from "@enginekit/manifests";
import type { ComposeAnalysis } from "./analysis.js";

/** One engine field a Compose value becomes. */
export interface EngineField {
  /** The field's path in the create body (`["HostConfig", "Memory"]`). */
  path: PathSegment[];
  /** The value the engine gets, when it is a scalar. */
  value: string | number | boolean | null | undefined;
  doc?: FieldDoc;
}

/** Each analysis's index: `offset` of a value's start in the document's file → the fields located there. */
const indexes = new WeakMap<ComposeAnalysis, Map<number, EngineField[]>>();

function index(analysis: ComposeAnalysis): Map<number, EngineField[]> {
  const cached = indexes.get(analysis);
  if (cached) return cached;
  const file = analysis.compose.path;
  const byOffset = new Map<number, EngineField[]>();
  const visit = (node: ComposeNode, path: PathSegment[]) => {
    if (node.kind === "object") {
      for (const p of node.properties) if (p.value) visit(p.value, [...path, p.key]);
      return;
    }
    // a list made from one Compose value (`command: a b` → `Cmd`) is one field, not one per word
    const whole =
      node.kind === "array" && node.items.every((i) => i.range.start.offset === node.range.start.offset);
    if (node.kind === "array" && !whole) {
      node.items.forEach((item, i) => {
        visit(item, [...path, i]);
      });
      return;
    }
    if (node.file !== file) return;
    const list = byOffset.get(node.range.start.offset) ?? [];
    if (!list.some((f) => JSON.stringify(f.path) === JSON.stringify(path))) {
      const doc = schemaAtManifestPath("container", path)?.doc;
      list.push({ path, value: node.kind === "scalar" ? node.value : undefined, ...(doc ? { doc } : {}) });
    }
    byOffset.set(node.range.start.offset, list);
  };
  try {
    for (const translated of translateProject(analysis.compose.project)) visit(translated.body.root, []);
  } catch {
    // a translation that fails on a half-typed file leaves the index empty: hovers show the schema alone
  }
  indexes.set(analysis, byOffset);
  return byOffset;
}

/**
 * The engine fields located at `node` (a value of the document's own file), one per body path; empty when
 * the value becomes no engine field (a name, a build option…).
 */
export function engineFieldsAt(analysis: ComposeAnalysis, node: ComposeNode): EngineField[] {
  if (node.file !== analysis.compose.path) return [];
  return index(analysis).get(node.range.start.offset) ?? [];
}

/** `HostConfig.BlkioWeightDevice[0].Weight`: how an engine field is named. */
export function engineFieldLabel(path: readonly PathSegment[]): string {
  return path.map((s, i) => (typeof s === "number" ? `[${s}]` : i === 0 ? s : `.${s}`)).join("");
}
