/**
 * Folding ranges of an Enginefile (`textDocument/foldingRange`): stages, multi-line instructions and
 * runs of comment lines, by line, as the peer (rcjsuen's dockerFolding.ts) folds them.
 */
import type { AnalyzedEnginefile } from "@enginekit/lint";
import { type FoldingRange, FoldingRangeKind } from "vscode-languageserver";

/** Folding ranges: stages, multi-line instructions, heredoc bodies and runs of comment lines. */
export function enginefileFolding(file: AnalyzedEnginefile): FoldingRange[] {
  const out: FoldingRange[] = [];
  for (const stage of file.doc.stages) {
    if (stage.range.end.line > stage.range.start.line)
      out.push({
        startLine: stage.range.start.line,
        endLine: stage.range.end.line,
        kind: FoldingRangeKind.Region,
      });
  }
  for (const ins of file.doc.instructions) {
    if (ins.range.end.line > ins.range.start.line)
      out.push({ startLine: ins.range.start.line, endLine: ins.range.end.line });
  }
  let run: { start: number; end: number } | undefined;
  for (const c of file.doc.comments) {
    const line = c.range.start.line;
    if (run && line === run.end + 1) run.end = line;
    else {
      if (run && run.end > run.start)
        out.push({ startLine: run.start, endLine: run.end, kind: FoldingRangeKind.Comment });
      run = { start: line, end: line };
    }
  }
  if (run && run.end > run.start)
    out.push({ startLine: run.start, endLine: run.end, kind: FoldingRangeKind.Comment });
  return out;
}
