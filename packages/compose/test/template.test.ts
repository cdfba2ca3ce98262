// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Compose text, where ${…} is interpolation syntax
import { describe, expect, test } from "vitest";
import { substitute } from "../src/index.js";

const env: Record<string, string> = { SET: "value", EMPTY: "" };
const lookup = (name: string) => env[name];

describe("interpolation (compose-go template rules)", () => {
  test.each([
    ["plain $SET and ${SET}", "plain value and value"],
    ["$$SET stays", "$SET stays"],
    ["${UNSET}", ""],
    ["${UNSET:-d}|${EMPTY:-d}|${SET:-d}", "d|d|value"],
    ["${UNSET-d}|${EMPTY-d}|${SET-d}", "d||value"],
    ["${UNSET:+a}|${EMPTY:+a}|${SET:+a}", "||a"],
    ["${UNSET+a}|${EMPTY+a}|${SET+a}", "|a|a"],
    ["${UNSET:-${SET}}", "value"],
    ["${UNSET:-${ALSO:-deep}}", "deep"],
    ["echo $(date) $1 $", "echo $(date) $1 $"],
    ["${SET}${SET}", "valuevalue"],
  ])("%s", (input, expected) => {
    const result = substitute(input, lookup);
    expect(result.errors).toEqual([]);
    expect(result.value).toBe(expected);
  });

  test("required variables: :? refuses unset and empty, ? only unset; the message never shows a value", () => {
    expect(substitute("${UNSET:?set it}", lookup).errors).toEqual([
      { message: "required variable UNSET is missing a value: set it", start: 0, end: 16, variable: "UNSET" },
    ]);
    expect(substitute("${EMPTY:?}", lookup).errors.map((e) => e.message)).toEqual([
      "required variable EMPTY is missing a value",
    ]);
    expect(substitute("${EMPTY?x}", lookup).errors).toEqual([]);
    expect(substitute("${UNSET?x}", lookup).errors.map((e) => e.message)).toEqual([
      "required variable UNSET is missing a value: x",
    ]);
  });

  test("invalid templates are errors with their offsets", () => {
    expect(substitute("a ${1X} b", lookup).errors).toEqual([
      { message: 'Invalid template: "${1X}"', start: 2, end: 7 },
    ]);
    expect(substitute("a ${SET", lookup).errors).toEqual([
      { message: 'Invalid template: "${SET"', start: 2, end: 7 },
    ]);
  });

  test("variables are reported with their offsets and whether they were set or defaulted", () => {
    expect(substitute("x${SET}y$UNSET ${UNSET:-d}", lookup).variables).toEqual([
      { name: "SET", start: 1, end: 7, set: true, defaulted: false, plain: true },
      { name: "UNSET", start: 8, end: 14, set: false, defaulted: false, plain: true },
      { name: "UNSET", start: 15, end: 26, set: false, defaulted: true, plain: false },
    ]);
  });
});
