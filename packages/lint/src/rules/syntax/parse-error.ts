import { REFERENCE_ERROR_CODES } from "@enginekit/enginefile";
import { enginefileRule } from "../../model/rule.js";

/** Errors that make the engine's parser reject the file (the parser's reference error codes). */
export default enginefileRule(
  {
    id: "parse-error",
    name: "Syntax error",
    description: "The file has a syntax error the engine's parser rejects before building anything.",
    severity: "error",
    fixable: false,
    docs: `The parser follows BuildKit's exactly and reports what would make \`enginekit build\` fail at once:
an unterminated heredoc, an instruction without its required arguments, ENV/LABEL without \`=\`, a bad
\`escape\` directive, a duplicated parser directive, a line over the limit. The rest of the file is still
parsed and linted.`,
    peers: ["hadolint DL1000", "dockerfile-utils (parse errors)"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nRUN <<EOF\necho never closed\n" },
      { kind: "valid", code: "FROM alpine:3.20\nRUN <<EOF\necho closed\nEOF\n" },
    ],
  },
  (file) =>
    file.doc.diagnostics
      .filter((d) => REFERENCE_ERROR_CODES.has(d.code))
      .map((d) => ({ range: d.range, message: d.message })),
);
