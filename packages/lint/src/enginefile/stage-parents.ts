/**
 * Stage inheritance: a stage built `FROM` an earlier stage (by name, or by index as BuildKit allows)
 * starts from that stage's state — its WORKDIR, USER, HEALTHCHECK. Used by the rules that ask "is this
 * set for the stage?" (hadolint tracks the same inheritance, DL3045/DL3057).
 */

import type { Instruction, Stage } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "./analysis.js";

/**
 * The earlier stage `stage` is built from, if its base names one: as the stage graph resolves it (build
 * arguments' defaults expanded: `FROM ${TARGET}` with `ARG TARGET=release`), else by name or index.
 */
export function parentStage(file: AnalyzedEnginefile, stage: Stage): Stage | undefined {
  const resolved = file.graph.baseOf(stage)?.stage;
  if (resolved) return resolved;
  const base = stage.baseImage?.toLowerCase();
  if (base === undefined) return undefined;
  const earlier = file.doc.stages.slice(0, stage.index);
  return earlier.find((s) => s.name === base) ?? (/^\d+$/.test(base) ? earlier[Number(base)] : undefined);
}

/** `stage` and the stages it inherits from, nearest first. */
export function stageLineage(file: AnalyzedEnginefile, stage: Stage): Stage[] {
  const out: Stage[] = [];
  for (let s: Stage | undefined = stage; s && !out.includes(s); s = parentStage(file, s)) out.push(s);
  return out;
}

/**
 * True when `stage` is the final stage or one it is built from: what its RUNs leave in their layers ships
 * in the image. The other stages are build scaffolding; what they leave behind stays in the builder
 * (hadolint DL3009/DL3060 judge stages the same way).
 */
function buildsFinalImage(file: AnalyzedEnginefile, stage: Stage): boolean {
  return file.finalStage !== undefined && stageLineage(file, file.finalStage).includes(stage);
}

/**
 * True when what `instruction` leaves in its layer can reach an image: it is in a stage that
 * {@link buildsFinalImage}, or it is an ONBUILD trigger (it runs in whatever image builds on this one).
 */
export function inImage(file: AnalyzedEnginefile, instruction: Instruction): boolean {
  const stage = file.stageOf(instruction);
  return stage === undefined || buildsFinalImage(file, stage);
}
