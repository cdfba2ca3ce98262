/**
 * Reads a RUN's shell code into simple commands through unbash, a maintained POSIX/bash parser (chosen
 * over mvdan-sh, bash-parser, sh-syntax and tree-sitter-bash: pure synchronous JavaScript, ~10× faster
 * than mvdan-sh's GopherJS build on the corpus's 867 shell-form RUNs and the same 27 parse errors, all
 * PowerShell or broken files; docs/rules.md "Shell code"). The AST's offsets are script offsets; a
 * {@link ScriptSource} maps them back to the Enginefile.
 *
 * What runs: every simple command of lists, pipelines, subshells, groups, compound commands, function
 * bodies and command/process substitutions; the script of `sh -c '…'` (any POSIX shell or bash);
 * the body of a heredoc given to a shell (`RUN bash <<EOF`) or to no command at all (`RUN <<EOF`: BuildKit
 * runs the body as the script, unless its `#!` names something other than a shell).
 */

import type { LineIndex } from "@enginekit/text";
import {
  type Assignment,
  type Command,
  forEachChild,
  type ParsedScript,
  parse,
  parseRegion,
  type SyntaxNode,
  type Word,
  type WordPart,
} from "unbash";
import type { Range } from "../../model/finding.js";
import { nestedScript, type ScriptSource } from "./script-source.js";
import type { ShellCommand, ShellWord } from "./shell-command.js";

/** Shells whose `-c` argument and heredoc input are shell scripts (BuildKit's default is `/bin/sh`). */
export const SHELLS: ReadonlySet<string> = new Set([
  "sh",
  "bash",
  "dash",
  "ash",
  "zsh",
  "ksh",
  "mksh",
  "busybox",
]);

/**
 * A word of the script. Its Enginefile range and whether it is dynamic are computed on first read: most
 * words are never reported, and only words whose text has `$`, `` ` `` or `<(`/`>(` can hold an expansion,
 * so the parser's word parts are built for those alone.
 */
class ScriptWord implements ShellWord {
  private located: Range | undefined;
  private expands: boolean | undefined;
  constructor(
    readonly text: string,
    /** The parsed word, or the assignment (whose value word decides `dynamic`); its offsets are script offsets. */
    private readonly node: Word | Assignment,
    private readonly visit: Visit,
    /** Known already (false when the text cannot expand), else computed on first read. */
    dynamic: boolean | undefined,
  ) {
    this.expands = dynamic;
  }
  /** The parsed word this is (undefined for assignments). */
  get word(): Word | undefined {
    return this.node.type === "Word" ? this.node : undefined;
  }
  get range(): Range {
    if (!this.located) {
      const [s, e] = this.visit.source.spanToSource(this.node.pos, this.node.end);
      this.located = this.visit.walker.lines.range(s, e);
    }
    return this.located;
  }
  get dynamic(): boolean {
    if (this.expands === undefined) {
      const node = this.node;
      const word = node.type === "Assignment" ? node.value : node;
      this.expands = MAY_EXPAND.test(node.text) && isDynamic(word.type === "Word" ? word.parts : undefined);
    }
    return this.expands;
  }
}

/**
 * False when a word's source text (unbash's `text` of a word or assignment: its exact script span) has no
 * `$`, `` ` ``, `<(` or `>(`: then no part of it expands (a regular expression: compiled code from the
 * first call, where a loop over the characters would run in the interpreter until it is hot).
 */
const MAY_EXPAND = /[$`]|[<>]\(/;

const DYNAMIC_PARTS = new Set([
  "SimpleExpansion",
  "ParameterExpansion",
  "CommandExpansion",
  "ArithmeticExpansion",
  "ProcessSubstitution",
]);

function isDynamic(parts: readonly WordPart[] | undefined): boolean {
  if (!parts) return false;
  for (const p of parts) {
    if (DYNAMIC_PARTS.has(p.type)) return true;
    if ((p.type === "DoubleQuoted" || p.type === "LocaleString") && isDynamic(p.parts)) return true;
  }
  return false;
}

/**
 * A word's value with quotes removed, without building its parts when that is plain: text whose only
 * special characters are `'…'` and `"…"` quotes (no `\`, `$` or `` ` `` anywhere, and no glob, brace or
 * extended-glob character outside the quotes) loses its quote characters; anything else is unbash's `value`.
 */
