import type { EnginefileDocument, Instruction, RunInstruction } from "@enginekit/enginefile";
import type { Range } from "../model/finding.js";
import type { AnalyzedEnginefile } from "./analysis.js";

/** One word of a shell command: its text with quotes removed, where it is, and whether it uses `$`. */
export interface ShellWord {
  text: string;
  range: Range;
  dynamic: boolean;
}

/** A simple command (`apt-get install -y curl`) between `&&`, `||`, `;`, `|` or a line break. */
export interface ShellCommand {
  words: ShellWord[];
  /** The command name with `sudo`/`env` prefixes and `NAME=value` assignments skipped (basename). */
  name: string | undefined;
  /** Index in `words` of the command name. */
  nameIndex: number;
  /** True when the command was preceded by `sudo` (the `sudo` word itself is `words[nameIndex - 1]`). */
  sudo: boolean;
}

const OPERATOR_CHARS = new Set(["&", "|", ";", "(", ")", "{", "}"]);

/**
 * ASCII characters that {@link scan} must look at one by one inside a word: blanks, line ends,
 * quotes, `\` and `` ` `` (escapes, continuations, command substitution) and the operator characters.
 * `$` only marks the word dynamic; `#` is literal inside a word.
 */
const ENDS_RUN = new Uint8Array(128);
for (const c of " \t\n\r'\"\\`&|;(){}") ENDS_RUN[c.charCodeAt(0)] = 1;

/**
 * Splits the shell code of a RUN instruction into simple commands with exact word ranges. Shell form:
 * the source text after the flags (continuations and the comment lines inside them skipped) and any
 * heredoc bodies; exec form: the JSON elements as the words of one command. A lightweight lexer, not a
 * shell: quotes and escapes group words, `$…` marks a word dynamic; enough for the package-manager and
 * command rules, which skip dynamic words.
 */
export function shellCommands(file: AnalyzedEnginefile, instruction: Instruction): ShellCommand[] {
  const form = "form" in instruction ? instruction.form : "shell";
  if (form === "exec") {
    const words = instruction.args.map((a) => ({
      text: a.value,
      range: a.range,
      dynamic: a.value.includes("$"),
    }));
    return words.length > 0 ? [command(words)] : [];
  }
  const sink = new CommandCollector(file);
  scanShellCode(file, instruction, sink);
  return sink.commands;
}

/** The shell code of a shell-form RUN: its arguments text (continuations joined) and its heredoc bodies. */
function scanShellCode(file: AnalyzedEnginefile, instruction: Instruction, sink: WordSink): void {
  const r = instruction.argumentsRange;
  scan(file.text, r.start.offset, r.end.offset, file.doc.escapeCharacter, true, sink);
  for (const h of instruction.heredocs) {
    scan(file.text, h.bodyRange.start.offset, h.bodyRange.end.offset, "\\", false, sink);
  }
}

/** Where {@link scan} sends what it finds: each word (unquoted text and source offsets), then each command end. */
interface WordSink {
  word(text: string, start: number, end: number, dynamic: boolean): void;
  endCommand(): void;
}

/** Collects the simple commands with all their words. */
class CommandCollector implements WordSink {
  readonly commands: ShellCommand[] = [];
  private words: ShellWord[] = [];
  constructor(private readonly file: AnalyzedEnginefile) {}
  word(text: string, start: number, end: number, dynamic: boolean): void {
    this.words.push(new ScannedWord(text, start, end, dynamic, this.file));
  }
  endCommand(): void {
    if (this.words.length === 0) return;
    this.commands.push(command(this.words));
    this.words = [];
  }
}

/** Records only each command's head (name and sudo), keeping no words: what the call index needs. */
class HeadCollector implements WordSink {
  private head = new CommandHead();
  private empty = true;
  constructor(private readonly found: (head: CommandHead) => void) {}
  word(text: string, _start: number, _end: number, dynamic: boolean): void {
    this.empty = false;
    this.head.add(text, dynamic);
  }
  endCommand(): void {
    if (!this.empty) this.found(this.head);
    this.head = new CommandHead();
    this.empty = true;
  }
}

/** A word found by {@link scan}: its range is computed on first read (most words are never reported). */
class ScannedWord implements ShellWord {
  private located: Range | undefined;
  constructor(
    readonly text: string,
    private readonly start: number,
    private readonly end: number,
    readonly dynamic: boolean,
    private readonly file: AnalyzedEnginefile,
  ) {}
  get range(): Range {
    this.located ??= this.file.lines.range(this.start, this.end);
    return this.located;
  }
}

