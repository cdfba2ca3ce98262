/**
 * The shape the rules read a RUN's shell code in: simple commands with their words, each word with its
 * unquoted text and exact Enginefile range. Built from a shell AST by `simple-commands.ts`; the queries
 * on it are in `queries.ts`.
 */

import type { RunInstruction } from "@enginekit/enginefile";
import type { Range } from "../../model/finding.js";

/** One word of a shell command: its text with quotes removed, where it is, and whether it uses `$` or `` ` ``. */
export interface ShellWord {
  text: string;
  /** The word's range in the Enginefile (computed on first read). */
  readonly range: Range;
  /** True when the word has a parameter, command or arithmetic expansion outside single quotes. */
  dynamic: boolean;
}

/**
 * A simple command (`apt-get install -y curl`) of a RUN, in execution order: those of `&&`/`||`/`;`
 * lists, pipelines, subshells, groups, `if`/`for`/`while`/`case` bodies, command substitutions,
 * `sh -c '…'` scripts and heredoc bodies run by a shell.
 */
export interface ShellCommand {
  /** `NAME=value` assignments before the command, the command word and its arguments (redirections left out). */
  words: ShellWord[];
  /** The command name with `sudo`/`env`/`exec`/`command`/`nohup` prefixes and assignments skipped (basename). */
  name: string | undefined;
  /** Index in `words` of the command name (`words.length` when there is none). */
  nameIndex: number;
  /** True when the command was preceded by `sudo` (the `sudo` word itself is before `words[nameIndex]`). */
  sudo: boolean;
  /** True when the command is one stage of a pipeline of two or more commands (`a | b`). */
  piped: boolean;
}

/** A RUN instruction and the simple commands of its shell code (exec form: one command). */
export interface RunCommands {
  instruction: RunInstruction;
  commands: ShellCommand[];
}
