/**
 * `AnalysisCache`: each document version parsed and analysed once and shared by every feature (the Langium
 * parse cache), with the size limit beyond which only a prefix is analysed.
 */
import type { AnalyzedComposeFile, AnalyzedEnginefile, AnalyzedManifest } from "@enginekit/lint";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { analyzeEnginefile } from "../enginefile-linter.js";
import { loadManifestStack } from "../manifest-stack/load-manifest-stack.js";
import { baseNameOf, type DocumentKind } from "./document-kind.js";
import { filePathOf } from "./ignore-files.js";

/**
 * Largest part of a document the server analyses, in UTF-16 code units (8 Mi, about 8 MB of ASCII; the
 * largest Enginefile of the corpus is under 100 kB). Beyond it only the lines before the limit are read
 * and the diagnostics say where the rest starts (#14 "Limits with clear findings").
 */
export const MAX_ANALYSED_CHARS = 8 * 1024 * 1024;

/** What every analysis holds: the document version and the text analysed (a prefix when it was cut). */
interface AnalysisBase {
  uri: string;
  version: number;
  text: string;
  /** Offset where the analysis stopped, when the document is longer than {@link MAX_ANALYSED_CHARS}. */
  cutAt?: number;
}

/** An Enginefile version's analysis. */
export type EnginefileAnalysis = AnalysisBase & { kind: "enginefile"; file: AnalyzedEnginefile };

/** A manifest version's analysis. */
type ManifestAnalysis = AnalysisBase & {
  kind: "manifest";
  manifest: AnalyzedManifest;
  /** The engine API version the manifest was checked against (the project's `apiVersion`), if set. */
  apiVersion?: string;
};

/** A Compose file version's analysis: the file checked within its project (docs/compose.md). */
export type ComposeAnalysis = AnalysisBase & { kind: "compose"; compose: AnalyzedComposeFile };

/** The text to analyse: the whole document, or its lines before {@link MAX_ANALYSED_CHARS}. */
function analysedText(document: TextDocument): { text: string; cutAt?: number } {
  const text = document.getText();
  if (text.length <= MAX_ANALYSED_CHARS) return { text };
  const lineEnd = text.lastIndexOf("\n", MAX_ANALYSED_CHARS - 1);
  const cutAt = lineEnd > 0 ? lineEnd + 1 : MAX_ANALYSED_CHARS;
  return { text: text.slice(0, cutAt), cutAt };
}

/** One document version parsed once and shared by every feature (the Langium "parse cache"). */
export type DocumentAnalysis = EnginefileAnalysis | ManifestAnalysis | ComposeAnalysis;

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
    const { text, cutAt } = analysedText(document);
    const file = analyzeEnginefile(text, { fileName: baseNameOf(document.uri) });
    return this.store({
      kind: "enginefile",
      uri: document.uri,
      version: document.version,
      text,
      file,
      ...(cutAt === undefined ? {} : { cutAt }),
    });
  }

  /**
   * The analysis of `document` as `kind`; parses when the cached version is older (or, for a manifest, was
   * checked against another `apiVersion`: the project's `.enginekit.yaml` `apiVersion`, as `enginekit
   * lint` uses it). Rejects only when the manifest stack cannot be loaded.
   */
  async get(document: TextDocument, kind: DocumentKind, apiVersion?: string): Promise<DocumentAnalysis> {
    if (kind === "enginefile") return this.enginefile(document);
    if (kind === "compose") return this.compose(document);
    const current = (a: DocumentAnalysis | undefined) =>
      a?.kind === "manifest" && a.apiVersion === apiVersion ? a : undefined;
    const cached = current(this.cached(document, kind));
    if (cached) return cached;
    const { analyzeManifest } = await loadManifestStack();
    // Another request may have analysed this version while the stack was loading.
    const again = current(this.cached(document, kind));
    if (again) return again;
    const { text, cutAt } = analysedText(document);
    const manifest = analyzeManifest(text, baseNameOf(document.uri), apiVersion);
    return this.store({
      kind,
      uri: document.uri,
      version: document.version,
      text,
      manifest,
      ...(apiVersion === undefined ? {} : { apiVersion }),
      ...(cutAt === undefined ? {} : { cutAt }),
    });
  }

  /**
   * The analysis of `document` as a Compose file: its project (override, `extends`, `include`, `.env`) read
   * from disk beside it, this document's text in place of its file, variables from the server's environment
   * then `.env`, as `enginekit lint` reads them.
   */
  private async compose(document: TextDocument): Promise<ComposeAnalysis> {
    const cached = this.cached(document, "compose");
    if (cached?.kind === "compose") return cached;
    const { analyzeComposeFile, memoryFileSystem, nodeFileSystem } = await loadManifestStack();
    const again = this.cached(document, "compose");
    if (again?.kind === "compose") return again;
    const { text, cutAt } = analysedText(document);
    // an unsaved document (untitled:) is a project of its own text alone
    const path = filePathOf(document.uri);
    const compose = path
      ? analyzeComposeFile(text, path, { fileSystem: nodeFileSystem, environment: process.env })
      : analyzeComposeFile(text, `/untitled/${baseNameOf(document.uri) || "compose.yaml"}`, {
          fileSystem: memoryFileSystem({}),
          environment: {},
        });
    return this.store({
      kind: "compose",
      uri: document.uri,
      version: document.version,
      text,
      compose,
      ...(cutAt === undefined ? {} : { cutAt }),
    });
  }

  /** The latest analysis of `uri`, whatever its version (undefined when none was made or it was closed). */
  latest(uri: string): DocumentAnalysis | undefined {
    return this.entries.get(uri);
  }

  /** Forgets a closed document. */
  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
