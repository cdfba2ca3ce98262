/**
 * `DocumentRouter`: which open documents the server handles and as what (Enginefile, manifest or none, from
 * name, language id and `manifests` globs), with their shared analysis.
 */
import { globToRegExp } from "@enginekit/text";
import type { TextDocuments } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { ProjectConfigs } from "../config/project-config.js";
import { secretValuesOf } from "../secrets/secret-masking.js";
import { AnalysisCache, type DocumentAnalysis, type EnginefileAnalysis } from "./analysis-cache.js";
import { type DocumentKind, documentKindOf } from "./document-kind.js";

/** A document the server handles, with its analysis for the current version. */
export type Handled = { document: TextDocument; analysis: DocumentAnalysis };

/** An Enginefile the server handles, with its analysis for the current version. */
export type HandledEnginefile = { document: TextDocument; analysis: EnginefileAnalysis };

/**
 * Which open documents the server handles and as what (Enginefile, manifest, or none), with their shared
 * analysis (the parse cache, one parse per version). A document's kind comes from its name or language
 * id (src/documents/document-kind.ts), the editor's `manifests` globs, and its project's `.enginekit.yaml`
 * `manifests` globs (read first, since they may name it).
 */
export class DocumentRouter {
  readonly cache = new AnalysisCache();
  private manifestGlobs: RegExp[] = [];

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly projects: ProjectConfigs,
  ) {}

  /** Sets the editor's extra manifest globs (setting `manifests`). */
  setManifestGlobs(globs: readonly string[]): void {
    this.manifestGlobs = globs.map((glob) => globToRegExp(glob, { pathSuffix: true }));
  }

  /** The document's kind; its project's configuration is read first (the manifests globs may name it). */
  async kindOf(document: TextDocument): Promise<DocumentKind | undefined> {
    await this.projects.ready(document.uri);
    return (
      documentKindOf(document.uri, document.languageId, this.manifestGlobs) ??
      (this.projects.isManifest(document.uri) ? "manifest" : undefined)
    );
  }

  /** The open document at `uri` with its analysis, when the server handles it. */
  async handled(uri: string): Promise<Handled | undefined> {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const kind = await this.kindOf(document);
    if (!kind) return undefined;
    const apiVersion =
      kind === "manifest" ? this.projects.settingsFor(uri, "manifest").manifestApiVersion : undefined;
    return { document, analysis: await this.cache.get(document, kind, apiVersion) };
  }

  /**
   * The document when it is an Enginefile, analysed (synchronously: Enginefile-only features never load
   * the manifest stack or read a configuration file). A name or language id makes a document an
   * Enginefile, never the configuration, so this agrees with {@link handled}.
   */
  enginefile(uri: string): HandledEnginefile | undefined {
    const document = this.documents.get(uri);
    if (!document || documentKindOf(uri, document.languageId, this.manifestGlobs) !== "enginefile")
      return undefined;
    return { document, analysis: this.cache.enginefile(document) };
  }

  /**
   * The build secret ids the document's project provides (`build.secrets` of its `.enginekit.yaml`: ids
   * only, never sources or values), for `id=` completion; undefined without a build configuration.
   */
  buildSecrets(uri: string): readonly string[] | undefined {
    return this.projects.settingsFor(uri, "enginefile").enginefile.buildSecrets;
  }

  /** The secret values of the document's latest analysis (masked in every response about it). */
  secretValues(uri: string): readonly string[] {
    const analysis = this.cache.latest(uri);
    return analysis ? secretValuesOf(analysis) : [];
  }

  /** Forgets a closed document's analysis. */
  forget(uri: string): void {
    this.cache.delete(uri);
  }
}
