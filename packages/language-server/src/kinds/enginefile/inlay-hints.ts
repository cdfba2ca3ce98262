/**
 * Enginefile inlay hints (LSP `textDocument/inlayHint`): the resolved value after each `$VAR` reference.
 */
import type { Instruction } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "@enginekit/lint";
import { type InlayHint, InlayHintKind } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";

/** Longest value shown in a hint (longer ones end in `…`). */
const MAX_HINT_LENGTH = 40;

/**
 * Inlay hints with the resolved value of each `$VAR` reference in `[start, end)` (task §2): ` = value`
 * after the reference, with the binding kind as tooltip. References without a value get no hint.
 */
export function enginefileInlayHints(
  document: TextDocument,
  file: AnalyzedEnginefile,
  start: number,
  end: number,
): InlayHint[] {
  const out: InlayHint[] = [];
  const visit = (ins: Instruction) => {
    if (ins.range.end.offset < start || ins.range.start.offset > end) return;
    const scope = file.scopes.get(ins);
    for (const ref of ins.variables) {
      if (ref.range.end.offset < start || ref.range.end.offset > end) continue;
      const binding = scope?.get(ref.name);
      if (binding?.value === undefined) continue;
      const shown =
        binding.value.length > MAX_HINT_LENGTH
          ? `${binding.value.slice(0, MAX_HINT_LENGTH - 1)}…`
          : binding.value;
      out.push({
        position: document.positionAt(ref.range.end.offset),
        label: ` = ${shown}`,
        kind: InlayHintKind.Type,
        tooltip: `${ref.name} (${binding.kind})`,
        paddingLeft: false,
      });
    }
    if (ins.kind === "onbuild" && ins.trigger) visit(ins.trigger);
  };
  for (const ins of file.doc.instructions) visit(ins);
  return out;
}
