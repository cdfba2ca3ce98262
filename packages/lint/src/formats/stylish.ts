/**
 * The `stylish` output format, for people: per file, `line:column  severity  rule-id  message` with a code
 * frame (secret values masked, control characters escaped), then a summary; colours only when allowed (after
 * ESLint's `stylish` formatter).
 */
import { escapeForTerminal } from "@enginekit/node-io";
import { LineIndex, redactSecretValues } from "@enginekit/text";
import pc from "picocolors";
import type { Finding } from "../model/finding.js";
import type { Severity } from "../model/severity.js";
import type { Formatter } from "./format.js";

type Colors = ReturnType<typeof pc.createColors>;

function severityLabel(c: Colors, s: Severity): string {
  const text = s.padEnd(7);
  return s === "error"
    ? c.red(text)
    : s === "warning"
      ? c.yellow(text)
      : s === "info"
        ? c.cyan(text)
        : c.dim(text);
}

/**
 * The source line of a finding with a `^^^` marker under its range (first line only, tabs kept), values of
 * secret-looking names masked (see {@link redactSecretValues}) and control characters shown as escapes
 * ({@link escapeForTerminal}; the marker stays under the escaped text).
 */
function codeFrame(c: Colors, shownLine: (line: number) => string | undefined, f: Finding): string {
  const line = f.range.start.line;
  const text = shownLine(line);
  if (text === undefined) return "";
  const start = Math.min(f.range.start.character, text.length);
  const end =
    f.range.end.line === line ? Math.max(f.range.end.character, start + 1) : Math.max(text.length, start + 1);
  const before = escapeForTerminal(text.slice(0, start));
  const marked = escapeForTerminal(text.slice(start, end));
  const shown = before + marked + escapeForTerminal(text.slice(end));
  const width = Math.max(1, marked.length + Math.max(0, end - Math.max(start, text.length)));
  const gutter = String(line + 1);
  const pad = " ".repeat(gutter.length);
  const lead = before.replace(/[^\t]/g, " ");
  return `    ${c.dim(`${gutter} |`)} ${shown}\n    ${c.dim(`${pad} |`)} ${lead}${c.red("^".repeat(width))}\n`;
}

/** The longest source line shown under a finding, in UTF-16 code units (a longer one is not shown). */
const MAX_FRAME_LINE = 300;

/**
 * A file's source lines as code frames show them — secret values masked, undefined for a line longer than
 * {@link MAX_FRAME_LINE} — each computed once however many findings it has: 50,000 findings on one line
 * of 100,000 characters used to scan that line 50,000 times (#29).
 */
function shownLines(lines: LineIndex): (line: number) => string | undefined {
  const shown = new Map<number, string | undefined>();
  return (line) => {
    if (shown.has(line)) return shown.get(line);
    const raw = lines.lineText(line);
    // masking keeps the length, so a long line is left out before it is scanned
    const text = raw.length > MAX_FRAME_LINE ? undefined : redactSecretValues(raw);
    shown.set(line, text);
    return text;
  };
}

/**
 * The human format: per file, `line:column  severity  rule-id  message` with the source line and a marker
 * under the range, then a summary. Colours (picocolors) only when the context allows them.
 */
export const formatStylish: Formatter = (results, context) => {
  const c = pc.createColors(context.color);
  let out = "";
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0, style: 0 };
  let fixable = 0;
  for (const r of results) {
    if (r.findings.length === 0) continue;
    const shownLine = shownLines(new LineIndex(r.text));
    out += `${c.underline(escapeForTerminal(r.path))}\n`;
    for (const f of r.findings) {
      counts[f.severity]++;
      if (f.fix) fixable++;
      const where = `${f.range.start.line + 1}:${f.range.start.character + 1}`.padEnd(7);
      out += `  ${c.dim(where)} ${severityLabel(c, f.severity)} ${c.dim(f.ruleId.padEnd(26))} ${escapeForTerminal(f.message)}\n`;
      out += codeFrame(c, shownLine, f);
    }
    out += "\n";
  }
  const total = counts.error + counts.warning + counts.info + counts.style;
  const fixed = results.reduce((n, r) => n + r.fixesApplied, 0);
  if (total === 0)
    out += c.green(`No findings in ${results.length} file${results.length === 1 ? "" : "s"}.\n`);
  else {
    const parts = (Object.keys(counts) as Severity[])
      .filter((s) => counts[s] > 0)
      .map((s) => `${counts[s]} ${s}`);
    out += `${c.bold(`${total} finding${total === 1 ? "" : "s"}`)} (${parts.join(", ")}) in ${results.length} file${results.length === 1 ? "" : "s"}.`;
    out += fixable > 0 ? ` ${fixable} can be fixed with --fix.\n` : "\n";
  }
  if (fixed > 0) out += `${fixed} fix${fixed === 1 ? "" : "es"} applied.\n`;
  return out;
};
