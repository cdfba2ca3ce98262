/**
 * BuildKit's lint warnings as finding lines, named by the enginekit rule that is their peer. This module
 * imports the linter's rule registry, so the BuildKit progress loads it only when a build has warnings
 * (`import()` of this module in buildkit-progress.ts): a build without warnings, `--list` and `--output`
 * never load the lint rules (the bundle test checks it; docs/build.md "Where the time goes"). BuildKit's warning
 * format follows its `frontend/dockerfile/linter` (`RuleName: message`).
 */
import type { VertexWarning } from "@enginekit/build-context";
import { resolveRuleIds } from "@enginekit/lint/files";
import { escapeForTerminal } from "@enginekit/node-io";

/**
 * One BuildKit warning as a finding line: `Enginefile:3:1: warning: <message> [<rule id>]`. BuildKit writes
 * its lint warnings as `RuleName: message` (`FromAsCasing: 'as' and 'FROM' keywords' casing do not match`);
 * a rule name that an enginekit rule names as its peer is shown as that rule's id, as `enginekit lint`
 * reports it, otherwise as BuildKit's name. Ranges are 0-based characters on 1-based lines (BuildKit's).
 */
export function warningLine(
  w: VertexWarning,
  enginefileName: string | undefined,
  mask: (text: string) => string,
): string {
  const at = w.ranges[0]?.start;
  const where = at ? `${enginefileName ?? w.filename ?? "Enginefile"}:${at.line}:${at.character + 1}: ` : "";
  const m = /^([A-Z][A-Za-z]+): (.*)$/s.exec(w.short);
  const rule = m ? (resolveRuleIds(m[1]!)[0] ?? m[1]!) : undefined;
  const message = m ? m[2]! : w.short;
  const url = w.url ? ` (${w.url})` : "";
  return `${escapeForTerminal(`${where}warning: ${mask(message)}${rule ? ` [${rule}]` : ""}${url}`)}\n`;
}
