/**
 * The per-document index the shell rules query: every RUN (ONBUILD RUN triggers included) in source
 * order and, parsed on first request and kept for the document, its simple commands. A rule about a
 * tool (`apk`, `pip`) asks only for the RUNs whose source mentions the tool's name, so RUNs that cannot
 * call it are never parsed. A RUN under a `SHELL` that is not a POSIX shell or bash (PowerShell, cmd),
 * or under a Windows base image's default `cmd`, has no commands: its code is not shell code.
 */

import type { Instruction, RunInstruction, Stage } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "../analysis.js";
import { DocumentCache } from "../document-cache.js";
import { instructionsOfKind } from "../instructions.js";
import { parentStage } from "../stage-parents.js";
import { fromWindows, WINDOWS_SHELL } from "../windows-images.js";
import { instructionScript, ScriptSource } from "./script-source.js";
import type { RunCommands, ShellCommand } from "./shell-command.js";
import { commandHead, SHELLS, simpleCommands } from "./simple-commands.js";

interface CommandIndex {
  runs: readonly RunInstruction[];
  commands: Map<RunInstruction, RunCommands>;
  shells: Map<RunInstruction, readonly string[]>;
  /**
   * For each name test and for `|`: which RUNs (by position in `runs`) have a matching word (1) or not
   * (0). Exact names are answered from {@link CommandIndex.words} directly.
   */
  withWord: Map<"|" | NameTest, Uint8Array>;
  /** All zeros: the answer for a name no RUN has (made on first need). */
  none?: Uint8Array;
  /**
   * The words of the RUNs' source that start with a name or prefix asked about so far ({@link known}),
   * each with the RUNs that have it; read with the expression of {@link known} at `wordsVersion`.
   */
  words: Map<string, Uint8Array>;
  wordsVersion: number;
}

const indexes = new DocumentCache<CommandIndex>("commandIndex");
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
      wordsVersion: -1,
    };
    indexes.set(file.doc, index);
  }
  return index;
}

/**
 * The shell in force for each RUN that does not run under the default `/bin/sh -c` (RUNs under it are
 * absent), as its JSON elements: the stage's last `SHELL`, else the shell the stage it is built FROM
 * ended with, else `cmd /S /C` on a Windows base ({@link fromWindows}). ONBUILD RUN triggers get the
 * shell in force where they are written.
 */
