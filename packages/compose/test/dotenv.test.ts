// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Compose text, where ${…} is interpolation syntax
import { expect, test } from "vitest";
import { readEnvFile } from "../src/index.js";

test("env files: export, comments, quotes, escapes, interpolation, bare keys", () => {
  const text = [
    "# comment",
    "A=1",
    "export B = two words  # trailing comment",
    "C='single ${A} #kept'",
    'D="double\\n${A}"',
    "E=${A}-${FROM_ENV}",
    "FROM_ENV",
    "MISSING",
    'F="multi',
    'line"',
    "",
  ].join("\n");
  const read = readEnvFile(text, (name) => (name === "FROM_ENV" ? "env" : undefined));
  expect(read.errors).toEqual([]);
  expect(Object.fromEntries(read.entries.map((e) => [e.name, e.value]))).toEqual({
    A: "1",
    B: "two words",
    C: "single ${A} #kept",
    D: "double\n1",
    E: "1-env",
    FROM_ENV: "env",
    F: "multi\nline",
  });
  expect(read.entries.find((e) => e.name === "F")?.range.start.line).toBe(8);
});

test("an invalid variable name is an error at its line", () => {
  const read = readEnvFile("OK=1\n1BAD=2\n", () => undefined);
  expect(read.errors.map((e) => [e.message, e.range.start.line])).toEqual([
    ['unexpected character in variable name "1BAD"', 1],
  ]);
});
