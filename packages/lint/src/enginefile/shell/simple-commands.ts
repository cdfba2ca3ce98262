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

import {
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
import type { TextLines } from "../../text/line-index.js";
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
    /** The parsed word (undefined for assignments, whose dynamic state is given). */
    private readonly node: Word | undefined,
    /** Script offsets. */
    readonly pos: number,
    readonly end: number,
    private readonly source: ScriptSource,
    private readonly lines: TextLines,
    dynamic?: boolean,
  ) {
    this.expands = dynamic;
  }
  get range(): Range {
    if (!this.located) {
      const [s, e] = this.source.spanToSource(this.pos, this.end);
      this.located = this.lines.range(s, e);
    }
    return this.located;
  }
  get dynamic(): boolean {
    this.expands ??= mayExpand(this.source.text, this.pos, this.end) && isDynamic(this.node?.parts);
    return this.expands;
  }
}

/** False when script text [pos, end) has no `$`, `` ` ``, `<(` or `>(`: then no part of it expands. */
function mayExpand(text: string, pos: number, end: number): boolean {
  for (let i = pos; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 36 || c === 96) return true;
    if ((c === 60 || c === 62) && text.charCodeAt(i + 1) === 40) return true;
  }
  return false;
}

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

/** Wrappers that run the next word as the command (their own options skipped). */
const WRAPPERS = new Set(["env", "exec", "command", "nohup"]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * Parses `source` and returns its simple commands in execution order. A script with syntax errors
 * still yields the commands the parser recovered.
 */
export function simpleCommands(source: ScriptSource, lines: TextLines): ShellCommand[] {
  const out: ShellCommand[] = [];
  new Walker(out, lines).script(parse(source.text), source, 0);
  return out;
}

/** Depth limit for scripts inside scripts (`sh -c "sh -c '…'"`). */
const MAX_NESTING = 4;

class Walker {
  constructor(
    private readonly out: ShellCommand[],
    private readonly lines: TextLines,
  ) {}

  script(script: ParsedScript, source: ScriptSource, depth: number): void {
    // a backquoted script's offsets index its own decoded text, not ours
    if (script.source !== undefined) return;
    this.node(script, source, depth, false);
  }

  private node(node: SyntaxNode, source: ScriptSource, depth: number, piped: boolean): void {
    switch (node.type) {
      case "Command":
        this.command(node, source, depth, piped);
        return;
      case "Pipeline": {
        const many = node.commands.length > 1;
        for (const c of node.commands) this.node(c, source, depth, many);
        return;
      }
      case "CommandExpansion":
      case "ProcessSubstitution":
      case "ArithmeticCommandExpansion":
        if (node.script) this.script(node.script, source, depth);
        return;
      case "Word":
        // a script inside a word starts with `$(`, `` ` ``, `<(` or `>(`: a word without them is not
        // split into parts (most words)
        if (mayExpand(source.text, node.pos, node.end))
          forEachChild(node, (child) => this.node(child, source, depth, piped));
        return;
      default:
        forEachChild(node, (child) => this.node(child, source, depth, piped));
    }
  }

  private word(w: Word, source: ScriptSource): ScriptWord {
    return new ScriptWord(w.value, w, w.pos, w.end, source, this.lines);
  }

  private command(node: Command, source: ScriptSource, depth: number, piped: boolean): void {
    const words: ScriptWord[] = [];
    const nodes: Word[] = [];
    for (const p of node.prefix) {
      if (p.type === "Assignment") {
        words.push(
          new ScriptWord(
            p.text,
            p.value.type === "Word" ? p.value : undefined,
            p.pos,
            p.end,
            source,
            this.lines,
          ),
        );
        nodes.push(undefined as unknown as Word);
      }
    }
    if (node.name) {
      words.push(this.word(node.name, source));
      nodes.push(node.name);
    }
    for (const s of node.suffix) {
      if (s.type === "Word") {
        words.push(this.word(s, source));
        nodes.push(s);
      } else if (s.type === "Assignment") {
        words.push(new ScriptWord(s.text, undefined, s.pos, s.end, source, this.lines, false));
        nodes.push(undefined as unknown as Word);
      }
    }
    const head = commandHead(words);
    if (words.length > 0) this.out.push({ words, ...head, piped });
    // substitutions inside the words, and scripts the command runs
    forEachChild(node, (child) => this.node(child, source, depth, false));
    if (depth >= MAX_NESTING) return;
    const name = head.name;
    const shell = name === undefined ? head.nameIndex === words.length : SHELLS.has(name);
    if (!shell) return;
    const cIndex = words.findIndex((w, i) => i > head.nameIndex && /^-[a-z]*c[a-z]*$/.test(w.text));
    if (name !== undefined && cIndex >= 0) {
      const scriptWord = nodes[cIndex + 1];
      const w = words[cIndex + 1];
      if (scriptWord && w && !w.dynamic) {
        const inner = nestedScript(source, w.text, scriptWord.pos, scriptWord.end);
        this.script(parse(inner.text), inner, depth + 1);
      }
      return;
    }
    // heredocs read by the shell as its script
    for (const r of [...node.prefix, ...node.suffix]) {
      if (r.type !== "HereDoc" || r.body.text === "") continue;
      if (name === undefined && !runsAsShell(r.body.text)) continue;
      this.script(parseRegion(source.text, r.body.pos, r.body.end), source, depth + 1);
    }
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
    const { text, dynamic } = words[i]!;
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
    return { name: dynamic ? undefined : text.slice(text.lastIndexOf("/") + 1), nameIndex: i, sudo };
  }
  return { name: undefined, nameIndex: words.length, sudo };
}
