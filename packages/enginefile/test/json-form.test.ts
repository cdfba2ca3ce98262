import { describe, expect, it } from "vitest";
import { parse } from "../src/index.js";

/** The arrays of BuildKit's `json_test.go`, each as `CMD <json>` after `FROM scratch`. */
const valid: [string, string[]][] = [
  ["[]", []],
  ['[""]', [""]],
  ['["a"]', ["a"]],
  ['["a","b"]', ["a", "b"]],
  ['[ "a", "b" ]', ["a", "b"]],
  ['[\t"a",\t"b"\t]', ["a", "b"]],
  ['\t[\t"a",\t"b"\t]\t', ["a", "b"]],
  [
    '["abc 123", "♥", "☃", "\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u0000"]',
    ["abc 123", "♥", "☃", '" \\ / \b \f \n \r \t \u0000'],
  ],
];
const notStrings = [
  '["a",42,"b"]',
  '["a",123.456,"b"]',
  '["a",{},"b"]',
  '["a",{"c": "d"},"b"]',
  '["a",["c"],"b"]',
  '["a",true,"b"]',
  '["a",false,"b"]',
  '["a",null,"b"]',
];

function cmd(json: string) {
  const doc = parse(`FROM scratch\nCMD ${json}\n`);
  return { doc, cmd: doc.instructions[1] };
}

describe("exec form (JSON arrays of strings)", () => {
  for (const [json, expected] of valid) {
    it(`${JSON.stringify(json)} is exec form`, () => {
      const { doc, cmd: c } = cmd(json);
      expect(doc.diagnostics).toEqual([]);
      expect(c?.kind === "cmd" && c.form).toBe("exec");
      expect(c?.args.map((a) => a.value)).toEqual(expected);
    });
  }
  for (const json of notStrings) {
    it(`${json} is an error`, () => {
      expect(cmd(json).doc.diagnostics.map((d) => d.message)).toEqual([
        "when using JSON array syntax, arrays must be comprised of strings only",
      ]);
    });
  }
  for (const json of ["['a', 'b']", '["a", "b"', '["a"] tail', '{"a": "b"}', "[1e999]", '["a",]', "[01]"]) {
    it(`${json} is not JSON for Go, so shell form`, () => {
      const { doc, cmd: c } = cmd(json);
      expect(doc.diagnostics).toEqual([]);
      expect(c?.kind === "cmd" && c.form).toBe("shell");
      expect(c?.args.map((a) => a.value)).toEqual([json]);
    });
  }
  it("decodes lone surrogate escapes to U+FFFD like Go", () => {
    expect(cmd('["\\ud800x"]').cmd?.args[0]?.value).toBe("\ufffdx");
  });
});
