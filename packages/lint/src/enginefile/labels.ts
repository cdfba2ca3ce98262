/**
 * LABELs as the label rules read them (hadolint's label-schema rules DL3048–DL3058): the value types a
 * label schema can require, their validators, and the labels the final image carries (the final stage's
 * and those of the stages it is built from; a later LABEL of the same key wins, as in the engine).
 */

import type { KeyValuePair, LabelInstruction } from "@enginekit/enginefile";
import spdxIds from "spdx-license-ids/index.json" with { type: "json" };
import type { AnalyzedEnginefile } from "./analysis.js";
import type { LabelType } from "./label-types.js";
import { stageLineage } from "./stage-parents.js";

const SPDX = new Set<string>(spdxIds as string[]);
/** SemVer 2.0.0 (semver.org's recommended expression). */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
/** RFC 3339 date-time (`2024-05-01T12:00:00Z`, with optional fraction and offset). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
/** A git commit: a full 40-digit SHA-1 or 64-digit SHA-256, or an abbreviation of 7 or more digits. */
const GIT_HASH = /^[0-9a-f]{7,40}$|^[0-9a-f]{64}$/;
/** An RFC 5322 addr-spec in its common form (`name@example.com`), optionally as `Name <addr>`. */
const EMAIL =
  /^(?:[^<>]*<)?[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*>?$/;

/** True when `value` is an SPDX license expression made of known ids (`MIT`, `Apache-2.0 OR MIT`, `GPL-2.0-only WITH Classpath-exception-2.0`). */
function isSpdx(value: string): boolean {
  const words = value.replace(/[()]/g, " ").split(/\s+/).filter(Boolean);
  let expectId = true;
  for (const w of words) {
    if (expectId) {
      if (!SPDX.has(w.replace(/\+$/, "")) && !w.startsWith("LicenseRef-")) return false;
      expectId = false;
    } else if (w === "AND" || w === "OR") expectId = true;
    else if (w === "WITH") expectId = true;
    else return false;
  }
  return words.length > 0 && !expectId;
}

/** True when `value` is valid for `type` (`text` accepts anything). */
export function validLabelValue(type: LabelType, value: string): boolean {
  switch (type) {
    case "text":
      return true;
    case "url":
      try {
        return /^[a-z][a-z0-9+.-]*:/i.test(value) && Boolean(new URL(value).protocol);
      } catch {
        return false;
      }
    case "semver":
      return SEMVER.test(value);
    case "hash":
      return GIT_HASH.test(value);
    case "rfc3339":
      return RFC3339.test(value) && !Number.isNaN(Date.parse(value.replace(" ", "T")));
    case "spdx":
      return isSpdx(value);
    case "email":
      return EMAIL.test(value);
  }
}

/** A LABEL pair with its instruction. */
export interface LabelEntry {
  instruction: LabelInstruction;
  pair: KeyValuePair;
}

/** Every LABEL pair of the file, in source order. */
export function allLabels(file: AnalyzedEnginefile): LabelEntry[] {
  const out: LabelEntry[] = [];
  for (const ins of file.doc.instructions)
    if (ins.kind === "label") for (const pair of ins.pairs) out.push({ instruction: ins, pair });
  return out;
}

/** The labels of the final image by key: the final stage's, then those it inherits (the nearest wins). */
export function finalImageLabels(file: AnalyzedEnginefile): Map<string, LabelEntry> {
  const out = new Map<string, LabelEntry>();
  if (!file.finalStage) return out;
  for (const stage of stageLineage(file, file.finalStage)) {
    // later LABELs of a stage override earlier ones
    for (const ins of [...stage.instructions].reverse()) {
      if (ins.kind !== "label") continue;
      for (const pair of [...ins.pairs].reverse())
        if (!out.has(pair.key.value)) out.set(pair.key.value, { instruction: ins, pair });
    }
  }
  return out;
}
