/**
 * `groupStages`: instructions grouped into build stages, one per FROM, and the global ARGs before the first
 * FROM (BuildKit's stage model).
 */
import type { ArgInstruction, FromInstruction, Instruction, Stage } from "../ast/nodes.js";

/**
 * Groups instructions into build stages: each FROM opens a stage holding the instructions up to the
 * next FROM. ARGs before the first FROM are the global build arguments.
 */
export function groupStages(instructions: Instruction[]): { stages: Stage[]; globalArgs: ArgInstruction[] } {
  const stages: Stage[] = [];
  const globalArgs: ArgInstruction[] = [];
  let current: Stage | undefined;
  for (const ins of instructions) {
    if (ins.kind === "from") {
      current = newStage(ins, stages.length);
      stages.push(current);
    } else if (current) {
      current.instructions.push(ins);
    } else if (ins.kind === "arg") {
      globalArgs.push(ins);
    }
  }
  // a stage spans its FROM to its last instruction
  for (const stage of stages) {
    const last = stage.instructions.at(-1);
    if (last) stage.range = { start: stage.range.start, end: last.range.end };
  }
  return { stages, globalArgs };
}

function newStage(from: FromInstruction, index: number): Stage {
  return {
    index,
    name: from.stageName?.value.toLowerCase(),
    baseImage: from.image?.value,
    from,
    instructions: [],
    range: from.range,
  };
}
