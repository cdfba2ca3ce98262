import type { Range } from "@enginekit/text";
import type { EnginefileDocument, Instruction, Stage } from "../ast/nodes.js";
import { computeScopes, type Scope, type ScopeOptions } from "./scope.js";

/** How a stage refers to something: its base (`FROM x`), `COPY --from=x`, or `RUN --mount=from=x`. */
export type StageReferenceKind = "base" | "copy-from" | "mount-from";

/**
 * One reference from a stage to another stage or to an image. Exactly one of `stage` and `image`
 * is set, except for a stage index that does not name an earlier stage (`invalidIndex`).
 */
export interface StageReference {
  kind: StageReferenceKind;
  /** The referring stage. */
  source: Stage;
  instruction: Instruction;
  /** The reference as written and after expanding build arguments. */
  written: string;
  expanded: string;
  range: Range;
  stage: Stage | undefined;
  image: string | undefined;
  invalidIndex: boolean;
}

/** The stages of a file and the references between them. */
export interface StageGraph {
  stages: Stage[];
  references: StageReference[];
  /** A stage by its `AS` name (case-insensitive). */
  stageByName(name: string): Stage | undefined;
  /** The references written in `stage` (its base first), in source order. */
  referencesFrom(stage: Stage): readonly StageReference[];
  /** The reference of `stage`'s FROM (undefined when FROM has no image). */
  baseOf(stage: Stage): StageReference | undefined;
  /** Stages that `stage` depends on directly (base, `--from`, mounts). */
  dependenciesOf(stage: Stage): Stage[];
  /** Stages the `target` stage needs, transitively, including itself, in build order. */
  requiredFor(target: Stage): Stage[];
}

/**
 * Builds the stage graph. A name refers to a stage when an earlier stage has that `AS` name
 * (case-insensitive); a decimal `--from` is a stage index and must be lower than the current stage's;
 * anything else is an image. FROM and `--from` values are expanded with the build arguments in scope.
 *
 * @param scopes the document's scopes when the caller already has them (`computeScopes(doc, options)`),
 *   so they are not computed twice.
 */
export function stageGraph(
  doc: EnginefileDocument,
  options: ScopeOptions = {},
  scopes: ReadonlyMap<Instruction, Scope> = computeScopes(doc, options),
): StageGraph {
  const references: StageReference[] = [];
  const byName = new Map<string, Stage>();
  const resolve = (
    source: Stage,
    kind: StageReferenceKind,
    instruction: Instruction,
    written: string,
    range: Range,
  ) => {
    const expanded = scopes.get(instruction)?.expand(written).value ?? written;
    let stage: Stage | undefined;
    let invalidIndex = false;
    if (kind !== "base" && /^[0-9]+$/.test(expanded)) {
      const n = Number(expanded);
      stage = n < source.index ? doc.stages[n] : undefined;
      invalidIndex = stage === undefined;
    } else {
      const s = byName.get(expanded.toLowerCase());
      if (s && s.index < source.index) stage = s;
    }
    references.push({
      kind,
      source,
      instruction,
      written,
      expanded,
      range,
      stage,
      image: stage || invalidIndex ? undefined : expanded,
      invalidIndex,
    });
  };
  for (const stage of doc.stages) {
    if (stage.from.image) resolve(stage, "base", stage.from, stage.from.image.value, stage.from.image.range);
    if (stage.name !== undefined && !byName.has(stage.name)) byName.set(stage.name, stage);
    for (const ins of stage.instructions) {
      const target = ins.kind === "onbuild" ? undefined : ins;
      if (!target) continue;
      if (target.kind === "copy" && target.from?.value !== undefined) {
        resolve(stage, "copy-from", target, target.from.value, target.from.valueRange ?? target.from.range);
      }
      if (target.kind === "run") {
        for (const m of target.mounts) {
          const from = m.options.find((o) => o.key === "from");
          if (from?.value !== undefined) resolve(stage, "mount-from", target, from.value, from.range);
        }
      }
    }
  }
  // references are made stage by stage, so each stage's are one run of the list
  const bySource = new Map<Stage, StageReference[]>();
  for (const r of references) {
    const list = bySource.get(r.source);
    if (list) list.push(r);
    else bySource.set(r.source, [r]);
  }
  const referencesFrom = (stage: Stage): readonly StageReference[] => bySource.get(stage) ?? [];
  const dependenciesOf = (stage: Stage): Stage[] => {
    const out: Stage[] = [];
    for (const r of referencesFrom(stage)) if (r.stage && !out.includes(r.stage)) out.push(r.stage);
    return out;
  };
  return {
    stages: doc.stages,
    references,
    stageByName: (name) => byName.get(name.toLowerCase()),
    referencesFrom,
    baseOf: (stage) => {
      const first = referencesFrom(stage)[0];
      return first?.kind === "base" ? first : undefined;
    },
    dependenciesOf,
    requiredFor(target) {
      const seen = new Set<Stage>();
      const visit = (s: Stage) => {
        if (seen.has(s)) return;
        seen.add(s);
        for (const d of dependenciesOf(s)) visit(d);
      };
      visit(target);
      return doc.stages.filter((s) => seen.has(s));
    },
  };
}
