import {
  type AnalyzedEnginefile,
  type AnalyzedManifest,
  analyzeEnginefile,
  analyzeManifest,
} from "@enginekit/lint";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { baseNameOf, type DocumentKind } from "./document-kind.js";

/** One document version parsed once and shared by every feature (the Langium "parse cache"). */
export type DocumentAnalysis =
  | { kind: "enginefile"; uri: string; version: number; text: string; file: AnalyzedEnginefile }
  | { kind: "manifest"; uri: string; version: number; text: string; manifest: AnalyzedManifest };

/**
 * Parses each document version at most once: the first feature that asks for `(uri, version)` parses,
 * later ones (diagnostics, completion, semantic tokens, …) reuse the result. Only the latest version
 * of each document is kept, so memory does not grow with the number of edits.
 */
export class AnalysisCache {
  private readonly entries = new Map<string, DocumentAnalysis>();
  /** How many parses ran (for tests: one per version). */
  parses = 0;

  /** The analysis of `document` as `kind`; parses when the cached version is older. Never throws. */
  get(document: TextDocument, kind: DocumentKind): DocumentAnalysis {
    const cached = this.entries.get(document.uri);
    if (cached && cached.version === document.version && cached.kind === kind) return cached;
    const text = document.getText();
    const fileName = baseNameOf(document.uri);
    this.parses++;
    const analysis: DocumentAnalysis =
      kind === "enginefile"
        ? {
            kind,
            uri: document.uri,
            version: document.version,
            text,
            file: analyzeEnginefile(text, { fileName }),
          }
        : {
            kind,
            uri: document.uri,
            version: document.version,
            text,
            manifest: analyzeManifest(text, fileName),
          };
    this.entries.set(document.uri, analysis);
    return analysis;
  }

  /** Forgets a closed document. */
  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
