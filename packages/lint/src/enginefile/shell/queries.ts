/**
 * Questions the shell rules ask about one simple command: its arguments, options (GNU long options,
 * `--opt=value`, combined short flags such as `-qy`) and subcommand.
 */

import type { ShellCommand, ShellWord } from "./shell-command.js";

/** The words after the command name. */
export function argumentsOf(cmd: ShellCommand): ShellWord[] {
  return cmd.words.slice(cmd.nameIndex + 1);
}

/** True when one of `cmd`'s arguments is exactly one of `options` (also inside combined short flags for single letters, e.g. `-qy`). */
export function hasOption(cmd: ShellCommand, ...options: string[]): boolean {
  const words = cmd.words;
  for (let i = cmd.nameIndex + 1; i < words.length; i++) if (isOption(words[i]!.text, options)) return true;
  return false;
}

/** `-qy`, `-qO-`: a word starting with two or more letters after one `-` (group 1: the letters). */
const SHORT_FLAGS = /^-([A-Za-z]{2,})/;
const SHORT_OPTION = /^-[A-Za-z]$/;
const SHORT_FLAGS_ONLY = /^-[A-Za-z]+$/;

/** True when `word` is one of `options`, a combined short flag containing one of them (`-qO-`), or `--long=value`. */
function isOption(word: string, options: readonly string[]): boolean {
  if (options.includes(word)) return true;
  // combined short flags, the last one possibly with its value attached: `-qy`, `-qO-`
  // (a word not starting with `-` is neither: most arguments)
  if (word.charCodeAt(0) !== 45) return false;
  const letters = SHORT_FLAGS.exec(word)?.[1];
  if (letters) {
    for (const o of options) if (SHORT_OPTION.test(o) && letters.includes(o[1]!)) return true;
  }
  // `--opt=value`
  for (const o of options)
    if (o.startsWith("--") && word.charCodeAt(o.length) === 61 && word.startsWith(o)) return true;
  return false;
}

/** How many times a single-letter option appears, alone or combined (`-q -q`, `-qq` → 2). */
export function countShortOption(cmd: ShellCommand, letter: string): number {
  let n = 0;
  const words = cmd.words;
  for (let i = cmd.nameIndex + 1; i < words.length; i++) {
    const text = words[i]!.text;
    if (SHORT_FLAGS_ONLY.test(text)) for (const c of text.slice(1)) if (c === letter) n++;
  }
  return n;
}

/** The first non-option argument (the subcommand, e.g. `install`), if any. */
export function subcommand(cmd: ShellCommand): ShellWord | undefined {
  const words = cmd.words;
  for (let i = cmd.nameIndex + 1; i < words.length; i++) if (!words[i]!.text.startsWith("-")) return words[i];
  return undefined;
}
