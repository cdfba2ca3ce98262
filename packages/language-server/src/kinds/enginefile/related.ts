/**
 * `relatedInformation`: the other locations a finding's message points at (LSP
 * `DiagnosticRelatedInformation`), such as the first stage of a duplicate stage name.
 */
import type { Finding } from "@enginekit/lint";
import type { DiagnosticRelatedInformation } from "vscode-languageserver";
import { toLspRange } from "../../diagnostics/to-lsp.js";
import type { EnginefileAnalysis } from "./analysis.js";

/**
 * Related locations of a finding, for rules whose message points at another place in the file:
 * `duplicate-stage-name` → the first stage with that name; `copy-from-self` / `copy-from-unknown-stage`
 * have none. Empty for everything else.
 */
export function relatedInformation(
  finding: Finding,
  analysis: EnginefileAnalysis,
): DiagnosticRelatedInformation[] {
  if (finding.ruleId !== "duplicate-stage-name") return [];
  const name = analysis.text.slice(finding.range.start.offset, finding.range.end.offset).toLowerCase();
  const first = analysis.file.doc.stages.find((s) => s.name === name && s.from.stageName);
  if (!first?.from.stageName || first.from.stageName.range.start.offset === finding.range.start.offset)
    return [];
  return [
    {
      location: { uri: analysis.uri, range: toLspRange(first.from.stageName.range) },
      message: `stage "${name}" is first declared here`,
    },
  ];
}
