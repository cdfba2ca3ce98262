import type { AnalyzedEnginefile, AnalyzedManifest } from "@enginekit/lint";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { analyzeEnginefile } from "../enginefile-linter.js";
import { loadManifestStack } from "../manifest-stack/load-manifest-stack.js";
import { baseNameOf, type DocumentKind } from "./document-kind.js";

/** An Enginefile version's analysis. */
export type EnginefileAnalysis = {
  kind: "enginefile";
  uri: string;
  version: number;
  text: string;
  file: AnalyzedEnginefile;
};

/** A manifest version's analysis. */
export type ManifestAnalysis = {
  kind: "manifest";
  uri: string;
  version: number;
  text: string;
  manifest: AnalyzedManifest;
};

/** One document version parsed once and shared by every feature (the Langium "parse cache"). */
export type DocumentAnalysis = EnginefileAnalysis | ManifestAnalysis;

/**
 * Parses each document version at most once: the first feature that asks for `(uri, version)` parses,
 * later ones (diagnostics, completion, semantic tokens, …) reuse the result. Only the latest version
 * of each document is kept, so memory does not grow with the number of edits. Enginefiles are analysed
 * synchronously; manifests asynchronously, because the first one loads the manifest stack
 * (src/manifest-stack/load-manifest-stack.ts), which Enginefile-only sessions never load.
 */
export class AnalysisCache {
  private readonly entries = new Map<string, DocumentAnalysis>();
  /** How many parses ran (for tests: one per version). */
  parses = 0;

  private cached(document: TextDocument, kind: DocumentKind): DocumentAnalysis | undefined {
    const cached = this.entries.get(document.uri);
    return cached && cached.version === document.version && cached.kind === kind ? cached : undefined;
  }

  private store<A extends DocumentAnalysis>(analysis: A): A {
    this.parses++;
    this.entries.set(analysis.uri, analysis);
    return analysis;
  }

  /** The analysis of `document` as an Enginefile; parses when the cached version is older. Never throws. */
  enginefile(document: TextDocument): EnginefileAnalysis {
    const cached = this.cached(document, "enginefile");
    if (cached?.kind === "enginefile") return cached;
    const text = document.getText();
    const file = analyzeEnginefile(text, { fileName: baseNameOf(document.uri) });
    return this.store({ kind: "enginefile", uri: document.uri, version: document.version, text, file });
  }

  /**
   * The analysis of `document` as `kind`; parses when the cached version is older. Rejects only when the
   * manifest stack cannot be loaded.
   */
  async get(document: TextDocument, kind: DocumentKind): Promise<DocumentAnalysis> {
    if (kind === "enginefile") return this.enginefile(document);
    const cached = this.cached(document, kind);
    if (cached) return cached;
    const { analyzeManifest } = await loadManifestStack();
    // Another request may have analysed this version while the stack was loading.
    const again = this.cached(document, kind);
    if (again) return again;
    const text = document.getText();
    const manifest = analyzeManifest(text, baseNameOf(document.uri));
    return this.store({ kind, uri: document.uri, version: document.version, text, manifest });
  }

  /** Forgets a closed document. */
  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
