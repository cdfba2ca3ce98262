/**
 * The `copy-from-unknown-stage` rule: COPY --from a later or unknown stage.
 * Its metadata is its documentation (`docs/rules/copy-from-unknown-stage.md`, `enginekit lint --explain
 * copy-from-unknown-stage`).
 * Same check elsewhere: hadolint DL3022.
 */
import { closestMatch } from "@enginekit/manifests/schema-free";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "copy-from-unknown-stage",
    name: "COPY --from a later or unknown stage",
    description:
      "`COPY --from`/`--mount=from=` names a later stage, a stage index that does not exist, or a misspelt stage.",
    severity: "error",
    fix: "sometimes",
    docs: `\`--from\` takes an earlier stage's name or index, or an image. A name defined only by a *later* stage, a
stage index that is not lower than the current stage's, or a name one typo away from an earlier stage
are almost always mistakes: the engine would try to pull an image of that name. Names that match no
stage and are not close to one are treated as images and not reported (hadolint's DL3022 false
positives on image names). Build arguments are resolved first; unresolved values are not checked.`,
    peers: ["hadolint DL3022"],
    examples: [
      {
        kind: "invalid",
        code: "FROM alpine:3.20 AS app\nCOPY --from=build /out /app\nFROM alpine:3.20 AS build\n",
      },
      {
        kind: "invalid",
        code: "FROM alpine:3.20 AS builder\nFROM alpine:3.20\nCOPY --from=biulder /out /app\n",
      },
      {
        kind: "valid",
        code: "FROM alpine:3.20 AS builder\nFROM alpine:3.20\nCOPY --from=builder /out /app\nCOPY --from=nginx:1.27 /etc/nginx /etc/nginx\n",
      },
    ],
  },
  (file) =>
    file.graph.references.flatMap((r) => {
      if (r.kind === "base" || r.stage) return [];
      if (r.written.includes("$") && file.resolve(r.instruction, r.written) === undefined) return [];
      const name = r.expanded.toLowerCase();
      // its own index is copy-from-self's
      if (r.invalidIndex && Number(r.expanded) !== r.source.index)
        return [
          {
            range: r.range,
            message: `Stage index ${r.expanded} does not name an earlier stage (this is stage ${r.source.index}).`,
          },
        ];
      if (r.invalidIndex) return [];
      const later = file.doc.stages.find((s) => s.name === name && s.index >= r.source.index);
      if (later && later.index !== r.source.index)
        return [
          {
            range: r.range,
            message: `Stage "${r.expanded}" is defined later (line ${later.from.range.start.line + 1}); --from can only use earlier stages.`,
          },
        ];
      if (later || /[/:@.]/.test(name)) return [];
      const earlier = file.doc.stages
        .filter((s) => s.index < r.source.index && s.name !== undefined)
        .map((s) => s.name!);
      const guess = closestMatch(name, earlier);
      if (!guess || guess === name) return [];
      return [
        {
          range: r.range,
          message: `No stage named "${r.expanded}"; the engine would pull an image of that name. Did you mean "${guess}"?`,
          fix: {
            title: `Use stage ${guess}`,
            edits: [file.replace(r.range, r.kind === "copy-from" ? guess : `from=${guess}`)],
          },
        },
      ];
    }),
);
