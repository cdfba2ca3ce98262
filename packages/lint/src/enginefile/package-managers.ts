import type { RunInstruction } from "@enginekit/enginefile";
import type { Fix } from "../model/finding.js";
import type { AnalyzedEnginefile } from "./analysis.js";
import { hasOption, type ShellCommand, type ShellWord, subcommand } from "./shell-commands.js";

/** A package-manager command found in a RUN: the manager, its subcommand word and the command. */
export interface PackageCommand {
  manager: string;
  sub: ShellWord;
  command: ShellCommand;
}

/** Reads `cmd` as a call of one of `managers` with one of `subcommands` (e.g. apt-get install). */
export function packageCommand(
  cmd: ShellCommand,
  managers: readonly string[],
  subcommands: readonly string[],
): PackageCommand | undefined {
  if (!cmd.name || !managers.includes(cmd.name)) return undefined;
  const sub = subcommand(cmd);
  if (!sub || !subcommands.includes(sub.text)) return undefined;
  return { manager: cmd.name, sub, command: cmd };
}

/** True when the RUN has a cache mount whose target starts with one of `paths`. */
export function hasCacheMount(run: RunInstruction, paths: readonly string[]): boolean {
  if (run.mounts.length === 0) return false;
  return run.mounts.some(
    (m) =>
      m.type === "cache" &&
      m.options.some(
        (o) =>
          ["target", "dst", "destination"].includes(o.key) &&
          paths.some((p) => (o.value ?? "").startsWith(p)),
      ),
  );
}

/** True when some command of the RUN is `name` with all of `words` among its arguments. */
export function runsCommand(commands: ShellCommand[], name: string, ...words: string[]): boolean {
  return commands.some((c) => c.name === name && words.every((w) => c.words.some((x) => x.text.includes(w))));
}

/**
 * The quick fix inserting `option` (e.g. `-y`, `--no-cache`) right after the subcommand word of a
 * package-manager command (`apt-get install` → `apt-get install -y`).
 */
export function insertOptionAfter(file: AnalyzedEnginefile, word: ShellWord, option: string): Fix {
  const at = word.range.end.offset;
  return { title: `Add ${option}`, edits: [file.replace(file.lines.range(at, at), ` ${option}`)] };
}

export { hasOption };
