/**
 * The shape shared by the version-pinning rules (hadolint DL3008, DL3013, DL3016, DL3018, DL3028,
 * DL3033, DL3037, DL3041, DL3062): find a package manager's install commands in RUN, take the package
 * arguments (options and the values of options that take one left out), report each package that names
 * no version. What counts as "pinned" is the manager's own syntax, given by each rule; words with `$`
 * are never reported (their value is unknown until the build).
 */

import type { Report } from "../model/finding.js";
import { type EnginefileRule, enginefileRule, type RuleMeta } from "../model/rule.js";
import { type PackageCommand, packageArguments, packageCommand } from "./package-managers.js";
import { type CommandNames, runsCalling } from "./shell/command-index.js";
import type { ShellWord } from "./shell/shell-command.js";

/** What one pinning rule reads: the commands, which words are packages, and when one is pinned. */
export interface PinningSpec {
  managers: CommandNames;
  subcommands: readonly string[];
  /** Options whose next word is their value, not a package (`-t bookworm`). */
  valueOptions?: readonly string[];
  /** False when the whole command needs no pinning (`pip install -r requirements.txt`, `gem install -v 1 x`). */
  applies?: (p: PackageCommand) => boolean;
  /** The packages of the command (default: {@link packageArguments}). */
  packages?: (p: PackageCommand) => ShellWord[];
  pinned: (pkg: string, p: PackageCommand) => boolean;
  /** The message for an unpinned package, e.g. `Pin the version: apt-get install curl=<version>.` */
  message: (pkg: string, p: PackageCommand) => string;
}

/** Declares a version-pinning rule from its metadata and {@link PinningSpec}. */
export function pinningRule(meta: Omit<RuleMeta, "appliesTo" | "fix">, spec: PinningSpec): EnginefileRule {
  return enginefileRule({ ...meta, fix: "never" }, (file) => {
    const out: Report[] = [];
    for (const { commands } of runsCalling(file, spec.managers)) {
      for (const c of commands) {
        const p = packageCommand(c, spec.managers, spec.subcommands);
        if (!p || (spec.applies && !spec.applies(p))) continue;
        const packages = spec.packages ? spec.packages(p) : packageArguments(p, spec.valueOptions ?? []);
        for (const w of packages) {
          if (w.dynamic || w.text === "" || spec.pinned(w.text, p)) continue;
          out.push({ range: w.range, message: spec.message(w.text, p) });
        }
      }
    }
    return out;
  });
}
