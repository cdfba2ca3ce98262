/**
 * The `unknown-instruction` rule: Unknown instruction.
 * Its metadata is its documentation (`docs/rules/unknown-instruction.md`, `enginekit lint --explain
 * unknown-instruction`).
 * Same check elsewhere: dockerfile-utils UNKNOWN_INSTRUCTION, dockerfilelint invalid_command.
 */
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

/**
 * The keyword as the message shows it: up to and including `=` for an assignment written without ENV/ARG
 * (`DB_PASSWORD=…`: the value may be a secret, and messages never repeat one), at most 40 characters.
 */
function shownKeyword(keyword: string): string {
  const equals = keyword.indexOf("=");
  const shown = equals >= 0 ? `${keyword.slice(0, equals + 1)}…` : keyword;
  return shown.length > 40 ? `${shown.slice(0, 40)}…` : shown;
}

export default enginefileRule(
  {
    id: "unknown-instruction",
    name: "Unknown instruction",
    description: "An instruction keyword the engine does not know; the build fails.",
    severity: "error",
    fix: "sometimes",
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
      const message = `Unknown instruction "${shownKeyword(target.keyword)}"${
        guess
          ? `. Did you mean ${guess}?`
          : target.keyword.includes("=")
            ? "; to set a variable, use ENV or ARG"
            : ""
      }`;
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
