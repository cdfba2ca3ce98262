/**
 * The `parse-error` rule: Syntax error.
 * Its metadata is its documentation (`docs/rules/parse-error.md`, `enginekit lint --explain parse-error`).
 * Same check elsewhere: hadolint DL1000, dockerfile-utils (parse errors).
 */
import { type Diagnostic, REFERENCE_ERROR_CODES } from "@enginekit/enginefile";
import { redactSecretValues } from "@enginekit/text";
import type { AnalyzedEnginefile } from "../../enginefile/analysis.js";
import { enginefileRule } from "../../model/rule.js";

/**
 * The parser's message, in BuildKit's words, except that `missing-equals` (`can't find = in "word"`) does
 * not repeat the word when its instruction assigns to a secret-looking name: there the word is likely part
 * of the value (`ENV DB_PASSWORD=two words`), and secrets never appear in findings.
 */
function messageOf(d: Diagnostic, file: AnalyzedEnginefile): string {
  if (d.code !== "missing-equals") return d.message;
  const at = d.range.start.offset;
  const instruction = file.doc.instructions.find(
    (i) => i.range.start.offset <= at && at < i.range.end.offset,
  );
  if (!instruction) return d.message;
  const source = file.text.slice(instruction.range.start.offset, instruction.range.end.offset);
  if (redactSecretValues(source) === source) return d.message;
  return "Syntax error - can't find = in the word marked here (not repeated: this instruction sets a secret-looking name). Must be of the form: name=value";
}

/** Errors that make the engine's parser reject the file (the parser's reference error codes). */
export default enginefileRule(
  {
    id: "parse-error",
    name: "Syntax error",
    description: "The file has a syntax error the engine's parser rejects before building anything.",
    severity: "error",
    fix: "never",
    docs: `The parser follows BuildKit's exactly and reports what would make \`enginekit build\` fail at once:
an unterminated heredoc, an instruction without its required arguments, ENV/LABEL without \`=\`, a bad
\`escape\` directive, a duplicated parser directive, a line over the limit. The rest of the file is still
parsed and linted. In an instruction that sets a secret-looking name, a word without \`=\` is not quoted
in the message (it is likely part of the value).`,
    peers: ["hadolint DL1000", "dockerfile-utils (parse errors)"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nRUN <<EOF\necho never closed\n" },
      { kind: "valid", code: "FROM alpine:3.20\nRUN <<EOF\necho closed\nEOF\n" },
    ],
  },
  (file) =>
    file.doc.diagnostics
      .filter((d) => REFERENCE_ERROR_CODES.has(d.code))
      .map((d) => ({ range: d.range, message: messageOf(d, file) })),
);
