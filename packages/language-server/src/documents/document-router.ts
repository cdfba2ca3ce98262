/**
 * `DocumentRouter`: which open documents the server handles and as what kind (from name, language id and the
 * `manifests` globs), with their kind's services (src/kinds/) and their shared analysis.
 */
import { globToRegExp } from "@enginekit/text";
import type { TextDocuments } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { ProjectConfigs } from "../config/project-config.js";
import type { KindRegistry } from "../kinds/kind-registry.js";
import type { AnalysisBase, KindDocument, SomeLanguageServices } from "../kinds/language-services.js";
import { secretValuesOf } from "../secrets/secret-masking.js";
import { AnalysisCache } from "./analysis-cache.js";
import { type DocumentKind, documentKindOf } from "./document-kind.js";

/** A document the server handles: its analysis for the current version and its kind's services. */
export type Handled = KindDocument<AnalysisBase> & { services: SomeLanguageServices };

/**
 * Which open documents the server handles and as what kind, with their analysis (the parse cache, one
 * analysis per version) and their kind's services, loaded by the first document of the kind
 * (src/kinds/kind-registry.ts). A document's kind comes from its name or language id
 * (src/documents/document-kind.ts), the editor's `manifests` globs, and its project's `.enginekit.yaml`
 * `manifests` globs (read first, since they may name it).
 */
export class DocumentRouter {
  readonly cache = new AnalysisCache();
  private manifestGlobs: RegExp[] = [];

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly projects: ProjectConfigs,
    readonly kinds: KindRegistry,
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

  /**
   * The open document at `uri` with its analysis and its kind's services, when the server handles it (the
   * kind's module is loaded by the first document of the kind). Rejects only when that module cannot be loaded.
   */
  async handled(uri: string): Promise<Handled | undefined> {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const kind = await this.kindOf(document);
    if (!kind) return undefined;
    const services = await this.kinds.services(kind);
    const analysis = this.cache.get(document, services, this.projects.apiVersionFor(uri));
    return { document, analysis, services };
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

  /** Whether the document's latest analysis is of `kind`. */
  isOfKind(uri: string, kind: DocumentKind): boolean {
    return this.cache.latest(uri)?.kind === kind;
  }

  /** Forgets a closed document's analysis; its kind's services are told. */
  forget(uri: string): void {
    const kind = this.cache.latest(uri)?.kind;
    this.cache.delete(uri);
    if (kind) this.kinds.loadedServices(kind)?.closed?.(uri);
  }
}
