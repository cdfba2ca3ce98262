/**
 * Enginefile hover (LSP `textDocument/hover`): instruction, flag, `--mount` option and directive docs, a
 * variable's value at that instruction, and HEALTHCHECK durations in plain units.
 */
import { parseHealthcheckDuration } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "@enginekit/lint";
import { type Hover, MarkupKind } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { instructionAt } from "./cursor-context.js";
import { DIRECTIVES, FLAGS, instructionDocsUrl, instructionReference, MOUNT_OPTIONS } from "./syntax-docs.js";
import { describeBinding, variableAt } from "./variable-at.js";

const UNITS: [bigint, string][] = [
  [3_600_000_000_000n, "hour"],
  [60_000_000_000n, "minute"],
  [1_000_000_000n, "second"],
  [1_000_000n, "millisecond"],
  [1_000n, "microsecond"],
  [1n, "nanosecond"],
];

/** A duration in nanoseconds in plain units, e.g. `1 minute 30 seconds`. */
function plainDuration(nanoseconds: bigint): string {
  if (nanoseconds === 0n) return "0 (the default)";
  const parts: string[] = [];
  let rest = nanoseconds < 0n ? -nanoseconds : nanoseconds;
  for (const [size, unit] of UNITS) {
    const n = rest / size;
    if (n > 0n) parts.push(`${n} ${unit}${n === 1n ? "" : "s"}`);
    rest %= size;
  }
  return (nanoseconds < 0n ? "minus " : "") + parts.join(" ");
}

function hoverAt(document: TextDocument, start: number, end: number, value: string): Hover {
  return {
    contents: { kind: MarkupKind.Markdown, value },
    range: { start: document.positionAt(start), end: document.positionAt(end) },
  };
}

const inside = (r: { start: { offset: number }; end: { offset: number } }, offset: number) =>
  r.start.offset <= offset && offset <= r.end.offset;

/**
 * Hover in an Enginefile (task §2): instruction, flag, `--mount` option and parser-directive docs, a
 * variable's resolved value at that instruction, and HEALTHCHECK durations in plain units.
 */
export function enginefileHover(
  document: TextDocument,
  file: AnalyzedEnginefile,
  offset: number,
): Hover | null {
  for (const d of file.doc.directives) {
    if (inside(d.range, offset)) {
      const ref = DIRECTIVES.find((r) => r.name === d.name);
      if (ref)
        return hoverAt(
          document,
          d.range.start.offset,
          d.range.end.offset,
          `**${ref.syntax}**\n\n${ref.summary}`,
        );
    }
  }
  const ins = instructionAt(file, offset);
  if (!ins) return null;
  const variable = variableAt(ins, offset);
  if (variable) {
    const text =
      describeBinding(file, ins, variable.name) ??
      `\`${variable.name}\` is not declared before this instruction.`;
    return hoverAt(document, variable.start, variable.end, text);
  }
  if (inside(ins.keywordRange, offset)) {
    const ref = instructionReference(ins.keyword);
    if (!ref) return null;
    const value = `**${ref.keyword}**${ref.deprecated ? " (deprecated)" : ""}\n\n${ref.summary}\n\n\`\`\`\n${ref.syntax.join("\n")}\n\`\`\`\n\n[Online documentation](${instructionDocsUrl(ref.keyword)})`;
    return hoverAt(document, ins.keywordRange.start.offset, ins.keywordRange.end.offset, value);
  }
  for (const flag of ins.flags) {
    if (!inside(flag.range, offset)) continue;
    if (ins.kind === "run" && flag.name === "mount" && flag.valueRange && inside(flag.valueRange, offset)) {
      const mount = ins.mounts.find((m) => m.flag === flag);
      const option = mount?.options.find((o) => inside(o.range, offset));
      const ref = option && MOUNT_OPTIONS.find((o) => o.key === option.key);
      if (option && ref)
        return hoverAt(
          document,
          option.range.start.offset,
          option.range.end.offset,
          `**--mount ${ref.key}** (${ref.types.join(", ")})\n\n${ref.summary}`,
        );
    }
    const ref = FLAGS.find((f) => f.name === flag.name && f.instructions.includes(ins.keyword.toUpperCase()));
    if (!ref)
      return hoverAt(
        document,
        flag.range.start.offset,
        flag.range.end.offset,
        `Unknown flag \`--${flag.name}\` for ${ins.keyword.toUpperCase()}.`,
      );
    let value = `**${ref.syntax}**\n\n${ref.summary}`;
    if (ins.kind === "healthcheck" && flag.value !== undefined && flag.name !== "retries") {
      const parsed = parseHealthcheckDuration(flag.name, flag.value);
      value += parsed.ok
        ? `\n\n\`${flag.value}\` = ${plainDuration(parsed.nanoseconds)}`
        : `\n\n\`${flag.value}\`: ${parsed.error}`;
    }
    return hoverAt(document, flag.range.start.offset, flag.range.end.offset, value);
  }
  return null;
}