function scan(
  text: string,
  start: number,
  end: number,
  escapeCharacter: string,
  continuationLines: boolean,
  sink: WordSink,
): void {
  // the current word is `word` (its quoted and escaped parts, already unquoted) + text[pieceStart, at)
  let word = "";
  let wordStart = -1;
  let pieceStart = -1;
  let dynamic = false;
  let lineStart = true;
  const flushWord = (at: number) => {
    if (wordStart >= 0)
      sink.word(pieceStart < at ? word + text.slice(pieceStart, at) : word, wordStart, at, dynamic);
    word = "";
    wordStart = -1;
    dynamic = false;
  };
  const flushCommand = (at: number) => {
    flushWord(at);
    sink.endCommand();
  };
  let i = start;
  while (i < end) {
    const c = text[i]!;
    if (lineStart && continuationLines) {
      // a comment line inside a continuation is removed by the parser
      let j = i;
      while (j < end && (text[j] === " " || text[j] === "\t")) j++;
      if (text[j] === "#") {
        while (j < end && text[j] !== "\n" && text[j] !== "\r") j++;
        i = j;
        continue;
      }
    }
    lineStart = false;
    if (c === escapeCharacter && (text[i + 1] === "\n" || text[i + 1] === "\r")) {
      // line continuation: joins lines
      flushWord(i);
      i += text[i + 1] === "\r" && text[i + 2] === "\n" ? 3 : 2;
      lineStart = true;
      continue;
    }
    if (c === "\n" || c === "\r") {
      if (continuationLines) flushWord(i);
      else flushCommand(i);
      i++;
      lineStart = true;
      continue;
    }
    if (c === " " || c === "\t") {
      flushWord(i);
      i++;
      continue;
    }
    if (c === "#" && wordStart < 0 && !continuationLines) {
      while (i < end && text[i] !== "\n") i++;
      continue;
    }
    if (OPERATOR_CHARS.has(c) && !(c === "{" && text[i + 1] !== " ")) {
      flushCommand(i);
      i++;
      continue;
    }
    if (wordStart < 0) {
      wordStart = i;
      pieceStart = i;
    }
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      const stop = close < 0 || close >= end ? end : close;
      const inner = text.slice(i + 1, stop);
      if (c === '"' && inner.includes("$")) dynamic = true;
      word += text.slice(pieceStart, i) + inner;
      i = stop + 1;
      pieceStart = i;
      continue;
    }
    if (c === "\\" && i + 1 < end) {
      word += text.slice(pieceStart, i) + text[i + 1];
      i += 2;
      pieceStart = i;
      continue;
    }
    if (c === "$" || c === "`") dynamic = true;
    i++;
    // the rest of a run of ordinary characters, which the steps above would only add to the word
    for (let k = text.charCodeAt(i); i < end && !(k < 128 && ENDS_RUN[k] === 1); k = text.charCodeAt(++i)) {
      if (k === 36) dynamic = true;
    }
  }
  flushCommand(Math.min(i, end));
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * Reads the head of a simple command word by word: `NAME=value` assignments, `sudo` (and the options
 * after it) and `env`/`exec`/`command`/`nohup` are skipped; the next word is the command (its basename,
 * undefined when it uses `$`).
 */
class CommandHead {
  /** Index of the command name among the words (the number of words when there is none). */
  nameIndex = 0;
  sudo = false;
  name: string | undefined;
  private done = false;
  private afterSudo = false;

  /** Reads the next word; false once the name is known (later words do not change the head). */
  add(text: string, dynamic: boolean): boolean {
    if (this.done) return false;
    if (this.afterSudo && text.startsWith("-")) {
      this.nameIndex++;
      return true;
    }
    this.afterSudo = false;
    if (ASSIGNMENT.test(text)) this.nameIndex++;
    else if (text === "sudo") {
      this.sudo = true;
      this.afterSudo = true;
      this.nameIndex++;
    } else if (text === "env" || text === "exec" || text === "command" || text === "nohup") this.nameIndex++;
    else {
      this.done = true;
      this.name = dynamic ? undefined : text.slice(text.lastIndexOf("/") + 1);
      return false;
    }
    return true;
  }
}

function command(words: ShellWord[]): ShellCommand {
  const head = new CommandHead();
  for (const w of words) if (!head.add(w.text, w.dynamic)) break;
  return { words, name: head.name, nameIndex: head.nameIndex, sudo: head.sudo };
}

/** The words after the command name. */
export function argumentsOf(cmd: ShellCommand): ShellWord[] {
  return cmd.words.slice(cmd.nameIndex + 1);
}

