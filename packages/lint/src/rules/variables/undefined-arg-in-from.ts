/**
 * The `undefined-arg-in-from` rule: FROM uses an undeclared ARG.
 * Its metadata is its documentation (`docs/rules/undefined-arg-in-from.md`, `enginekit lint --explain
 * undefined-arg-in-from`).
 * Same check elsewhere: BuildKit UndefinedArgInFrom.
 */
import { automaticArgs } from "@enginekit/enginefile";
import { closestMatch } from "@enginekit/manifests/schema-free";
import { instructionsOfKind } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "undefined-arg-in-from",
    name: "FROM uses an undeclared ARG",
    description: "FROM uses a variable that no ARG before the first FROM declares.",
    severity: "warning",
    fix: "never",
    docs: `FROM lines see only global build arguments — ARGs before the first FROM — and the automatic platform
ARGs (\`BUILDPLATFORM\`, \`TARGETARCH\`, …). An ARG declared inside a stage is not visible to a later FROM.`,
    peers: ["BuildKit UndefinedArgInFrom"],
    examples: [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Enginefile variable syntax, not a template
      { kind: "invalid", code: "FROM alpine:${ALPINE_VERSION}\n" },
      {
        kind: "valid",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Enginefile variable syntax, not a template
        code: "ARG ALPINE_VERSION=3.20\nFROM --platform=$BUILDPLATFORM alpine:${ALPINE_VERSION}\n",
      },
    ],
  },
  (file) => {
    const declared = new Set(file.doc.globalArgs.flatMap((a) => a.declarations.map((d) => d.name)));
    const automatic = [...automaticArgs({}).keys()];
    const out: Report[] = [];
    for (const from of instructionsOfKind(file, "from")) {
      for (const v of from.variables) {
        if (declared.has(v.name) || automatic.includes(v.name)) continue;
        const guess = closestMatch(v.name, [...declared, ...automatic]);
        out.push({
          range: v.range,
          message: `FROM uses "${v.name}", which is not a global ARG (declare "ARG ${v.name}" before the first FROM).${guess ? ` Did you mean ${guess}?` : ""}`,
        });
      }
    }
    return out;
  },
);
