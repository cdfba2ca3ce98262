import type { LineIndex } from "@enginekit/text";
import type { AnalyzedEnginefile } from "../enginefile/analysis.js";
import { parseCheckOptions, skippedRuleIds } from "./buildkit-check-directive.js";
import { parsePragma, type SuppressionDirective } from "./directive.js";

function directive(
  lines: LineIndex,
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
      p.ids.length === 0 && p.scope === "file" && !p.foreign
        ? undefined
        : p.ids.map((i) => ({ id: i.id, range: lines.range(textStart + i.start, textStart + i.end) })),
    reason: p.reason,
    range: lines.range(commentStart, commentEnd),
    appliesFrom: from,
    appliesTo: to,
    ...(p.foreign ? { foreign: p.foreign } : {}),
  };
}

/** A comment that reads as a directive (`# name=value`), as BuildKit's parser matches them. */
const DIRECTIVE_LIKE = /^\s*([a-zA-Z][a-zA-Z0-9]*)\s*=\s*(.+?)\s*$/;

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

/**
 * BuildKit's per-instruction `# check=skip=A,B` comments (`WithMergedConfigFromComments`): among the
 * comments before an instruction (an empty `#` comment clears them, as in BuildKit's parser), the first
 * `check=` one applies to that instruction; its value ends at the first space (`# check=skip=A // why`),
 * and one that does not parse is ignored.
 */
function buildkitCheckComments(file: AnalyzedEnginefile): SuppressionDirective[] {
  const { doc } = file;
  const out: SuppressionDirective[] = [];
  const taken = new Set<number>();
  for (let k = 0; k < doc.comments.length; k++) {
    const c = doc.comments[k]!;
    // a directive has `=` (most comments are prose: no match attempted)
    if (!c.text.includes("=")) continue;
    const m = DIRECTIVE_LIKE.exec(c.text);
    if (!m || m[1]?.toLowerCase() !== "check") continue;
    const end = c.range.end.offset;
    const next = doc.instructions[firstStartingAt(doc.instructions, end)];
    if (!next || taken.has(next.range.start.offset)) continue;
    const at = next.range.start.offset;
    const cleared = doc.comments.slice(k + 1).some((o) => o.range.start.offset < at && o.text.trim() === "");
    if (cleared) continue;
    taken.add(at);
    const options = parseCheckOptions((m[2] ?? "").split(" ")[0] ?? "");
    if (!options) continue;
    const names = options.skipAll ? [...skippedRuleIds(options)] : options.skip;
    const range = file.lines.range(c.range.start.offset, end);
    out.push({
      scope: "next",
      ids: names.map((id) => ({ id, range })),
      reason: undefined,
      range,
      appliesFrom: at,
      appliesTo: next.range.end.offset,
      foreign: "BuildKit",
    });
  }
  return out;
}

/**
 * The suppression comments of an Enginefile (comment lines only; heredoc bodies are not comments): ours,
 * hadolint's pragmas and BuildKit's per-instruction check comments.
 */
export function enginefileSuppressions(file: AnalyzedEnginefile): SuppressionDirective[] {
  const out: SuppressionDirective[] = buildkitCheckComments(file);
  const { doc } = file;
  for (const c of doc.comments) {
    // both pragmas say `ignore` (`enginekit-ignore…`, `hadolint ignore=`): other comments are not parsed
    if (!c.text.includes("ignore")) continue;
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
export function manifestSuppressions(text: string, lines: LineIndex): SuppressionDirective[] {
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
