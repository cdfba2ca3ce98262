// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Enginefile/shell text, where ${…} is literal
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandWord } from "../src/index.js";
import { processShellWord } from "../src/semantics/shell-lexer.js";

if (process.env.CI) fc.configureGlobal({ seed: 20261124 });

/**
 * Cases from BuildKit's `frontend/dockerfile/shell/lex_test.go` (`TestProcessWithMatches`,
 * `TestShellParserMandatoryEnvVars`): input, variables, expected value (or an error), and the
 * variables that were found / not found.
 */
const cases: {
  input: string;
  env: Record<string, string>;
  expected?: string;
  error?: true;
  matched?: string[];
  unmatched?: string[];
}[] = [
  { input: "x", env: { DUMMY: "dummy" }, expected: "x", matched: [], unmatched: [] },
  { input: "x ${UNUSED}", env: { DUMMY: "dummy" }, expected: "x ", matched: [], unmatched: ["UNUSED"] },
  { input: "x ${FOO}", env: { FOO: "y" }, expected: "x y", matched: ["FOO"] },
  {
    input: "${FOO-aaa} ${BAR-bbb} ${BAZ-ccc}",
    env: { FOO: "xxx", BAR: "" },
    expected: "xxx  ccc",
    matched: ["FOO", "BAR"],
    unmatched: ["BAZ"],
  },
  {
    input: "${FOO:-aaa} ${BAR:-bbb} ${BAZ:-ccc}",
    env: { FOO: "xxx", BAR: "" },
    expected: "xxx bbb ccc",
    matched: ["FOO", "BAR"],
    unmatched: ["BAZ"],
  },
  { input: "${FOO:-}", env: { FOO: "xxx", BAR: "" }, expected: "xxx", matched: ["FOO"] },
  { input: "${FOO:-}", env: {}, expected: "", unmatched: ["FOO"] },
  {
    input: "${FOO+aaa} ${BAR+bbb} ${BAZ+ccc}",
    env: { FOO: "xxx", BAR: "" },
    expected: "aaa bbb ",
    unmatched: ["BAZ"],
  },
  {
    input: "${FOO:+aaa} ${BAR:+bbb} ${BAZ:+ccc}",
    env: { FOO: "xxx", BAR: "" },
    expected: "aaa  ",
    unmatched: ["BAZ"],
  },
  { input: "${FOO?aaa}", env: { FOO: "xxx", BAR: "" }, expected: "xxx" },
  { input: "${BAR?bbb}", env: { FOO: "xxx", BAR: "" }, expected: "" },
  { input: "${BAZ?ccc}", env: { FOO: "xxx", BAR: "" }, error: true },
  { input: "${FOO:?aaa}", env: { FOO: "xxx", BAR: "" }, expected: "xxx" },
  { input: "${BAR:?bbb}", env: { FOO: "xxx", BAR: "" }, error: true },
  { input: "${BAZ:?ccc}", env: { FOO: "xxx", BAR: "" }, error: true },
  { input: "${BAZ:?}", env: { FOO: "xxx", BAR: "" }, error: true },
  { input: "${FOO=aaa}", env: { FOO: "xxx", BAR: "" }, error: true },
  { input: "${FOO=:aaa}", env: { FOO: "xxx", BAR: "" }, error: true },
  { input: "${FOO=}", env: {}, error: true },
  { input: "${FOO#()[]{\\}^$.\\*\\?|\\\\}", env: { FOO: "()[]{}^$.*?|\\x" }, expected: "x" },
  { input: "${FOO%%\\**}", env: { FOO: "xx**" }, expected: "xx" },
  { input: "${FOO#*x*y}", env: { FOO: "xxyy" }, expected: "y" },
  { input: "${FOO#*}", env: { FOO: "xxyy" }, expected: "xxyy" },
  { input: "${FOO#$BAR}", env: { FOO: "xxyy", BAR: "x" }, expected: "xyy", matched: ["FOO", "BAR"] },
  { input: "${FOO#$BAR}", env: { FOO: "xxyy", BAR: "" }, expected: "xxyy" },
  { input: "${FOO#}", env: { FOO: "xxyy" }, expected: "xxyy" },
  { input: "${FOO##*x}", env: { FOO: "xxyy" }, expected: "yy" },
  { input: "${FOO##}", env: { FOO: "xxyy" }, expected: "xxyy" },
  { input: "${FOO#?\\?}", env: { FOO: "???y" }, expected: "?y" },
  {
    input: "${ABC:-.}${FOO%x}${ABC:-.}",
    env: { FOO: "xxyy" },
    expected: ".xxyy.",
    matched: ["FOO"],
    unmatched: ["ABC"],
  },
  { input: "${FOO%%\\**\\*}", env: { FOO: "a***yy*" }, expected: "a" },
  { input: "${FOO%}", env: { FOO: "xxyy" }, expected: "xxyy" },
  { input: "${FOO%%$BAR}", env: { FOO: "xxyy", BAR: "" }, expected: "xxyy" },
  { input: "${FOO:#}", env: {}, error: true },
  { input: "${FOO:##}", env: {}, error: true },
  { input: "${FOO:%}", env: {}, error: true },
  { input: "${FOO:%%}", env: {}, error: true },
  {
    input: "${FOO/$NEEDLE/.} - ${FOO//$NEEDLE/.}",
    env: { FOO: "/foo*/*/*.txt", NEEDLE: "\\*/" },
    expected: "/foo.*/*.txt - /foo..*.txt",
  },
  {
    input: "${FOO/$NEEDLE/} - ${FOO//$NEEDLE/}",
    env: { FOO: "/tmp/tmp/bar.txt", NEEDLE: "/tmp" },
    expected: "/tmp/bar.txt - /bar.txt",
  },
  {
    input: "${FOO/$NEEDLE/$REPLACEMENT} - ${FOO//$NEEDLE/$REPLACEMENT}",
    env: { FOO: "/a/foo/b/c.txt", NEEDLE: "/?/", REPLACEMENT: "/" },
    expected: "/foo/b/c.txt - /foo/c.txt",
  },
  {
    input: "${FOO/$NEEDLE/$REPLACEMENT}",
    env: { FOO: "http://google.de", NEEDLE: "http://", REPLACEMENT: "https://" },
    expected: "https://google.de",
  },
  { input: "${FOO//\\//\\/}", env: { FOO: "/tmp/foo.txt" }, expected: "\\/tmp\\/foo.txt" },
  { input: "${FOO/$BAR/ww}", env: { FOO: "xxyy", BAR: "" }, expected: "wwxxyy" },
  { input: "${FOO//ww}", env: { FOO: "xxyy" }, error: true },
  { input: "${FOO//}", env: { FOO: "xxyy" }, error: true },
  { input: "${FOO///}", env: { FOO: "xxyy" }, expected: "xxyy" },
  { input: "${FOO///}", env: {}, expected: "", unmatched: ["FOO"] },
  { input: "${VAR:?message here$ARG}", env: { VAR: "plain", ARG: "x" }, expected: "plain" },
  { input: "${VAR?message here$ARG}", env: { VAR: "", ARG: "x" }, expected: "" },
];

