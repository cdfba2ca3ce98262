/**
 * The `copy-whole-filesystem` rule: COPY of a whole filesystem from another stage.
 * Its metadata is its documentation (`docs/rules/copy-whole-filesystem.md`, `enginekit lint --explain
 * copy-whole-filesystem`).
 * Same check elsewhere: hadolint DL3067.
 */
import { instructionsOfKind } from "../../enginefile/instructions.js";
import { stageLineage } from "../../enginefile/stage-parents.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "copy-whole-filesystem",
    name: "COPY of a whole filesystem from another stage",
    description: "`COPY --from=<stage> / …` copies the other stage's entire filesystem.",
    severity: "warning",
    fix: "never",
    docs: `Copying \`/\` from another stage brings its package manager, caches and every build tool along, which
defeats the point of a multi-stage build and can overwrite this stage's system files. Copy the paths the
final image needs. A stage built \`FROM scratch\` holds only what was copied into it, so copying all of it is
not reported.`,
    peers: ["hadolint DL3067"],
    examples: [
      {
        kind: "invalid",
        code: "FROM golang:1.23 AS build\nRUN go build -o /out/app .\nFROM scratch\nCOPY --from=build / /\n",
      },
      {
        kind: "valid",
        code: "FROM golang:1.23 AS build\nRUN go build -o /out/app .\nFROM scratch\nCOPY --from=build /out/app /app\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    const copies = instructionsOfKind(file, "copy");
    if (!copies.some((c) => c.from)) return out;
    // the stage each `COPY --from` names, when it names one
    const stages = new Map(
      file.graph.references.flatMap((r) =>
        r.kind === "copy-from" && r.stage ? [[r.instruction, r.stage]] : [],
      ),
    );
    for (const copy of copies) {
      if (!copy.from) continue;
      // a stage built up from scratch holds only what was put in it: copying all of it is the point
      const stage = stages.get(copy);
      if (stage && stageLineage(file, stage).at(-1)?.baseImage?.toLowerCase() === "scratch") continue;
      for (const s of copy.sources) {
        const path = file.resolve(copy, s.value);
        if (path === "/" || path === "/." || path === "/*")
          out.push({
            range: s.range,
            message: `This copies the whole filesystem of ${copy.from.value ?? "the other stage"}; copy only the paths the image needs.`,
          });
      }
    }
    return out;
  },
);
