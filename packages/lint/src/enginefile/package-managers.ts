/**
 * Package-manager commands in RUN instructions for the package rules: `packageCommand` and `PIP` (pip and
 * `python -m pip`), `packageArguments`, `hasCacheMount`, `runsCommand`, and the `insertOptionAfter` quick
 * fix, reading commands as hadolint's package rules (DL3008, DL3013, DL3042 …) read them.
 */
import type { RunInstruction } from "@enginekit/enginefile";
import type { Fix } from "../model/finding.js";
import type { AnalyzedEnginefile } from "./analysis.js";
import { type CommandNames, isNamed, type NameTest } from "./shell/command-index.js";
import { argumentsOf, hasOption, subcommand } from "./shell/queries.js";
import type { ShellCommand, ShellWord } from "./shell/shell-command.js";

/** A package-manager command found in a RUN: the manager, its subcommand word and the command. */
export interface PackageCommand {
  manager: string;
  sub: ShellWord;
  command: ShellCommand;
}

const PYTHON_NAME = /^python(\d+(\.\d+)?)?$/;
/** `pip` or a Python, with an optional version (one test for the words the command index finds by prefix, and per command). */
const PIP_OR_PYTHON_NAME = /^(?:pip|python)(?:\d+(?:\.\d+)?)?$/;

/**
 * `pip`, `pip3`, `pip2.7`, `pip3.12`, and the Pythons that run it as a module (`python3 -m pip`): hadolint
 * DL3013/DL3042 read the same. {@link packageCommand} reads `python -m pip install x` as `pip install x`.
 */
export const PIP: NameTest = {
  test: (name) => PIP_OR_PYTHON_NAME.test(name),
  prefixes: ["pip", "python"],
};

/**
 * `cmd` as the package manager it runs: itself, or for `python -m <module> …` the module's command (its
 * name the module word, its arguments those after it); undefined for any other Python invocation.
 */
function managerCommand(cmd: ShellCommand): ShellCommand | undefined {
  if (cmd.name === undefined || !PYTHON_NAME.test(cmd.name)) return cmd;
  const module = cmd.words[cmd.nameIndex + 2];
  if (cmd.words[cmd.nameIndex + 1]?.text !== "-m" || !module || module.dynamic) return undefined;
  return { ...cmd, name: module.text, nameIndex: cmd.nameIndex + 2 };
}

/** Reads `cmd` as a call of one of `managers` with one of `subcommands` (e.g. apt-get install). */
export function packageCommand(
  cmd: ShellCommand,
  managers: CommandNames,
  subcommands: readonly string[],
): PackageCommand | undefined {
  const run = managerCommand(cmd);
  if (!run || !isNamed(run.name, managers)) return undefined;
  const sub = subcommand(run);
  if (!sub || !subcommands.includes(sub.text)) return undefined;
  return { manager: run.name!, sub, command: run };
}

/**
 * The package arguments of a package-manager command: the words after the subcommand that are not
 * options, skipping the values of `valueOptions` (`-t bookworm`, `-r requirements.txt`) and `--opt=value`.
 */
export function packageArguments(p: PackageCommand, valueOptions: readonly string[]): ShellWord[] {
  const args = argumentsOf(p.command);
  const out: ShellWord[] = [];
  let i = args.indexOf(p.sub) + 1;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === "--") {
      out.push(...args.slice(i + 1));
      break;
    }
    if (t.startsWith("-")) {
      if (valueOptions.includes(t)) i++;
      continue;
    }
    out.push(args[i]!);
  }
  return out;
}

/**
 * True when the RUN has a cache or tmpfs mount whose target starts with one of `paths`: what the
 * package manager writes there never reaches the layer.
 */
export function hasCacheMount(run: RunInstruction, paths: readonly string[]): boolean {
  if (run.mounts.length === 0) return false;
  return run.mounts.some(
    (m) =>
      (m.type === "cache" || m.type === "tmpfs") &&
      m.options.some(
        (o) =>
          ["target", "dst", "destination"].includes(o.key) &&
          paths.some((p) => (o.value ?? "").startsWith(p)),
      ),
  );
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
