/**
 * The images a build uses: `baseImages` (FROM lines naming an image) and `pulledImages` (FROM, `COPY --from`
 * and `RUN --mount=from=` images), after expanding build arguments, never guessed.
 */
import type { FromInstruction, Stage, StageReference } from "@enginekit/enginefile";
import type { Range } from "../model/finding.js";
import type { AnalyzedEnginefile } from "./analysis.js";
import { type ImageReference, parseImageReference } from "./image-reference.js";

/** A FROM that names an image (not an earlier stage, not `scratch`), with its reference resolved. */
export interface BaseImage {
  stage: Stage;
  from: FromInstruction;
  /** The reference after expanding global build arguments. */
  reference: string;
  parsed: ImageReference;
  range: Range;
  /** True when the reference is written literally (no variables), so quick fixes may edit it. */
  literal: boolean;
}

/**
 * The base images of the file: FROM lines whose (expanded) reference is an image. FROM lines naming an
 * earlier stage, `scratch`, or using a variable without a value are left out (never guessed).
 */
export function baseImages(file: AnalyzedEnginefile): BaseImage[] {
  const out: BaseImage[] = [];
  for (const ref of file.graph.references) {
    if (ref.kind !== "base" || ref.stage || !ref.source.from.image) continue;
    const reference = file.resolve(ref.source.from, ref.written);
    if (reference === undefined || reference === "" || reference.toLowerCase() === "scratch") continue;
    out.push({
      stage: ref.source,
      from: ref.source.from,
      reference,
      parsed: parseImageReference(reference),
      range: ref.source.from.image.range,
      literal: !ref.written.includes("$"),
    });
  }
  return out;
}

/** An image the build pulls: a FROM base image, a `COPY --from` image or a `RUN --mount=from=` image. */
export interface PulledImage {
  reference: StageReference;
  /** The value after expanding build arguments. */
  value: string;
}

/**
 * Every image the build pulls, after expanding build arguments: stage graph references that are not
 * stages, stage indexes or `scratch`, and whose value resolves (never guessed). Stage names match
 * case-insensitively anywhere in the file (a later stage is copy-from-unknown-stage's concern).
 */
export function pulledImages(file: AnalyzedEnginefile): PulledImage[] {
  const stageNames = new Set(file.doc.stages.flatMap((s) => (s.name ? [s.name] : [])));
  const out: PulledImage[] = [];
  for (const r of file.graph.references) {
    if (r.stage || r.invalidIndex || r.image === undefined) continue;
    const value = file.resolve(r.instruction, r.written);
    if (value === undefined || value.toLowerCase() === "scratch" || stageNames.has(value.toLowerCase()))
      continue;
    // an empty --from / from= means none (BuildKit tests `From != ""`); a stage index is not an image
    if (r.kind !== "base" && (value === "" || /^[0-9]+$/.test(value))) continue;
    out.push({ reference: r, value });
  }
  return out;
}
