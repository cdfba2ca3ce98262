/**
 * The `invalid-default-arg-in-from` rule: Global ARG default gives an invalid base image.
 * Its metadata is its documentation (`docs/rules/invalid-default-arg-in-from.md`, `enginekit lint --explain
 * invalid-default-arg-in-from`).
 * Same check elsewhere: BuildKit InvalidDefaultArgInFrom.
 */
import { isValidImageReference } from "../../enginefile/image-name.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "invalid-default-arg-in-from",
    name: "Global ARG default gives an invalid base image",
    description: "With the global ARG defaults, a FROM image reference is empty or invalid.",
    severity: "error",
    fix: "never",
    docs: `When a FROM image uses global build arguments, building without \`--build-arg\` uses their defaults. If
that gives an empty or malformed reference (\`ARG TAG\` with no default in \`FROM alpine:$TAG\` gives
\`alpine:\`), the build fails unless every caller passes the argument. Give the ARG a working default.`,
    peers: ["BuildKit InvalidDefaultArgInFrom"],
    examples: [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Enginefile variable syntax, not a template
      { kind: "invalid", code: "ARG TAG\nFROM alpine:${TAG}\n" },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Enginefile variable syntax, not a template
      { kind: "valid", code: "ARG TAG=3.20\nFROM alpine:${TAG}\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const stage of file.doc.stages) {
      const from = stage.from;
      const image = from.image;
      if (!image || from.variables.length === 0) continue;
      const scope = file.scopes.get(from);
      if (!scope) continue;
      const r = scope.expand(image.value);
      if (r.error !== undefined) continue;
      const value = r.value;
      const stageName = file.graph.baseOf(stage)?.stage;
      if (stageName || value === "scratch") continue;
      if (value === "" || !isValidImageReference(value))
        out.push({
          range: image.range,
          message: `With the default build arguments this base image is ${value === "" ? "empty" : `"${value}", which is not a valid image reference`}; give ${r.unresolved.length > 0 ? r.unresolved.map((n) => `ARG ${n}`).join(", ") : "the ARG"} a default.`,
        });
    }
    return out;
  },
);
