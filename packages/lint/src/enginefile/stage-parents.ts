/**
 * Stage inheritance: a stage built `FROM` an earlier stage (by name, or by index as BuildKit allows)
 * starts from that stage's state — its WORKDIR, USER, HEALTHCHECK. Used by the rules that ask "is this
 * set for the stage?" (hadolint tracks the same inheritance, DL3045/DL3057).
 */

import type { Stage } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "./analysis.js";

/** The earlier stage `stage` is built from, if its base names one. */
export function parentStage(file: AnalyzedEnginefile, stage: Stage): Stage | undefined {
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
