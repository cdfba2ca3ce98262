/**
 * The `pip-no-cache-dir` rule: pip install without --no-cache-dir.
 * Its metadata is its documentation (`docs/rules/pip-no-cache-dir.md`, `enginekit lint --explain
 * pip-no-cache-dir`).
 * Same check elsewhere: hadolint DL3042.
 */
import {
  hasCacheMount,
  hasOption,
  insertOptionAfter,
  PIP,
  packageCommand,
} from "../../enginefile/package-managers.js";
import { runsCalling } from "../../enginefile/shell/command-index.js";
import type { ShellCommand, ShellWord } from "../../enginefile/shell/shell-command.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const INSTALL = ["install"];
const CACHE_PATHS = ["/root/.cache", "/home"];
/**
 * The values pip accepts for `PIP_NO_CACHE_DIR` (its `strtobool`). Every one of them turns the cache off,
 * `0` and `false` included: pip's `--no-cache-dir` callback keeps that behaviour on purpose (pip
 * `cli/cmdoptions.py`, `_handle_no_cache_dir`). Any other value makes pip exit with an error.
 */
const PIP_BOOLEAN = new Set(["1", "0", "y", "n", "yes", "no", "t", "f", "true", "false", "on", "off"]);
const NO_CACHE_ASSIGNMENT = /^PIP_NO_CACHE_DIR=(.*)$/s;

/** True when `word` assigns PIP_NO_CACHE_DIR a value that turns pip's cache off (or one unknown until the build). */
function setsNoCacheDir(word: ShellWord): boolean {
  const value = NO_CACHE_ASSIGNMENT.exec(word.text)?.[1];
  return value !== undefined && (word.dynamic || PIP_BOOLEAN.has(value.toLowerCase()));
}

/**
 * True when PIP_NO_CACHE_DIR is set for `c`: assigned in front of it (`PIP_NO_CACHE_DIR=1 pip …`,
 * `env PIP_NO_CACHE_DIR=1 pip …`) or exported by an earlier command of the same RUN.
 */
function noCacheDirSet(commands: readonly ShellCommand[], c: ShellCommand): boolean {
  if (c.words.slice(0, c.nameIndex).some(setsNoCacheDir)) return true;
  for (const earlier of commands) {
    if (earlier === c) return false;
    if (earlier.name === "export" && earlier.words.some(setsNoCacheDir)) return true;
  }
  return false;
}

export default enginefileRule(
  {
    id: "pip-no-cache-dir",
    name: "pip install without --no-cache-dir",
    description: "`pip install` keeps its download cache in the layer.",
    severity: "info",
    fix: "always",
    docs: `pip caches every wheel it downloads under \`~/.cache/pip\`. Use \`--no-cache-dir\`, set
\`PIP_NO_CACHE_DIR=1\` (with \`ENV\`, in front of the command or exported earlier in the RUN), or mount a
cache on \`/root/.cache/pip\`. \`python -m pip install\` is read like \`pip install\`. Any boolean pip accepts
turns the cache off, \`PIP_NO_CACHE_DIR=0\` and \`false\` too (pip keeps that on purpose), so those are not
reported. The quick fix adds \`--no-cache-dir\`.`,
    peers: ["hadolint DL3042"],
    examples: [
      { kind: "invalid", code: "FROM python:3.12-slim\nRUN pip install flask\n" },
      { kind: "valid", code: "FROM python:3.12-slim\nRUN pip install --no-cache-dir flask\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { instruction, commands } of runsCalling(file, PIP)) {
      if (hasCacheMount(instruction, CACHE_PATHS)) continue;
      const scope = file.scopes.get(instruction);
      if (scope?.get("PIP_NO_CACHE_DIR")) continue;
      for (const c of commands) {
        const p = packageCommand(c, PIP, INSTALL);
        if (!p || hasOption(c, "--no-cache-dir") || noCacheDirSet(commands, c)) continue;
        out.push({
          range: p.sub.range,
          message: "Use pip install --no-cache-dir so downloaded wheels do not stay in the layer.",
          fix: insertOptionAfter(file, p.sub, "--no-cache-dir"),
        });
      }
    }
    return out;
  },
);
