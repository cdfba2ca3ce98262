/**
 * The per-document index the shell rules query: every RUN (ONBUILD RUN triggers included) in source
 * order and, parsed on first request and kept for the document, its simple commands. A rule about a
 * tool (`apk`, `pip`) asks only for the RUNs whose source mentions the tool's name, so RUNs that cannot
 * call it are never parsed. A RUN under a `SHELL` that is not a POSIX shell or bash (PowerShell, cmd)
 * has no commands: its code is not shell code.
 */

import type { EnginefileDocument, Instruction, RunInstruction } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "../analysis.js";
import { instructionsOfKind } from "../instructions.js";
import { instructionScript, ScriptSource } from "./script-source.js";
import type { RunCommands, ShellCommand } from "./shell-command.js";
import { commandHead, SHELLS, simpleCommands } from "./simple-commands.js";

interface CommandIndex {
  runs: readonly RunInstruction[];
  commands: Map<RunInstruction, RunCommands>;
  shells: Map<RunInstruction, readonly string[]>;
  /** For each name a rule asked about: which RUNs (by position in `runs`) have it as a word (1) or not (0). */
  withWord: Map<string, Uint8Array>;
  /** Each RUN's words (runs of name characters, path parts split off), for names given as a test. */
  words: Map<RunInstruction, ReadonlySet<string>>;
}

const indexes = new WeakMap<EnginefileDocument, CommandIndex>();
const NO_RUNS: readonly RunCommands[] = Object.freeze([]);

function indexOf(file: AnalyzedEnginefile): CommandIndex {
  let index = indexes.get(file.doc);
  if (!index) {
    index = {
      runs: instructionsOfKind(file, "run"),
      commands: new Map(),
      shells: shellsOf(file),
      withWord: new Map(),
      words: new Map(),
    };
    indexes.set(file.doc, index);
  }
  return index;
}

/**
 * The `SHELL` in force for each RUN that follows a `SHELL` in its stage (RUNs under the default
 * `/bin/sh -c` are absent), as its JSON elements.
 */
function shellsOf(file: AnalyzedEnginefile): Map<RunInstruction, readonly string[]> {
  const shells = new Map<RunInstruction, readonly string[]>();
  if (instructionsOfKind(file, "shell").length === 0) return shells;
  let current: readonly string[] | undefined;
  for (const ins of file.doc.instructions) {
    if (ins.kind === "from") current = undefined;
    else if (ins.kind === "shell" && ins.form === "exec") current = ins.args.map((a) => a.value);
    const run = ins.kind === "onbuild" ? ins.trigger : ins;
    if (run?.kind === "run" && current) shells.set(run, current);
  }
  return shells;
}

/** The `SHELL` a RUN runs under (`["/bin/sh", "-c"]` by default), as its JSON elements. */
export function shellOf(file: AnalyzedEnginefile, run: RunInstruction): readonly string[] {
  return indexOf(file).shells.get(run) ?? DEFAULT_SHELL;
}

const DEFAULT_SHELL: readonly string[] = Object.freeze(["/bin/sh", "-c"]);

/** The program name of a SHELL's first element (`/bin/bash` → `bash`, `powershell.exe` → `powershell`). */
export function shellName(shell: readonly string[]): string {
  const program = shell[0] ?? "";
  return program
    .slice(Math.max(program.lastIndexOf("/"), program.lastIndexOf("\\")) + 1)
    .replace(/\.exe$/i, "")
    .toLowerCase();
}

/** The RUN's commands (shell form parsed; exec form one command, with `sh -c` scripts read). */
function readRun(file: AnalyzedEnginefile, index: CommandIndex, run: RunInstruction): ShellCommand[] {
  if (run.form === "exec") return execCommands(file, run);
  const shell = index.shells.get(run);
  if (shell && !SHELLS.has(shellName(shell))) return [];
  return simpleCommands(instructionScript(file.text, run, file.doc.escapeCharacter), file.lines);
}

/** An exec-form RUN: one command of its JSON elements; `["sh", "-c", "…"]` is read as the script. */
function execCommands(file: AnalyzedEnginefile, run: Instruction): ShellCommand[] {
  const words = run.args.map((a) => ({ text: a.value, range: a.range, dynamic: false }));
  if (words.length === 0) return [];
  const head = commandHead(words);
  const script = words[head.nameIndex + 2];
  if (head.name && SHELLS.has(head.name) && words[head.nameIndex + 1]?.text === "-c" && script) {
    const { start, end } = script.range;
    // a JSON string maps one to one when it has no escapes
    const exact = end.offset - start.offset === script.text.length + 2;
    const source = new ScriptSource(
      script.text,
      [0],
      [start.offset + (exact ? 1 : 0)],
      [exact ? script.text.length : 0],
    );
    return [{ words, ...head, piped: false }, ...simpleCommands(source, file.lines)];
  }
  return [{ words, ...head, piped: false }];
}

