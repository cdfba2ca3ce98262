/**
 * The `missing-from` rule: Missing or late FROM.
 * Its metadata is its documentation (`docs/rules/missing-from.md`, `enginekit lint --explain missing-from`).
 * Same check elsewhere: hadolint DL3061, dockerfilelint from_first.
 */
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "missing-from",
    name: "Missing or late FROM",
    description: "The file has no FROM, or an instruction other than ARG comes before the first FROM.",
    severity: "error",
    fix: "never",
    docs: `A build starts with \`FROM\`; only \`ARG\` (global build arguments), comments and parser directives may
come before it. The engine rejects a file without FROM, and any other instruction before the first FROM.`,
    peers: ["hadolint DL3061", "dockerfilelint from_first"],
    examples: [
      { kind: "invalid", code: "RUN echo hi\nFROM alpine:3.20\n" },
      { kind: "invalid", code: "ARG VERSION=3.20\n" },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Enginefile variable syntax, not a template
      { kind: "valid", code: "ARG VERSION=3.20\nFROM alpine:${VERSION}\n" },
    ],
  },
  (file) => {
    const first = file.doc.instructions[0];
    if (!first) return [];
    const out = [];
    for (const ins of file.doc.instructions) {
      if (ins.kind === "from") break;
      if (ins.kind !== "arg")
        out.push({
          range: ins.keywordRange,
          message: `${ins.keyword.toUpperCase()} comes before the first FROM; only ARG may.`,
        });
    }
    if (file.doc.stages.length === 0) {
      out.push({
        range: first.keywordRange,
        message: "The file has no FROM instruction; the build cannot start.",
      });
    }
    return out;
  },
);
