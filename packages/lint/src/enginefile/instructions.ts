import type { Instruction, InstructionKind } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "./analysis.js";

/** Every instruction of the file in source order, with ONBUILD triggers after their ONBUILD. */
export function allInstructions(file: AnalyzedEnginefile): Instruction[] {
  const out: Instruction[] = [];
  for (const ins of file.doc.instructions) {
    out.push(ins);
    if (ins.kind === "onbuild" && ins.trigger) out.push(ins.trigger);
  }
  return out;
}

/** Instructions of one kind (ONBUILD triggers included), narrowed to that kind's node type. */
export function instructionsOfKind<K extends InstructionKind>(
  file: AnalyzedEnginefile,
  kind: K,
): Extract<Instruction, { kind: K }>[] {
  return allInstructions(file).filter((i): i is Extract<Instruction, { kind: K }> => i.kind === kind);
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