function commandsOf(file: AnalyzedEnginefile, index: CommandIndex, run: RunInstruction): RunCommands {
  let found = index.commands.get(run);
  if (!found) {
    found = { instruction: run, commands: readRun(file, index, run) };
    index.commands.set(run, found);
  }
  return found;
}

/** All RUN instructions of the file, including ONBUILD RUN triggers, with their shell commands (computed once per parsed document). */
export function runCommands(file: AnalyzedEnginefile): RunCommands[] {
  const index = indexOf(file);
  return index.runs.map((run) => commandsOf(file, index, run));
}

/**
 * Command names a rule asks for: a list of exact names (made of name characters — `A-Z a-z 0-9 _ . + - [ ]`
 * — or `|` for a pipe), or a test of a name (`pip`, `pip3`, `pip3.12`). The RUNs worth parsing are those
 * whose source has a matching word.
 */
export type CommandNames = readonly string[] | { test(name: string): boolean };

/** True when `name` is one of `names`. */
export function isNamed(name: string | undefined, names: CommandNames): boolean {
  if (name === undefined) return false;
  return "test" in names ? names.test(name) : (names as readonly string[]).includes(name);
}

/** Characters of command names (`apt-get`, `pip3.12`, `[`); anything else separates words, `/` included. */
const NAME_RUN = /[A-Za-z0-9_.+\-[\]]+|\|/g;

/** Which RUNs have `name` as a word (looked up in the RUN's words), found once per document and name. */
function runsWithWord(file: AnalyzedEnginefile, index: CommandIndex, name: string): Uint8Array {
  let hits = index.withWord.get(name);
  if (hits) return hits;
  hits = new Uint8Array(index.runs.length);
  for (let i = 0; i < index.runs.length; i++) if (wordsOf(file, index, index.runs[i]!).has(name)) hits[i] = 1;
  index.withWord.set(name, hits);
  return hits;
}

/** The words of a RUN's source text: what a command name of the RUN must be one of (`|` stands for a pipe). */
function wordsOf(file: AnalyzedEnginefile, index: CommandIndex, run: RunInstruction): ReadonlySet<string> {
  let words = index.words.get(run);
  if (!words) {
    words = new Set(file.text.slice(run.range.start.offset, run.range.end.offset).match(NAME_RUN));
    index.words.set(run, words);
  }
  return words;
}

/**
 * True when RUN number `at` of the index has one of `names` as a word (a command is called by its name,
 * so a RUN without the word cannot call it; quoting tricks such as `ap"t"-get` are not followed). Exact
 * names are looked up once per document ({@link runsWithWord}); a test runs over the RUN's words.
 */
function mentions(file: AnalyzedEnginefile, index: CommandIndex, at: number, names: CommandNames): boolean {
  if ("test" in names) {
    for (const w of wordsOf(file, index, index.runs[at]!)) if (names.test(w)) return true;
    return false;
  }
  for (const n of names as readonly string[]) if (runsWithWord(file, index, n)[at] === 1) return true;
  return false;
}

/**
 * The RUN instructions (ONBUILD RUN triggers included, in source order) with a simple command named
 * one of `names` (the {@link ShellCommand} `name`: basename, `sudo`/`env` prefixes skipped), with their
 * commands. A rule about a tool (`apk`, `pip`, `curl`) reads only the RUNs that call it.
 */
export function runsCalling(file: AnalyzedEnginefile, names: CommandNames): readonly RunCommands[] {
  const index = indexOf(file);
  let out: RunCommands[] | undefined;
  for (let i = 0; i < index.runs.length; i++) {
    if (!mentions(file, index, i, names)) continue;
    const found = commandsOf(file, index, index.runs[i]!);
    if (found.commands.some((c) => isNamed(c.name, names))) (out ??= []).push(found);
  }
  return out ?? NO_RUNS;
}

/** The RUN instructions whose source has one of `needles` as a word (`|` for a pipe), with their commands (source order). */
export function runsMentioning(file: AnalyzedEnginefile, needles: readonly string[]): readonly RunCommands[] {
  const index = indexOf(file);
  let out: RunCommands[] | undefined;
  for (let i = 0; i < index.runs.length; i++)
    if (mentions(file, index, i, needles)) (out ??= []).push(commandsOf(file, index, index.runs[i]!));
  return out ?? NO_RUNS;
}

/** One RUN's commands (parsed on first request, kept for the document). */
export function commandsOfRun(file: AnalyzedEnginefile, run: RunInstruction): ShellCommand[] {
  return commandsOf(file, indexOf(file), run).commands;
}

/** The RUN instructions with a command run through `sudo`, with their commands (source order). */
export function runsWithSudo(file: AnalyzedEnginefile): readonly RunCommands[] {
  const index = indexOf(file);
  let out: RunCommands[] | undefined;
  for (let i = 0; i < index.runs.length; i++) {
    if (!mentions(file, index, i, SUDO)) continue;
    const found = commandsOf(file, index, index.runs[i]!);
    if (found.commands.some((c) => c.sudo)) (out ??= []).push(found);
  }
  return out ?? NO_RUNS;
}

const SUDO = ["sudo"];
