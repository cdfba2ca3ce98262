/**
 * The `copy-from-self` rule: COPY --from its own stage.
 * Its metadata is its documentation (`docs/rules/copy-from-self.md`, `enginekit lint --explain
 * copy-from-self`).
 * Same check elsewhere: hadolint DL3023, Trivy DS-0006.
 */
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "copy-from-self",
    name: "COPY --from its own stage",
    description: "`COPY --from` (or `RUN --mount=from=`) names the stage it is in.",
    severity: "error",
    fix: "never",
    docs: `A stage cannot copy from itself: the engine fails with a circular dependency. Build arguments in the
value are resolved first.`,
    peers: ["hadolint DL3023", "Trivy DS-0006"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20 AS build\nCOPY --from=build /a /b\n" },
      { kind: "valid", code: "FROM alpine:3.20 AS build\nFROM alpine:3.20\nCOPY --from=build /a /b\n" },
    ],
  },
  (file) =>
    file.graph.references.flatMap((r) => {
      if (
        r.kind === "base" ||
        (r.written.includes("$") && file.resolve(r.instruction, r.written) === undefined)
      )
        return [];
      const own = r.source.name !== undefined && r.expanded.toLowerCase() === r.source.name;
      const ownIndex = /^[0-9]+$/.test(r.expanded) && Number(r.expanded) === r.source.index;
      if (!own && !ownIndex) return [];
      return [
        {
          range: r.range,
          message: `Stage "${r.expanded}" cannot ${r.kind === "copy-from" ? "copy" : "mount"} from itself.`,
        },
      ];
    }),
);
