/**
 * The working directory an instruction runs in, as BuildKit's `dispatchWorkdir` sets it: WORKDIRs of the
 * stage and the stages it is built from, in order, each relative one joined to the one before
 * (`path.Join`). The base image's own working directory is not known offline and is taken as `/` (the
 * image config's `WorkingDir` is empty for most images).
 */

import { posix } from "node:path";
import type { Instruction } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "./analysis.js";
import { stageLineage } from "./stage-parents.js";

/**
 * The working directory `instruction` runs in (absolute, cleaned), or undefined when a WORKDIR on the
 * way uses a variable without a value here. Undefined too for an instruction outside a stage.
 */
export function workingDirectory(file: AnalyzedEnginefile, instruction: Instruction): string | undefined {
  const stage = file.stageOf(instruction);
  if (!stage) return undefined;
  let dir = "/";
  for (const s of stageLineage(file, stage).reverse()) {
    for (const ins of s.instructions) {
      if (ins === instruction) return dir;
      if (ins.kind !== "workdir" || !ins.value) continue;
      const value = file.resolve(ins, ins.value.value);
      if (value === undefined) return undefined;
      dir = posix.join("/", value.startsWith("/") ? "" : dir, value);
    }
  }
  return dir;
}