describe("expandWord: BuildKit lex_test cases", () => {
  for (const c of cases) {
    it(`${c.input} with ${JSON.stringify(c.env)}`, () => {
      const r = expandWord(c.input, c.env);
      if (c.error) {
        expect(r.error).toMatch(/^failed to process /);
        return;
      }
      expect(r.error).toBeUndefined();
      expect(r.value).toBe(c.expected);
      if (c.matched) expect(r.resolved.sort()).toEqual([...c.matched].sort());
      if (c.unmatched) expect(r.unresolved.sort()).toEqual([...c.unmatched].sort());
    });
  }
});

describe("expandWord: quoting, escapes and errors", () => {
  it("mandatory variables report the message with expansions", () => {
    expect(expandWord("${VAR:?message here$ARG}", { VAR: "", ARG: "x" }).error).toContain("message herex");
    expect(expandWord("${VAR?message here$ARG}", { ARG: "x" }).error).toContain("message herex");
  });
  it("single quotes are literal, double quotes expand, the escape character escapes", () => {
    expect(expandWord(`'$A' "$A" \\$A`, { A: "1" }).value).toBe("$A 1 $A");
    expect(expandWord("`$A $A", { A: "1" }, { escapeCharacter: "`" }).value).toBe("$A 1");
  });
  it("splits words after expansion, keeping quoted spaces", () => {
    expect(expandWord(`a "b c" $V`, { V: "d e" }).words).toEqual(["a", "b c", "d", "e"]);
  });
  it("keeps unset references when asked", () => {
    expect(expandWord("${A:-x}/$B/${C}", {}, { keepUnset: true }).value).toBe("${A:-x}/$B/${C}");
  });
  it("reports syntax errors with the reference's wording", () => {
    expect(expandWord("${", {}).error).toBe(`failed to process "\${": syntax error: missing '}'`);
    expect(expandWord("${A:-x", {}).error).toBe(`failed to process "\${A:-x": syntax error: missing '}'`);
    // like Go, the end of input after a name is read as the modifier U+FFFD
    expect(expandWord("${A", {}).error).toBe(
      `failed to process "\${A": unsupported modifier (\ufffd) in substitution`,
    );
    expect(expandWord("${}", {}).error).toContain("bad substitution");
    expect(expandWord("'abc", {}).error).toContain(
      "unexpected end of statement while looking for matching single-quote",
    );
  });
  it("$ followed by a non-name is literal; digits and special parameters are names", () => {
    expect(expandWord("cost: $ 5 $", {}).value).toBe("cost: $ 5 $");
    expect(expandWord("$1x $@y", { "1": "one", "@": "at" }).value).toBe("onex aty");
  });
});

describe("words the lexer only copies", () => {
  const PIECES = [
    "a",
    "Z",
    "9",
    "-",
    "/",
    ":",
    ".",
    "é",
    "𝄞",
    "\ud800",
    "\u00a0",
    "\u0085",
    "\ufeff",
    " ",
    "\t",
  ];
  const SPECIALS = ["$", "'", '"', "\\", "`", "$A", "{"];
  it("expand exactly as the lexer expands them (the quick path in expandWord)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES, ...SPECIALS), { maxLength: 12 }).map((p) => p.join("")),
        fc.constantFrom<"\\" | "`">("\\", "`"),
        (word, escapeCharacter) => {
          const r = processShellWord(word, () => "v", { escapeToken: escapeCharacter });
          expect(expandWord(word, () => "v", { escapeCharacter })).toEqual({
            value: r.result,
            words: r.words,
            resolved: [...r.matched],
            unresolved: [...r.unmatched],
            error: r.error,
          });
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 2000) },
    );
  });
});