function unquoted(w: Word): string {
  const text = w.text;
  if (!QUOTE.test(text) || !PLAIN_QUOTING.test(text)) return w.value;
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 39 && c !== 34) continue;
    const close = text.indexOf(c === 39 ? "'" : '"', i + 1);
    out += text.slice(from, i) + text.slice(i + 1, close);
    from = close + 1;
    i = close;
  }
  return out + text.slice(from);
}

const QUOTE = /['"]/;
/** Words of plain characters and closed `'…'`/`"…"` quotes without `\`, `$` or `` ` `` (see {@link unquoted}). */
const PLAIN_QUOTING = /^(?:[^\\$`'"(){}[\]*?!@+~]|'[^']*'|"[^"\\$`]*")*$/;

/** Wrappers that run the next word as the command (their own options skipped). */
const WRAPPERS = new Set(["env", "exec", "command", "nohup"]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** `sh -c`, `bash -ec`: the option that makes a shell run its next argument as the script. */
const SCRIPT_OPTION = /^-[a-z]*c[a-z]*$/;

/**
 * Parses `source` and returns its simple commands in execution order. A script with syntax errors
 * still yields the commands the parser recovered.
 */
export function simpleCommands(source: ScriptSource, lines: LineIndex): ShellCommand[] {
  const out: ShellCommand[] = [];
  new Walker(out, lines).script(parse(source.text), source, 0);
  return out;
}

/** Depth limit for scripts inside scripts (`sh -c "sh -c '…'"`). */
const MAX_NESTING = 4;

class Walker {
  constructor(
    readonly out: ShellCommand[],
    readonly lines: LineIndex,
  ) {}

  script(script: ParsedScript, source: ScriptSource, depth: number): void {
    // a backquoted script's offsets index its own decoded text, not ours
    if (script.source !== undefined) return;
    new Visit(this, source, depth).node(script, false);
  }
}

/**
 * The walk of one script source at one nesting depth. Lists, statements, pipelines and commands are
 * walked directly; other nodes (compound commands, words holding scripts) through unbash's
 * `forEachChild`.
 */
class Visit {
  constructor(
    readonly walker: Walker,
    readonly source: ScriptSource,
    private readonly depth: number,
  ) {}

  private children(node: SyntaxNode, piped: boolean): void {
    // a callback per call, never kept in a field: on Node 24 a closure stored on an instance kept
    // every walk's nodes alive through V8's young-generation collections (see document-cache.ts)
    forEachChild(node, piped ? (child) => this.node(child, true) : (child) => this.node(child, false));
  }

  node(node: SyntaxNode, piped: boolean): void {
    switch (node.type) {
      case "Script":
      case "CompoundList":
      case "AndOr":
        for (const c of node.commands) this.node(c, piped);
        return;
      case "Statement":
        this.node(node.command, piped);
        return;
      case "Command":
        this.command(node, piped);
        return;
      case "Pipeline": {
        const many = node.commands.length > 1;
        for (const c of node.commands) this.node(c, many);
        return;
      }
      case "CommandExpansion":
      case "ProcessSubstitution":
      case "ArithmeticCommandExpansion":
        // a backquoted script's offsets index its own decoded text, not ours
        if (node.script && node.script.source === undefined) this.node(node.script, false);
        return;
      case "Word":
      case "Assignment":
        // a script inside a word starts with `$(`, `` ` ``, `<(` or `>(`: a word without them is not
        // split into parts (most words)
        if (MAY_EXPAND.test(node.text)) this.children(node, piped);
        return;
      default:
        this.children(node, piped);
    }
  }

  private command(node: Command, piped: boolean): void {
    const words: ScriptWord[] = [];
    // whether a word may hold a script (`$(…)`, `` `…` ``, `<(…)`) or a redirection may (heredoc bodies):
    // only then are the command's children walked
    let descend = false;
    for (const p of node.prefix) {
      if (p.type !== "Assignment") descend = true;
      else if (MAY_EXPAND.test(p.text)) {
        words.push(new ScriptWord(p.text, p, this, undefined));
        descend = true;
      } else words.push(new ScriptWord(p.text, p, this, false));
    }
    if (node.name) descend = this.word(words, node.name) || descend;
    for (const s of node.suffix) {
      if (s.type === "Word") descend = this.word(words, s) || descend;
      else if (s.type === "Assignment") {
        words.push(new ScriptWord(s.text, s, this, false));
        descend ||= MAY_EXPAND.test(s.text);
      } else descend = true;
    }
    const head = commandHead(words);
    if (words.length > 0)
      this.walker.out.push({ words, name: head.name, nameIndex: head.nameIndex, sudo: head.sudo, piped });
    // substitutions inside the words, and scripts the command runs
    if (descend) {
      for (const p of node.prefix) this.node(p, false);
      if (node.name) this.node(node.name, false);
      for (const s of node.suffix) this.node(s, false);
    }
    if (this.depth >= MAX_NESTING) return;
    const name = head.name;
    const shell = name === undefined ? head.nameIndex === words.length : SHELLS.has(name);
    if (!shell) return;
    if (name !== undefined) {
      let cIndex = head.nameIndex + 1;
      while (cIndex < words.length && !SCRIPT_OPTION.test(words[cIndex]!.text)) cIndex++;
      if (cIndex < words.length) {
        const w = words[cIndex + 1];
        const scriptWord = w?.word;
        if (scriptWord && w && !w.dynamic) {
          const inner = nestedScript(this.source, w.text, scriptWord.pos, scriptWord.end);
          this.walker.script(parse(inner.text), inner, this.depth + 1);
        }
        return;
      }
    }
    // heredocs read by the shell as its script
    for (const r of node.prefix) this.heredoc(r, name);
    for (const r of node.suffix) this.heredoc(r, name);
  }

  private heredoc(r: Command["prefix"][number] | Command["suffix"][number], name: string | undefined): void {
    if (r.type !== "HereDoc" || r.body.text === "") return;
    if (name === undefined && !runsAsShell(r.body.text)) return;
    this.walker.script(parseRegion(this.source.text, r.body.pos, r.body.end), this.source, this.depth + 1);
  }

  /** Appends word `w` to `words`; true when it may hold a script (see {@link MAY_EXPAND}). */
  private word(words: ScriptWord[], w: Word): boolean {
    const expands = MAY_EXPAND.test(w.text);
    words.push(new ScriptWord(unquoted(w), w, this, expands ? undefined : false));
    return expands;
  }
}

/**
 * The interpreter a script names in its `#!` line (`#!/usr/bin/env bash` → `bash`, `#!/bin/sh -e` → `sh`);
 * undefined without one.
 */
export function shebangProgram(body: string): string | undefined {
  if (!body.startsWith("#!")) return undefined;
  const words = body
    .slice(2, body.indexOf("\n") >>> 0)
    .trim()
    .split(/\s+/);
  const first = words[0]?.slice(words[0].lastIndexOf("/") + 1);
  return first === "env" ? words.find((w, i) => i > 0 && !w.startsWith("-")) : first;
}

/** False when a heredoc run as a script starts with a `#!` naming something other than a shell. */
function runsAsShell(body: string): boolean {
  if (!body.startsWith("#!")) return true;
  const interpreter = shebangProgram(body);
  return interpreter !== undefined && SHELLS.has(interpreter);
}

/**
 * The head of a simple command: `NAME=value` assignments, `sudo` (and the options after it) and
 * `env`/`exec`/`command`/`nohup` (and theirs) are skipped; the next word is the command (its basename,
 * undefined when it uses `$`).
 */
export function commandHead(words: readonly ShellWord[]): Pick<ShellCommand, "name" | "nameIndex" | "sudo"> {
  let sudo = false;
  let wrapped = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const text = word.text;
    if (wrapped && text.startsWith("-")) continue;
    if (ASSIGNMENT.test(text)) continue;
    if (text === "sudo") {
      sudo = true;
      wrapped = true;
      continue;
    }
    if (WRAPPERS.has(text)) {
      wrapped = true;
      continue;
    }
    // only the command word's `dynamic` is read: it builds the word's parts
    return { name: word.dynamic ? undefined : text.slice(text.lastIndexOf("/") + 1), nameIndex: i, sudo };
  }
  return { name: undefined, nameIndex: words.length, sudo };
}
