// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are shell words, where ${…} is literal
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { processShellWord, shellVariableReferences } from "../src/semantics/shell-lexer.js";

if (process.env.CI) fc.configureGlobal({ seed: 20261121 });

/** What the full lexer reports with no variable set (`skipUnsetEnv`), as the parser used it before the fast path. */
function lexerReferences(word: string, escapeToken: "\\" | "`") {
  return processShellWord(word, () => undefined, { escapeToken, skipUnsetEnv: true }).references;
}

const PIECES = [
  "$",
  "A",
  "b",
  "_",
  "9",
  "x1",
  " ",
  "\t",
  "{",
  "}",
  "$A",
  "${A}",
  "${A:-b}",
  "'",
  '"',
  "\\",
  "`",
  "é",
  "$é",
  "-",
  "@",
  "#",
  "/",
  ":",
  "$(",
  "$$",
  "$1",
  "$@",
  "${-}",
  "${0}",
  '"$A"',
  "'$A'",
  '\\"',
  "\\$",
  "`$",
  "𝄞",
  "١",
  "${A#b}",
];

describe("variable references of a word", () => {
  it("the one-pass reading (text, quotes, escapes, $NAME, ${NAME}) gives exactly the lexer's references", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((p) => p.join("")),
        fc.constantFrom<"\\" | "`">("\\", "`"),
        (word, escapeToken) => {
          expect(shellVariableReferences(word, escapeToken)).toEqual(lexerReferences(word, escapeToken));
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 2000) },
    );
  });

  it.each([
    ["echo $A 12", ["A"]],
    ["$HOME/bin:$PATH_2", ["HOME", "PATH_2"]],
    ["price: $5", ["5"]],
    ["${A}-$B", ["A", "B"]],
    ["'$A' \"$B\" \\$C", ["B"]],
    ["$é$A", ["é", "A"]],
    ['echo "${A}" \'$B\' "$$ $1 \\$C $(d)" $@', ["A", "$", "1", "@"]],
    ['"\\"$A"', ["A"]],
    ["${A:-x} $B", ["A", "B"]],
  ])("%s", (word, names) => {
    expect(shellVariableReferences(word, "\\").map((r) => r.name)).toEqual(names);
    expect(shellVariableReferences(word, "\\")).toEqual(lexerReferences(word, "\\"));
  });
});
