/**
 * ShellCheck's `--format=json1` comments as enginekit findings: rule id `shellcheck/SC<code>`, ShellCheck's
 * level as the severity (unless the configuration sets `shellcheck/SC<code>` or `shellcheck`), the range
 * mapped from the script back to the exact Enginefile text, and the wiki page in the message. json1 counts
 * a tab as one column (ShellCheck 0.7.1 and later), so columns are character offsets in the line.
 */

import type { AnalyzedEnginefile } from "../enginefile/analysis.js";
import type { Finding } from "../model/finding.js";
import type { RuleSeverity } from "../model/severity.js";
import type { LintSettings } from "../runner/settings.js";
import type { ShellcheckScript } from "./scripts.js";

/** One comment of ShellCheck's json1 output (1-based lines and columns, end column exclusive). */
export interface ShellcheckComment {
  file: string;
  line: number;
  endLine: number;
  column: number;
  endColumn: number;
  level: "error" | "warning" | "info" | "style";
  code: number;
  message: string;
}

/** The id enginekit gives ShellCheck's check `code`. */
const shellcheckRuleId = (code: number): string => `shellcheck/SC${code}`;

/**
 * Checks hadolint leaves out, and so do we: SC1090/SC1091 (`source` of a file ShellCheck cannot see)
 * and SC2187 (ash is checked as busybox sh, where it does not apply).
 */
export const EXCLUDED_CODES: readonly number[] = [1090, 1091, 2187];

/**
 * The 1-based line of the checked file that holds the `# shellcheck shell=…` directive: the first, or
 * the second when the script starts with a `#!` line (ShellCheck wants the shebang first).
 */
function directiveLine(script: ShellcheckScript): number {
  return script.text.startsWith("#!") ? 2 : 1;
}

/** The file ShellCheck reads for a script: the script with the dialect directive inserted before its code. */
export function shellcheckFileText(script: ShellcheckScript): string {
  const directive = `# shellcheck shell=${script.dialect}\n`;
  if (directiveLine(script) === 1) return directive + script.text;
  const nl = script.text.indexOf("\n");
  return nl < 0
    ? `${script.text}\n${directive}`
    : script.text.slice(0, nl + 1) + directive + script.text.slice(nl + 1);
}

/** The configured severity of a ShellCheck finding: its own id, then `shellcheck`, then ShellCheck's level. */
function shellcheckSeverity(
  settings: LintSettings,
  code: number,
  level: ShellcheckComment["level"],
): RuleSeverity {
  return settings.rules[shellcheckRuleId(code)] ?? settings.rules.shellcheck ?? level;
}

/** The script offset of a 1-based line and column of the checked file (`directive`: the inserted line). */
function offsetIn(text: string, directive: number, line: number, column: number): number {
  const scriptLine = line > directive ? line - 1 : line;
  let at = 0;
  for (let l = 1; l < scriptLine; l++) {
    const nl = text.indexOf("\n", at);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  const end = text.indexOf("\n", at);
  return Math.min(at + column - 1, end < 0 ? text.length : end);
}

/**
 * The findings of ShellCheck's comments on one script. SC2154 (a variable used but never assigned) is
 * dropped for variables the RUN sees as ARG or ENV.
 */
export function shellcheckFindings(
  file: AnalyzedEnginefile,
  script: ShellcheckScript,
  comments: readonly ShellcheckComment[],
  settings: LintSettings,
): Finding[] {
  const out: Finding[] = [];
  const scope = file.scopes.get(script.instruction);
  const directive = directiveLine(script);
  for (const c of comments) {
    if (c.line === directive || EXCLUDED_CODES.includes(c.code)) continue;
    if (c.code === 2154) {
      const name = /^(\w+) is referenced but not assigned/.exec(c.message)?.[1];
      if (name && scope?.get(name)) continue;
    }
    const severity = shellcheckSeverity(settings, c.code, c.level);
    if (severity === "off") continue;
    const start = offsetIn(script.text, directive, c.line, c.column);
    const end = Math.max(start, offsetIn(script.text, directive, c.endLine, c.endColumn));
    const [s, e] = script.source.spanToSource(start, end);
    out.push({
      ruleId: shellcheckRuleId(c.code),
      severity,
      range: file.lines.range(s, e),
      message: `${c.message} (https://www.shellcheck.net/wiki/SC${c.code})`,
    });
  }
  return out;
}
