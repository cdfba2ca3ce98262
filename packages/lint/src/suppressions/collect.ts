import type { AnalyzedEnginefile } from "../enginefile/analysis.js";
import type { TextLines } from "../text/line-index.js";
import { parsePragma, type SuppressionDirective } from "./directive.js";

function directive(
  lines: TextLines,
  commentStart: number,
  commentEnd: number,
  textStart: number,
  text: string,
  appliesTo: (scope: SuppressionDirective["scope"]) => [number, number],
): SuppressionDirective | undefined {
  const p = parsePragma(text);
  if (!p) return undefined;
  const [from, to] = appliesTo(p.scope);
  return {
    scope: p.scope,
    ids:
      p.ids.length === 0 && p.scope === "file"
        ? undefined
        : p.ids.map((i) => ({ id: i.id, range: lines.range(textStart + i.start, textStart + i.end) })),
    reason: p.reason,
    range: lines.range(commentStart, commentEnd),
    appliesFrom: from,
    appliesTo: to,
  };
}

/**
 * The index of the first of `items` (in source order) starting at or after `offset`; `items.length`
 * when none does (binary search: a file with many suppression comments stays linear).
 */
function firstStartingAt(items: readonly { range: { start: { offset: number } } }[], offset: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid]?.range.start.offset ?? 0) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The suppression comments of an Enginefile (comment lines only; heredoc bodies are not comments). */
export function enginefileSuppressions(file: AnalyzedEnginefile): SuppressionDirective[] {
  const out: SuppressionDirective[] = [];
  const { doc } = file;
  for (const c of doc.comments) {
    const start = c.range.start.offset;
    const end = c.range.end.offset;
    const hash = file.text.indexOf("#", start);
    const d = directive(file.lines, start, end, hash + 1, c.text, (scope) => {
      if (scope === "file") return [0, file.text.length];
      const next = doc.instructions[firstStartingAt(doc.instructions, end)];
      if (!next) return [end, end];
      if (scope === "next") return [next.range.start.offset, next.range.end.offset];
      const at = next.range.start.offset;
      const stage = doc.stages[firstStartingAt(doc.stages, at + 1) - 1];
      const inStage = stage !== undefined && at < stage.range.end.offset;
      return [end, inStage ? stage.range.end.offset : next.range.end.offset];
    });
    if (d) out.push(d);
  }
  return out;
}

/**
 * The suppression comments of a YAML manifest: `#` comment lines. `enginekit-ignore` applies to the next
 * content line and the lines indented under it; `-stage` to the rest of the YAML document (up to `---`).
 */
export function manifestSuppressions(text: string, lines: TextLines): SuppressionDirective[] {
  const out: SuppressionDirective[] = [];
  const count = lines.starts.length;
  const indent = (s: string) => s.length - s.trimStart().length;
  for (let l = 0; l < count; l++) {
    const line = lines.lineText(l);
    const m = /^(\s*)#(.*)$/.exec(line);
    if (!m) continue;
    const lineStart = lines.starts[l] ?? 0;
    const hash = lineStart + (m[1] ?? "").length;
    const d = directive(lines, hash, lineStart + line.length, hash + 1, m[2] ?? "", (scope) => {
      if (scope === "file") return [0, text.length];
      let n = l + 1;
      while (n < count && /^\s*(#.*)?$/.test(lines.lineText(n))) n++;
      const from = lines.starts[n] ?? text.length;
      if (scope === "stage") {
        let e = n;
        while (e < count && !/^---/.test(lines.lineText(e))) e++;
        return [lineStart, lines.starts[e] ?? text.length];
      }
      const base = indent(lines.lineText(n));
      let e = n + 1;
      while (e < count) {
        const t = lines.lineText(e);
        if (!/^\s*(#.*)?$/.test(t) && indent(t) <= base) break;
        e++;
      }
      return [from, lines.starts[e] ?? text.length];
    });
    if (d) out.push(d);
  }
  return out;
}
