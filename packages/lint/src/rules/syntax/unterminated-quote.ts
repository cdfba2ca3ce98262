/**
 * `unterminated-quote`: an opening `"` or `'` without its closing quote in a word the engine expands
 * itself (ENV, LABEL, ARG, COPY/ADD, WORKDIR, USER …). The engine's shell-word lexer (BuildKit
 * `frontend/dockerfile/shell/lex.go`) fails the build: "unexpected end of statement while looking for
 * matching double-quote".
 */
import { expansionErrors } from "../../enginefile/expanded-words.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "unterminated-quote",
    name: "Unterminated quote",
    description: "A quote that is never closed in a value the engine expands (ENV, LABEL, ARG, COPY …).",
    severity: "error",
    fix: "never",
    docs: `The engine reads ENV, LABEL and ARG values, COPY/ADD paths and flags, EXPOSE, USER, WORKDIR, VOLUME
and STOPSIGNAL with shell quoting rules, and fails the build when a \`"\` or \`'\` is not closed in the same
word: \`ENV GREETING="hello\` ("unexpected end of statement while looking for matching double-quote"). Close
the quote, or escape a literal quote as \`\\"\`. RUN, CMD and ENTRYPOINT commands are read by the shell
when the step runs and are not checked here.`,
    peers: ["dockerfile-utils (unterminated quotes)"],
    examples: [
      { kind: "invalid", code: 'FROM alpine:3.20\nENV GREETING="hello world\n' },
      { kind: "valid", code: 'FROM alpine:3.20\nENV GREETING="hello world" QUOTE=\\"\n' },
    ],
  },
  (file) =>
    expansionErrors(file)
      .filter((e) => e.reason.startsWith("unexpected end of statement"))
      .map((e) => {
        const quote = /single-quote/.test(e.reason) ? "'" : '"';
        return {
          range: e.range,
          message: `The engine cannot read this value: ${e.reason}. Close the ${quote} quote or escape it as \\${quote}.`,
        };
      }),
);
