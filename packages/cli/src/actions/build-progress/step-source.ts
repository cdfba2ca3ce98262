/**
 * Which Enginefile instruction a BuildKit step came from. The engine's `/build` stream carries no source map
 * for a failed step (BuildKit keeps it in the gRPC error's details, which the engine drops), so the step
 * name is read instead: BuildKit's Dockerfile frontend (`frontend/dockerfile/dockerfile2llb`) names each
 * step `[<stage> <i>/<n>] <INSTRUCTION> …`, where `<stage>` is the `AS` name, `stage-<index>` for an
 * unnamed stage of a multi-stage file and nothing for a single unnamed stage, and `<i>` counts, within
 * the stage, the steps that make a vertex: `FROM <image>` (not `FROM <stage>` nor `scratch`), `RUN`,
 * `COPY`, `ADD` and `WORKDIR` (checked on the engine 20.10: `ENV`, `ARG`, `LABEL` take no number).
 */

import { parseStepName } from "@enginekit/build-context";
import { type Instruction, parse, type Stage } from "@enginekit/enginefile";

const NUMBERED = new Set(["run", "copy", "add", "workdir"]);

/** The instruction a step came from: 0-based `line` of the instruction's first line, and its text range. */
export interface StepSource {
  instruction: Instruction;
  /** 0-based first and last lines of the instruction (continuations and heredocs included). */
  startLine: number;
  endLine: number;
}

/** The step name of each stage, as BuildKit prints it. */
function stageLabel(stage: Stage, stageCount: number): string {
  if (stage.name !== undefined) return stage.name;
  return stageCount > 1 ? `stage-${stage.index}` : "";
}

/** The instructions of a stage that BuildKit numbers, in order. */
function numberedSteps(stage: Stage, stageNames: ReadonlySet<string>): Instruction[] {
  const steps: Instruction[] = [];
  const base = stage.baseImage?.toLowerCase();
  if (base !== undefined && base !== "scratch" && !stageNames.has(base)) steps.push(stage.from);
  for (const instruction of stage.instructions) if (NUMBERED.has(instruction.kind)) steps.push(instruction);
  return steps;
}

/** Finds steps in one Enginefile text (parsed once). */
export class StepSourceMap {
  private readonly stages: Stage[];

  constructor(enginefileText: string) {
    this.stages = parse(enginefileText).stages;
  }

  /**
   * The instruction a vertex name (`[base 2/4] RUN echo`) came from, or undefined when the name is no
   * Enginefile step or no stage and instruction match it.
   */
  find(vertexName: string): StepSource | undefined {
    const step = parseStepName(vertexName);
    if (!step) return undefined;
    const stage = this.stages.find((s) => stageLabel(s, this.stages.length) === step.stage.toLowerCase());
    if (!stage) return undefined;
    const names = new Set(this.stages.flatMap((s) => (s.name === undefined ? [] : [s.name])));
    const steps = numberedSteps(stage, names);
    let found = steps[step.index - 1];
    if (found?.keyword.toUpperCase() !== step.instruction) {
      // Another frontend version numbers differently: the first instruction of that kind with that text.
      const same = steps.filter((i) => i.keyword.toUpperCase() === step.instruction);
      found = same.find((i) => normalise(i.original).endsWith(normalise(step.text))) ?? same[0];
    }
    if (!found) return undefined;
    return { instruction: found, startLine: found.range.start.line, endLine: found.range.end.line };
  }
}

function normalise(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
