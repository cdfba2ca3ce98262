/**
 * Shared instruction lists for rules (`allInstructions`, `instructionsOfKind`, ONBUILD triggers included)
 * and keyword casing (`inCasingOf`, `majorityKeywordCasing`), computed once per document.
 */
import type { Instruction, InstructionKind } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "./analysis.js";
import { DocumentCache } from "./document-cache.js";

/** The instructions of one parsed document, in the two shapes rules read (computed once per document). */
interface InstructionIndex {
  all: readonly Instruction[];
  byKind: Map<InstructionKind, Instruction[]>;
}

const indexes = new DocumentCache<InstructionIndex>("instructionIndex");

function indexOf(file: AnalyzedEnginefile): InstructionIndex {
  let index = indexes.get(file.doc);
  if (!index) {
    const all: Instruction[] = [];
    const byKind = new Map<InstructionKind, Instruction[]>();
    const add = (ins: Instruction) => {
      all.push(ins);
      const list = byKind.get(ins.kind);
      if (list) list.push(ins);
      else byKind.set(ins.kind, [ins]);
    };
    for (const ins of file.doc.instructions) {
      add(ins);
      if (ins.kind === "onbuild" && ins.trigger) add(ins.trigger);
    }
    index = { all, byKind };
    indexes.set(file.doc, index);
  }
  return index;
}

/**
 * Every instruction of the file in source order, with ONBUILD triggers after their ONBUILD. The list
 * is computed once per parsed document and shared by every rule: read it, never change it.
 */
export function allInstructions(file: AnalyzedEnginefile): readonly Instruction[] {
  return indexOf(file).all;
}

/** Instructions of one kind (ONBUILD triggers included), narrowed to that kind's node type (shared, read-only). */
export function instructionsOfKind<K extends InstructionKind>(
  file: AnalyzedEnginefile,
  kind: K,
): readonly Extract<Instruction, { kind: K }>[] {
  return (indexOf(file).byKind.get(kind) ?? []) as Extract<Instruction, { kind: K }>[];
}

/**
 * `keyword` written in the casing of `model` (an instruction keyword as written in the file):
 * lower-case when the model is all lower-case, else upper-case (the engine is case-insensitive).
 */
export function inCasingOf(model: string, keyword: string): string {
  return model === model.toLowerCase() && model !== model.toUpperCase()
    ? keyword.toLowerCase()
    : keyword.toUpperCase();
}

const majorities = new DocumentCache<"upper" | "lower">("keywordCasing");

/**
 * The casing most instruction keywords of the file use (`upper` on a tie; ONBUILD triggers counted,
 * unknown instructions not): what `instruction-casing` rewrites the others to. Computed once per document.
 */
export function majorityKeywordCasing(file: AnalyzedEnginefile): "upper" | "lower" {
  let casing = majorities.get(file.doc);
  if (!casing) {
    let upper = 0;
    let lower = 0;
    for (const i of allInstructions(file)) {
      if (i.kind === "unknown") continue;
      if (i.keyword === i.keyword.toUpperCase()) upper++;
      else if (i.keyword === i.keyword.toLowerCase()) lower++;
    }
    casing = lower > upper ? "lower" : "upper";
    majorities.set(file.doc, casing);
  }
  return casing;
}