/** True when one of `cmd`'s arguments is exactly one of `options` (also inside combined short flags for single letters, e.g. `-qy`). */
export function hasOption(cmd: ShellCommand, ...options: string[]): boolean {
  for (const w of argumentsOf(cmd)) {
    if (options.includes(w.text)) return true;
    if (/^-[A-Za-z]{2,}$/.test(w.text)) {
      for (const o of options) if (/^-[A-Za-z]$/.test(o) && w.text.includes(o[1]!)) return true;
    }
    if (options.some((o) => o.startsWith("--") && w.text.startsWith(`${o}=`))) return true;
  }
  return false;
}

/** The first non-option argument (the subcommand, e.g. `install`), if any. */
export function subcommand(cmd: ShellCommand): ShellWord | undefined {
  return argumentsOf(cmd).find((w) => !w.text.startsWith("-"));
}

/** A RUN instruction and the simple commands of its shell code. */
export interface RunCommands {
  instruction: RunInstruction;
  commands: ShellCommand[];
}

/**
 * What the rules ask about the RUNs of one parsed document: every RUN (ONBUILD RUN triggers included)
 * in source order, which RUNs call which command names and which use sudo. Only the names are kept:
 * the words of a RUN's commands are scanned again (and then kept) when a rule reads that RUN, so a
 * file's thousands of `RUN echo …` cost one short-lived scan each and no memory.
 */
interface CallIndex {
  runs: RunInstruction[];
  byName: Map<string, RunInstruction[]>;
  withSudo: RunInstruction[];
  commands: Map<RunInstruction, RunCommands>;
}

const callIndexes = new WeakMap<EnginefileDocument, CallIndex>();
const NO_RUNS: readonly RunCommands[] = Object.freeze([]);

function callIndexOf(file: AnalyzedEnginefile): CallIndex {
  let index = callIndexes.get(file.doc);
  if (index) return index;
  index = { runs: [], byName: new Map(), withSudo: [], commands: new Map() };
  for (const ins of file.doc.instructions) {
    const run = ins.kind === "onbuild" ? ins.trigger : ins;
    if (run?.kind !== "run") continue;
    index.runs.push(run);
    const { byName, withSudo } = index;
    const record = (c: { name: string | undefined; sudo: boolean }) => {
      if (c.sudo && withSudo[withSudo.length - 1] !== run) withSudo.push(run);
      if (c.name === undefined) return;
      const list = byName.get(c.name);
      if (!list) byName.set(c.name, [run]);
      else if (list[list.length - 1] !== run) list.push(run);
    };
    if (run.form === "exec") for (const c of shellCommands(file, run)) record(c);
    else scanShellCode(file, run, new HeadCollector(record));
  }
  callIndexes.set(file.doc, index);
  return index;
}

/** `run` with its shell commands, scanned on first request and kept for the document. */
function commandsOf(file: AnalyzedEnginefile, index: CallIndex, run: RunInstruction): RunCommands {
  let found = index.commands.get(run);
  if (!found) {
    found = { instruction: run, commands: shellCommands(file, run) };
    index.commands.set(run, found);
  }
  return found;
}

/** All RUN instructions of the file, including ONBUILD RUN triggers, with their shell commands (computed once per parsed document). */
export function runCommands(file: AnalyzedEnginefile): RunCommands[] {
  const index = callIndexOf(file);
  return index.runs.map((run) => commandsOf(file, index, run));
}

/**
 * The RUN instructions (ONBUILD RUN triggers included, in source order) with a simple command named
 * one of `names` (the {@link ShellCommand} `name`: basename, `sudo`/`env` prefixes skipped), with their
 * commands. A rule about a tool (`apk`, `pip`, `curl`) reads only the RUNs that call it.
 */
export function runsCalling(file: AnalyzedEnginefile, names: readonly string[]): readonly RunCommands[] {
  const index = callIndexOf(file);
  let runs: readonly RunInstruction[];
  if (names.length === 1) runs = index.byName.get(names[0] ?? "") ?? [];
  else {
    const found = new Set<RunInstruction>();
    for (const name of names) for (const run of index.byName.get(name) ?? []) found.add(run);
    runs = found.size === 0 ? [] : index.runs.filter((run) => found.has(run));
  }
  return runs.length === 0 ? NO_RUNS : runs.map((run) => commandsOf(file, index, run));
}

/** The RUN instructions with a command run through `sudo`, with their commands (source order). */
export function runsWithSudo(file: AnalyzedEnginefile): readonly RunCommands[] {
  const index = callIndexOf(file);
  return index.withSudo.length === 0 ? NO_RUNS : index.withSudo.map((run) => commandsOf(file, index, run));
}
