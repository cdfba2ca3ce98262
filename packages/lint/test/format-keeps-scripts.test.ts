/**
 * `format` (of @enginekit/enginefile) over every real-world file of the corpus, with the default
 * 4-space indentation and with tabs: the formatted file parses to the same instructions with the same
 * words (the reference dump, blanks aside), every shell-form RUN/CMD/ENTRYPOINT/HEALTHCHECK sh script
 * (joined as BuildKit joins it: `instructionScript`) parses with unbash to the same shell AST (positions
 * aside), formatting twice changes nothing, and the script keeps its structure: a continuation line
 * indented deeper, the same or less than the one before it stays so (issue 30: nested if/then/fi and loops of docker-library's
 * postgres Dockerfile were flattened to one level). Lives here because the shell AST is the linter's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { dump, format, type Instruction, parse } from "@enginekit/enginefile";
import { parse as parseShell } from "unbash";
import { describe, expect, test } from "vitest";
import { instructionScript } from "../src/enginefile/shell/script-source.js";

const corpusDir = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "..",
  "corpus",
  "enginefiles",
  "files",
);
const files = readdirSync(corpusDir)
  .sort()
  .map((name) => ({ name, text: readFileSync(join(corpusDir, name), "utf8") }));

/**
 * The reference dump with blank runs collapsed (the dump writes a tab as `\t`): the instructions and their
 * words. The reference keeps a shell continuation line's leading blanks in the command string, which
 * formatting changes outside quotes; the shell AST below shows they only separate words.
 */
function words(text: string): string {
  return dump(parse(text)).replace(/(?:[ \t]|(?<!\\)\\t)+/g, " ");
}

/** The command of a shell-form instruction (ONBUILD's trigger too), or undefined. */
function shellCommand(ins: Instruction): Instruction | undefined {
  const command = ins.kind === "onbuild" ? ins.trigger : ins;
  if (!command) return undefined;
  const shellKinds = ["run", "cmd", "entrypoint", "healthcheck"];
  return shellKinds.includes(command.kind) && "form" in command && command.form === "shell"
    ? command
    : undefined;
}

/** unbash's offsets into the script (`pos`, `end`, `parameterPos`, …): they move when blanks change. */
const POSITION_KEY = /^(pos|end)$|(Pos|End)$/;

/** POSIX shells (a SHELL instruction naming another, PowerShell or cmd, makes the scripts not sh). */
const POSIX_SHELL = /(^|[/\\])(sh|bash|ash|dash|ksh|zsh)$/;

/**
 * Every sh script of a file as unbash's AST, without source positions; scripts run by another shell
 * (after `SHELL ["powershell", …]` in the stage) are left out, their blanks are not sh's.
 */
function shellTrees(text: string): string[] {
  const doc = parse(text);
  let posix = true;
  return doc.instructions.flatMap((ins) => {
    if (ins.kind === "from") posix = true;
    if (ins.kind === "shell") posix = POSIX_SHELL.test(ins.args[0]?.value ?? "");
    const command = shellCommand(ins);
    if (!command || !posix) return [];
    const script = instructionScript(text, command, doc.escapeCharacter).text;
    return [JSON.stringify(parseShell(script), (key, value) => (POSITION_KEY.test(key) ? undefined : value))];
  });
}

/**
 * For each shell instruction, the direction from each continuation line's indentation to the next one's
 * (-1 shallower, 0 same, 1 deeper; tabs to 8 columns), over lines that start outside shell quotes
 * (inside quotes blanks are the string's and are never changed). Comment and blank lines are skipped.
 */
function structure(text: string): number[][] {
  const doc = parse(text);
  const lines = text.split("\n");
  const width = (line: string) => {
    let column = 0;
    for (const c of line) {
      if (c === "\t") column += 8 - (column % 8);
      else if (c === " ") column++;
      else break;
    }
    return column;
  };
  return doc.instructions.flatMap((ins) => {
    const command = shellCommand(ins);
    if (!command) return [];
    const last =
      command.heredocs.length > 0
        ? (command.heredocs[0]?.bodyRange.start.line ?? 1) - 1
        : command.range.end.line;
    let quote = "";
    const widths: number[] = [];
    for (let l = command.argumentsRange.start.line; l <= last; l++) {
      const line = (lines[l] ?? "").replace(/\r$/, "");
      const trimmed = line.trimStart();
      if (l > command.argumentsRange.start.line) {
        if (trimmed === "" || trimmed.startsWith("#")) continue;
        if (quote === "") widths.push(width(line));
      }
      const from = l === command.argumentsRange.start.line ? command.argumentsRange.start.character : 0;
      for (let k = from; k < line.length; k++) {
        const c = line[k];
        if (quote === "'") {
          if (c === "'") quote = "";
        } else if (c === doc.escapeCharacter) k++;
        else if (quote === '"') {
          if (c === '"') quote = "";
        } else if (c === "'" || c === '"') quote = c;
      }
    }
    return [widths.slice(1).map((w, i) => Math.sign(w - (widths[i] ?? 0)))];
  });
}

describe("format keeps every script of the corpus", () => {
  for (const indent of ["    ", "\t"]) {
    test(`same instructions, same shell AST, same structure, idempotent (indent ${JSON.stringify(indent)})`, () => {
      expect(files.length).toBeGreaterThan(200);
      for (const { name, text } of files) {
        const formatted = format(text, { continuationIndent: indent });
        expect(words(formatted), name).toBe(words(text));
        expect(shellTrees(formatted), name).toEqual(shellTrees(text));
        expect(structure(formatted), name).toEqual(structure(text));
        expect(format(formatted, { continuationIndent: indent }), name).toBe(formatted);
      }
    }, 60_000);
  }
});
