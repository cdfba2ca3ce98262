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
  return argumentsOf(cmd).some((w) => isOption(w.text, options));
}

/** True when `word` is one of `options`, a combined short flag containing one of them (`-qO-`), or `--long=value`. */
export function isOption(word: string, options: readonly string[]): boolean {
  if (options.includes(word)) return true;
  // combined short flags, the last one possibly with its value attached: `-qy`, `-qO-`
  const letters = /^-([A-Za-z]{2,})/.exec(word)?.[1];
  if (letters) {
    for (const o of options) if (/^-[A-Za-z]$/.test(o) && letters.includes(o[1]!)) return true;
  }
  return options.some((o) => o.startsWith("--") && word.startsWith(`${o}=`));
}

/** How many times a single-letter option appears, alone or combined (`-q -q`, `-qq` → 2). */
export function countShortOption(cmd: ShellCommand, letter: string): number {
  let n = 0;
  for (const w of argumentsOf(cmd)) {
    if (/^-[A-Za-z]+$/.test(w.text)) for (const c of w.text.slice(1)) if (c === letter) n++;
  }
  return n;
}

/** The first non-option argument (the subcommand, e.g. `install`), if any. */
export function subcommand(cmd: ShellCommand): ShellWord | undefined {
  return argumentsOf(cmd).find((w) => !w.text.startsWith("-"));
}
