/**
 * The documentation cannot drift from the command (docs/cli.md "Documentation checks"):
 * 1. every `enginekit …` command written in README.md and docs/ (fenced blocks and inline code, but the
 *    generated docs/rules/ and the console blocks run in 2.) names subcommands and options the built
 *    CLI's `--help` lists;
 * 2. every ```console block is run against the built CLI from the repository root, and each `$ enginekit …`
 *    line's output must match the lines shown after it (`…` stands for any text in a line, and a line of
 *    just `…` for any number of lines), unless the line before the block says
 *    `<!-- docs-test: not run, <reason> -->` (output that depends on the machine or a running service).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { NEEDS_BUILD, skipIf } from "../../../vitest.shared.js";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(packageDir, "..", "..");
const bin = join(packageDir, "dist", "bundle", "enginekit.cjs");
const node = join(repo, "node_modules", "node", "bin", "node");
const built = existsSync(bin);
if (!built && process.env.CI) throw new Error("the CLI is not built: CI runs the build before the tests");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path.endsWith(join("docs", "rules")) ? [] : markdownFiles(path);
    return e.name.endsWith(".md") ? [path] : [];
  });
}
const files = [join(repo, "README.md"), ...markdownFiles(join(repo, "docs"))];

interface Block {
  where: string;
  lang: string;
  lines: string[];
  notRun: string | undefined;
}

/** Fenced blocks and inline `enginekit …` code spans of one Markdown file. */
function read(path: string): { blocks: Block[]; inline: { where: string; command: string }[] } {
  const lines = readFileSync(path, "utf8").split("\n");
  const blocks: Block[] = [];
  const inline: { where: string; command: string }[] = [];
  const name = relative(repo, path);
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w*)/.exec(lines[i]!);
    if (!fence) {
      for (const m of lines[i]!.matchAll(/`(enginekit [^`]+)`/g))
        inline.push({ where: `${name}:${i + 1}`, command: m[1]! });
      continue;
    }
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) body.push(lines[i]!);
    const marker = /<!-- docs-test: not run, (.+?) -->/.exec(lines[start - 1] ?? "");
    blocks.push({ where: `${name}:${start + 1}`, lang: fence[1]!, lines: body, notRun: marker?.[1] });
  }
  return { blocks, inline };
}

const docs = files.map(read);
/** Commands to check against `--help`: all but those of console blocks that are run (their output is checked). */
const commands = [
  ...docs.flatMap((d) =>
    d.blocks
      .filter((b) => b.lang !== "console" || b.notRun)
      .flatMap((b) =>
        b.lines.flatMap((line, k) => {
          const m = /^(?:\$ )?(enginekit(?: .*)?)$/.exec(line.trim());
          return m ? [{ where: `${b.where}+${k + 1}`, command: m[1]! }] : [];
        }),
      ),
  ),
  ...docs.flatMap((d) => d.inline),
];

function run(args: string[]) {
  const r = spawnSync(node, [bin, ...args], {
    cwd: repo,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const helpCache = new Map<string, string>();
function help(path: string[]): string {
  const key = path.join(" ");
  if (!helpCache.has(key)) helpCache.set(key, run([...path, "--help"]).stdout);
  return helpCache.get(key)!;
}
/** Subcommand names a help text lists under "Commands:". */
function subcommands(text: string): string[] {
  const section = text.split(/\nCommands:\n/)[1] ?? "";
  return [...section.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1]!);
}

/** The subcommand path of a documented command line and the options it uses that the CLI does not have. */
function check(command: string): { path: string[]; unknown: string[] } {
  const words = command
    .replace(/#.*$/, "")
    .replace(/(['"]).*?\1/g, "")
    .split(/\s*(?:&&|\||;|>)\s*/)[0]!
    .trim()
    .split(/\s+/)
    .slice(1);
  const path: string[] = [];
  for (const word of words) {
    if (!subcommands(help(path)).includes(word)) break;
    path.push(word);
  }
  const known = `${help(path)}\n${help([])}`;
  const used = [...words.join(" ").matchAll(/(?<![\w-])(--?[a-zA-Z][\w-]*)/g)].map((m) => m[1]!);
  const unknown = used.filter((option) => !new RegExp(`(?<![\\w-])${option}(?![\\w-])`).test(known));
  return { path, unknown };
}

/** Whether `actual` output matches the documented lines (`…` = any text; a lone `…` line = any lines). */
function matches(documented: string[], actual: string[]): boolean {
  const pattern = documented
    .map((line) =>
      line.trim() === "…"
        ? "(?:[^\\n]*\\n)*?"
        : `${line
            .trimEnd()
            .split("…")
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
            .join("[^\\n]*?")}[ \\t]*\\n`,
    )
    .join("");
  return new RegExp(`^${pattern}$`).test(actual.map((l) => `${l.trimEnd()}\n`).join(""));
}

describe("documented commands against the built CLI", skipIf(!built, NEEDS_BUILD), () => {
  test("every documented enginekit command uses subcommands and options the CLI has", () => {
    expect(commands.length).toBeGreaterThan(30);
    const problems = commands.flatMap(({ where, command }) => {
      const { unknown } = check(command);
      return unknown.length > 0 ? [`${where}: ${command}: no option ${unknown.join(", ")}`] : [];
    });
    expect(problems).toEqual([]);
    // the check can fail: an option no subcommand has
    expect(check("enginekit lint --kind container x.yaml").unknown).toEqual(["--kind"]);
    expect(check("enginekit secrets ls --namespace ns /").path).toEqual(["secrets", "ls"]);
  });

  const consoleBlocks = docs.flatMap((d) => d.blocks).filter((b) => b.lang === "console");
  test("there are console examples, and each one not run says why", () => {
    expect(consoleBlocks.filter((b) => !b.notRun).length).toBeGreaterThan(1);
  });

  for (const block of consoleBlocks.filter((b) => !b.notRun)) {
    test(`${block.where}: the output shown is what the command prints`, () => {
      const starts = block.lines.flatMap((line, k) => (line.startsWith("$ enginekit ") ? [k] : []));
      expect(starts.length, "a console block holds `$ enginekit …` lines").toBeGreaterThan(0);
      for (const [n, k] of starts.entries()) {
        const args = block.lines[k]!.slice("$ enginekit ".length)
          .replace(/\s+#.*$/, "")
          .trim()
          .split(/\s+/);
        const documented = block.lines.slice(k + 1, starts[n + 1] ?? block.lines.length);
        const r = run(args);
        const actual = `${r.stdout}${r.stderr}`.trimEnd().split("\n");
        expect(matches(documented, actual), `${block.lines[k]}\n--- printed:\n${actual.join("\n")}`).toBe(
          true,
        );
      }
    });
  }
});
