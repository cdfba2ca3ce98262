import { closestMatch } from "@enginekit/manifests/schema-free";
import { inCasingOf } from "../../enginefile/instructions.js";
import { enginefileRule } from "../../model/rule.js";

const KEYWORDS = [
  "ADD",
  "ARG",
  "CMD",
  "COPY",
  "ENTRYPOINT",
  "ENV",
  "EXPOSE",
  "FROM",
  "HEALTHCHECK",
  "LABEL",
  "MAINTAINER",
  "ONBUILD",
  "RUN",
  "SHELL",
  "STOPSIGNAL",
  "USER",
  "VOLUME",
  "WORKDIR",
];

export default enginefileRule(
  {
    id: "unknown-instruction",
    name: "Unknown instruction",
    description: "An instruction keyword the engine does not know; the build fails.",
    severity: "error",
    fixable: true,
    docs: `The engine rejects the whole file when it meets a keyword that is not an instruction. When the
keyword is a misspelling of one (\`COPPY\`), the quick fix replaces it.`,
    peers: ["dockerfile-utils UNKNOWN_INSTRUCTION", "dockerfilelint invalid_command"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nCOPPY app /app\n" },
      { kind: "valid", code: "FROM alpine:3.20\nCOPY app /app\n" },
    ],
  },
  (file) =>
    file.doc.instructions.flatMap((ins) => {
      const target = ins.kind === "onbuild" ? ins.trigger : ins;
      if (target?.kind !== "unknown") return [];
      const match = closestMatch(target.keyword.toUpperCase(), KEYWORDS);
      const guess = match && inCasingOf(target.keyword, match);
      const message = `Unknown instruction "${target.keyword}"${guess ? `. Did you mean ${guess}?` : ""}`;
      return [
        {
          range: target.keywordRange,
          message,
          ...(guess
            ? { fix: { title: `Replace with ${guess}`, edits: [file.replace(target.keywordRange, guess)] } }
            : {}),
        },
      ];
    }),
);
