import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { LINT_OPTIONS } from "../src/commands/lint-options.js";
import { parseDeclaredOptions } from "../src/commands/option-spec.js";
import { createProgram } from "../src/program.js";
import { runCaptured } from "./run-in-process.js";

/** The commander program with output dropped. */
function quietProgram(): Command {
  return createProgram({
    stdout: () => {},
    stderr: () => {},
    env: {},
    cwd: process.cwd(),
    isTTY: false,
    stdin: process.stdin,
  });
}

/** What commander gives `lint`'s action for `args`, or "rejected" when it stops with an error or help. */
async function commanderReads(args: string[]): Promise<{ paths: string[]; options: object } | "rejected"> {
  const program = quietProgram();
  let got: { paths: string[]; options: object } | undefined;
  const lint = program.commands.find((c: Command) => c.name() === "lint");
  lint?.action((paths: string[], options: object) => {
    got = { paths, options };
  });
  try {
    await program.parseAsync(["lint", ...args], { from: "user" });
  } catch {
    return "rejected";
  }
  return got ?? "rejected";
}

const READ_ALIKE: string[][] = [
  [],
  ["Enginefile"],
  ["-", "--stdin-filename", "svc/Enginefile"],
  ["-f", "json", "--format=sarif=out.sarif", "a", "b", "-fstylish"],
  ["--config", "c.yaml", "--no-config"],
  ["--no-config", "-c", "c.yaml"],
  ["-cother.yaml", "x"],
  ["--no-shellcheck", "--no-inline-suppressions"],
  ["--no-dockerfiles", "--dockerfiles"],
  ["--dockerfiles", "--no-dockerfiles"],
  ["--color", "--no-color"],
  ["--no-color", "--color"],
  ["--rule", "a=off", "--rule=b=error", "--trusted-registry", "r.io", "--ignore-pattern", "x/**"],
  ["-t", "none", "--failure-threshold", "error"],
  ["a", "--fix", "b", "--force", "--fix"],
  ["--", "-weird-name", "--fix"],
  ["--api-version", "1.41", "--list-rules", "--explain", "DL3008", "--online", "--verbose"],
  ["--concurrency", "off", "--concurrency=2", "-"],
];

describe("enginekit lint read without commander", () => {
  it.each(READ_ALIKE)("reads %j as commander does", async (...args) => {
    const direct = parseDeclaredOptions(args, LINT_OPTIONS);
    expect(direct).toBeDefined();
    expect({ paths: direct?.positionals, options: direct?.options }).toEqual(await commanderReads(args));
  });

  it("leaves to commander what it must answer: help, undeclared options, missing or misplaced values", async () => {
    for (const args of [
      ["--help"],
      ["-h"],
      ["--fixx"],
      ["--no-fix"],
      ["--format"],
      ["a", "-c"],
      ["--fix=yes"],
      ["--format", "--fix"],
      ["-V"],
    ])
      expect(parseDeclaredOptions(args, LINT_OPTIONS), JSON.stringify(args)).toBeUndefined();
    // and commander does answer them (help exits 0, the others are usage errors)
    expect((await runCaptured(["lint", "--help"])).stdout).toContain("Usage: enginekit lint");
    const unknown = await runCaptured(["lint", "--fixx"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      "enginekit: unknown option '--fixx'; did you mean --fix? (run `enginekit lint --help` for usage)\n",
    );
  });

  it("declares every option commander registers for lint, with the same flags", () => {
    const lint = quietProgram().commands.find((c: Command) => c.name() === "lint");
    expect(lint?.options.map((o) => o.flags)).toEqual(LINT_OPTIONS.map((o) => o.flags));
  });
});
