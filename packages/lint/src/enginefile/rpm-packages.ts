/**
 * Reading the package arguments of yum/dnf/microdnf: `install` takes packages, `module install` takes
 * module streams (`nodejs:20`). Shared by the yum and dnf pinning rules.
 */

import type { PackageCommand } from "./package-managers.js";
import type { ShellWord } from "./shell/shell-command.js";

/** The packages (or, for `module install`, the modules) of an rpm install command; none for other module commands. */
export function rpmPackages(p: PackageCommand): ShellWord[] {
  const args = p.command.words.slice(p.command.words.indexOf(p.sub) + 1);
  let words = args;
  if (p.sub.text === "module") {
    const at = args.findIndex((w) => w.text === "install");
    if (at < 0) return [];
    words = args.slice(at + 1);
  }
  return words.filter((w) => !w.text.startsWith("-"));
}

/** True for `module install` (its arguments are module streams). */
export const isModuleInstall = (p: PackageCommand): boolean => p.sub.text === "module";
