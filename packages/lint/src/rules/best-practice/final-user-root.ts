/**
 * The `final-user-root` rule: Final stage runs as root.
 * Its metadata is its documentation (`docs/rules/final-user-root.md`, `enginekit lint --explain
 * final-user-root`).
 * Same check elsewhere: hadolint DL3002, Trivy DS-0002, Checkov CKV_DOCKER_8.
 */
import type { Stage } from "@enginekit/enginefile";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "final-user-root",
    name: "Final stage runs as root",
    description: "The last USER of the final stage is root.",
    severity: "warning",
    fix: "never",
    docs: `Containers should not run as root. Only the final stage — the image that ships — is checked, and
only its last USER (or, without one, the last USER of the stage it is built \`FROM\`): builder stages may need root (hadolint's DL3002 fires on every stage, a long-standing
complaint in its issue tracker). Build arguments are resolved first.`,
    peers: ["hadolint DL3002", "Trivy DS-0002", "Checkov CKV_DOCKER_8"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nUSER app\nRUN apk add --no-cache curl\nUSER root\n" },
      { kind: "valid", code: "FROM alpine:3.20 AS build\nUSER root\nFROM alpine:3.20\nUSER 10001:10001\n" },
    ],
  },
  (file) => {
    const final = file.finalStage;
    if (!final) return [];
    // the last USER of the final stage, or else of the stage it is built FROM (transitively)
    const seen = new Set<number>();
    for (let stage: Stage | undefined = final; stage && !seen.has(stage.index); ) {
      seen.add(stage.index);
      const last = stage.instructions.filter((i) => i.kind === "user").at(-1);
      if (last?.kind === "user") {
        if (!last.value) return [];
        const value = file.resolve(last, last.value.value);
        const user = value?.split(":")[0];
        if (user !== "root" && user !== "0") return [];
        if (stage === final)
          return [
            {
              range: last.value.range,
              message: "The final stage runs as root; switch to an unprivileged USER at the end.",
            },
          ];
        return [
          {
            range: final.from.image?.range ?? final.from.keywordRange,
            message: `The final stage runs as root: it is built from stage "${final.from.image?.value}", whose last USER (line ${last.range.start.line + 1}) is root. Add an unprivileged USER at the end.`,
          },
        ];
      }
      stage = file.graph.baseOf(stage)?.stage;
    }
    return [];
  },
);
