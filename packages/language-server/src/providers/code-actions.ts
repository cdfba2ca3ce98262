/**
 * Code actions (LSP `textDocument/codeAction`), shared by every kind: each diagnostic's quick fix and an
 * "Ignore <rule> here" action inserting an `# enginekit-ignore` comment (`quickFixProvider` makes a kind's
 * provider of them).
 */
import type { Finding } from "@enginekit/lint";
import {
  type CodeAction,
  CodeActionKind,
  type CodeActionParams,
  type Diagnostic,
} from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { DIAGNOSTIC_SOURCE, type DiagnosticData, toLspEdits } from "../diagnostics/to-lsp.js";
import type { DocumentKind } from "../documents/document-kind.js";
import type { AnalysisBase, KindDocument, Provider } from "../kinds/language-services.js";
import type { ServerServices } from "../lsp/server-services.js";
import { didYouMeanFix } from "./did-you-mean.js";

/** Where a suppression comment for a diagnostic goes: the line to insert before and its indentation. */
export type IgnoreAnchor = (diagnostic: Diagnostic) => { line: number } | undefined;

function sameRange(a: Diagnostic["range"], f: Finding["range"]): boolean {
  return (
    a.start.line === f.start.line &&
    a.start.character === f.start.character &&
    a.end.line === f.end.line &&
    a.end.character === f.end.character
  );
}

/**
 * Code actions for the diagnostics in a request's context (task §2): the rule's quick fix (from
 * `diagnostic.data`, or from the latest findings when the client dropped `data`, else the replacement a
 * "Did you mean X?" message suggests, ./did-you-mean.ts), preferred; and
 * "Ignore <rule> here", inserting `# enginekit-ignore <id>` above the anchor line (`anchor` says which
 * line: the instruction's first line in Enginefiles, the finding's line in YAML; none for JSON).
 */
function quickFixes(
  document: TextDocument,
  diagnostics: readonly Diagnostic[],
  findings: readonly Finding[],
  kind: DocumentKind,
  anchor: IgnoreAnchor,
): CodeAction[] {
  const out: CodeAction[] = [];
  const ignored = new Set<string>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== DIAGNOSTIC_SOURCE || typeof diagnostic.code !== "string") continue;
    const id = diagnostic.code;
    const data = diagnostic.data as DiagnosticData | undefined;
    const finding = findings.find((f) => f.ruleId === id && sameRange(diagnostic.range, f.range));
    const fix =
      data?.fix ??
      (finding?.fix ? { title: finding.fix.title, edits: toLspEdits(finding.fix) } : undefined) ??
      didYouMeanFix(document, diagnostic);
    if (fix)
      out.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: true,
        edit: { changes: { [document.uri]: fix.edits } },
      });
    const at = anchor(diagnostic);
    if (!at || id === "parse-error" || id === "manifest/syntax" || ignored.has(`${id}@${at.line}`)) continue;
    ignored.add(`${id}@${at.line}`);
    const lineText = document.getText({
      start: { line: at.line, character: 0 },
      end: { line: at.line + 1, character: 0 },
    });
    const indent = /^[ \t]*(- )?/.exec(lineText)?.[0].replace("- ", "  ") ?? "";
    const eol = lineText.endsWith("\r\n") ? "\r\n" : "\n";
    out.push({
      title: `Ignore ${id} here`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      edit: {
        changes: {
          [document.uri]: [
            {
              range: { start: { line: at.line, character: 0 }, end: { line: at.line, character: 0 } },
              newText: `${kind === "manifest" ? indent.replace(/- $/, "") : indent}# enginekit-ignore ${id}${eol}`,
            },
          ],
        },
      },
    });
  }
  return out;
}

/**
 * A kind's `codeAction` provider: {@link quickFixes} for the request's diagnostics, with the document's
 * latest findings (the diagnostics service keeps them) and the kind's `anchor` for suppression comments.
 */
export function quickFixProvider<A extends AnalysisBase>(
  shared: Pick<ServerServices, "diagnostics">,
  anchor: (doc: KindDocument<A>) => IgnoreAnchor,
): Provider<CodeActionParams, CodeAction[], A> {
  return (params, doc) =>
    quickFixes(
      doc.document,
      Array.isArray(params.context?.diagnostics) ? params.context.diagnostics : [],
      shared.diagnostics.latest(doc.document.uri),
      doc.analysis.kind,
      anchor(doc),
    );
}