function shellsOf(file: AnalyzedEnginefile): Map<RunInstruction, readonly string[]> {
  const shells = new Map<RunInstruction, readonly string[]>();
  const stages = file.doc.stages;
  if (instructionsOfKind(file, "shell").length === 0 && !stages.some((s) => fromWindows(file, s)))
    return shells;
  const endShells = new Map<Stage, readonly string[] | undefined>();
  for (const stage of stages) {
    const parent = parentStage(file, stage);
    let current = parent ? endShells.get(parent) : fromWindows(file, stage) ? WINDOWS_SHELL : undefined;
    for (const ins of stage.instructions) {
      if (ins.kind === "shell" && ins.form === "exec") current = ins.args.map((a) => a.value);
      const run = ins.kind === "onbuild" ? ins.trigger : ins;
      if (run?.kind === "run" && current) shells.set(run, current);
    }
    endShells.set(stage, current);
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
 * A test of command names (`pip`, `pip3`, `pip3.12`) for {@link CommandNames}: every name it accepts starts
 * with one of `prefixes`, which is how the RUNs that may call one are found without reading every word.
 */
export interface NameTest {
  test(name: string): boolean;
  readonly prefixes: readonly string[];
}

/**
 * Command names a rule asks for: a list of exact names (made of name characters — `A-Z a-z 0-9 _ . + - [ ]`
 * — or `|` for a pipe), or a {@link NameTest}. The RUNs worth parsing are those whose source has a
 * matching word.
 */
export type CommandNames = readonly string[] | NameTest;

/** True when `name` is one of `names`. */
export function isNamed(name: string | undefined, names: CommandNames): boolean {
  if (name === undefined) return false;
  return "test" in names ? names.test(name) : (names as readonly string[]).includes(name);
}

/** Name characters (`A-Z a-z 0-9 _ . + - [ ]`), as a regular expression class body. */
const NAME_CHARACTERS = "A-Za-z0-9_.+\\-[\\]";
const WORD_SHAPED = new RegExp(`^[${NAME_CHARACTERS}]+$`);

/**
 * Every command name and name prefix the rules have asked about in this process, and one expression
 * finding the words that start with any of them: a word of a RUN's source is a longest run of name
 * characters (anything else separates words, `/` included: `/usr/bin/apk` has the word `apk`). The
 * rules ask about some forty names; one scan per document with the union, in the regular-expression
 * engine (compiled code from the first call), measured 2-3x cheaper than a set of every RUN's words or
 * a search per name, and allocates only the words that matter. A name asked for the first time grows
 * the union (`version`), and a document scanned with an older one is scanned again.
 */
const known = { names: new Set<string>(), version: 0, words: /(?!)/g };

function escapeForRegExp(name: string): string {
  return name.replace(/[.+\-[\]\\^$*?()|{}/]/g, "\\$&");
}

/** Adds `names` (name-shaped ones; `|` is looked up apart) to {@link known}. */
function learn(names: readonly string[]): void {
  let grown = false;
  for (const n of names)
    if (!known.names.has(n) && WORD_SHAPED.test(n)) {
      known.names.add(n);
      grown = true;
    }
  if (!grown) return;
  const alternatives = [...known.names].map(escapeForRegExp).join("|");
  known.words = new RegExp(`(?<![${NAME_CHARACTERS}])(?:${alternatives})[${NAME_CHARACTERS}]*`, "g");
  known.version++;
}

/** The index's {@link CommandIndex.words}, scanned again when {@link known} has grown since. */
function wordsOf(file: AnalyzedEnginefile, index: CommandIndex): Map<string, Uint8Array> {
  if (index.wordsVersion === known.version) return index.words;
  const words = new Map<string, Uint8Array>();
  const { runs } = index;
  if (runs.length > 0) {
    const text = file.text;
    const last = runs[runs.length - 1]!.range.end.offset;
    const re = known.words;
    re.lastIndex = runs[0]!.range.start.offset;
    let r = 0;
    for (let m = re.exec(text); m !== null && m.index < last; m = re.exec(text)) {
      const p = m.index;
      while ((runs[r]?.range.end.offset ?? last) <= p) r++;
      const { start, end } = runs[r]!.range;
      if (p < start.offset) continue;
      // a word ends at its RUN's end at the latest
      const word = p + m[0].length <= end.offset ? m[0] : text.slice(p, end.offset);
      let hits = words.get(word);
      if (!hits) words.set(word, (hits = new Uint8Array(runs.length)));
      hits[r] = 1;
    }
  }
  index.words = words;
  index.wordsVersion = known.version;
  return words;
}

/** Which RUNs have a `|` (each `|` is a word of its own). */
function runsWithPipe(text: string, runs: readonly RunInstruction[], hits: Uint8Array): void {
  if (runs.length === 0) return;
  const last = runs[runs.length - 1]!.range.end.offset;
  let r = 0;
  for (let p = text.indexOf("|", runs[0]!.range.start.offset); p >= 0 && p < last; ) {
    while ((runs[r]?.range.end.offset ?? last) <= p) r++;
    const { start, end } = runs[r]!.range;
    if (p >= start.offset) hits[r] = 1;
    p = text.indexOf("|", p >= start.offset ? end.offset : p + 1);
  }
}

/**
 * Which RUNs have `name` as a word: an exact name is read from the document's word scan, a test or `|` is
 * worked out once per document and kept.
 */
function runsWithWord(file: AnalyzedEnginefile, index: CommandIndex, name: string | NameTest): Uint8Array {
  if (typeof name === "string" && name !== "|") {
    // the scan's own entry: no copy, and one shared "none" for the names no RUN has
    if (!known.names.has(name)) learn([name]);
    return wordsOf(file, index).get(name) ?? (index.none ??= new Uint8Array(index.runs.length));
  }
  let hits = index.withWord.get(name);
  if (hits) return hits;
  if (name === "|") runsWithPipe(file.text, index.runs, (hits = new Uint8Array(index.runs.length)));
  else {
    learn(name.prefixes);
    hits = new Uint8Array(index.runs.length);
    for (const [word, runs] of wordsOf(file, index))
      if (name.prefixes.some((p) => word.startsWith(p)) && name.test(word))
        for (let i = 0; i < runs.length; i++) hits[i]! |= runs[i]!;
  }
  index.withWord.set(name, hits);
  return hits;
}

/**
 * True when RUN number `at` of the index has one of `names` as a word (a command is called by its name,
 * so a RUN without the word cannot call it; quoting tricks such as `ap"t"-get` are not followed), by
 * {@link runsWithWord}.
 */
function mentions(file: AnalyzedEnginefile, index: CommandIndex, at: number, names: CommandNames): boolean {
  if ("test" in names) return runsWithWord(file, index, names as NameTest)[at] === 1;
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
export function runsMentioning(file: AnalyzedEnginefile, needles: CommandNames): readonly RunCommands[] {
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
