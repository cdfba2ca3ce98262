/**
 * `LanguageServices`: what one document kind gives the server, after Langium's per-language services module
 * (`createXxxServices`): the analysis of a document version, its findings, and one provider per LSP feature,
 * each optional. A kind's module (`kinds/<kind>/services.ts`) exports `createServices(shared)`, which wires
 * them in one place; the feature table (src/lsp/feature-table.ts) calls the provider of the document's kind
 * and answers the request's empty value when the kind has none.
 */
import type { Finding, LintSettings } from "@enginekit/lint";
import type {
  CancellationToken,
  CodeAction,
  CodeActionParams,
  CompletionItem,
  CompletionList,
  CompletionParams,
  Definition,
  DefinitionParams,
  DiagnosticRelatedInformation,
  DocumentFormattingParams,
  DocumentHighlight,
  DocumentHighlightParams,
  DocumentLink,
  DocumentLinkParams,
  DocumentOnTypeFormattingParams,
  DocumentRangeFormattingParams,
  DocumentSymbol,
  DocumentSymbolParams,
  FoldingRange,
  FoldingRangeParams,
  Hover,
  HoverParams,
  InlayHint,
  InlayHintParams,
  Location,
  LocationLink,
  PrepareRenameParams,
  PrepareRenameResult,
  ReferenceParams,
  RenameParams,
  SelectionRange,
  SelectionRangeParams,
  SemanticTokens,
  SemanticTokensDelta,
  SemanticTokensDeltaParams,
  SemanticTokensParams,
  SemanticTokensRangeParams,
  SignatureHelp,
  SignatureHelpParams,
  SymbolInformation,
  TextEdit,
  WorkspaceEdit,
} from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { DocumentKind } from "../documents/document-kind.js";
import type { ServerServices } from "../lsp/server-services.js";

/** What every analysis holds: the document version and the text analysed (a prefix when it was cut). */
export interface AnalysisBase {
  kind: DocumentKind;
  uri: string;
  version: number;
  text: string;
  /** Offset where the analysis stopped, when the document is longer than the server's limit. */
  cutAt?: number;
}

/** What a kind's `analyze` receives: the document, the text to analyse (a prefix when it was cut). */
export interface AnalysisInput {
  document: TextDocument;
  /** The whole text, or its lines before the server's size limit (src/documents/analysis-cache.ts). */
  text: string;
  cutAt?: number;
  /** The engine API version the project targets (`.enginekit.yaml` `apiVersion`), if set. */
  apiVersion?: string;
}

/** A document of one kind with its analysis for the current version: what every provider receives. */
export interface KindDocument<A extends AnalysisBase = AnalysisBase> {
  document: TextDocument;
  analysis: A;
}

/** One LSP feature of one kind: the request's params, the document and its analysis, the request's token. */
export type Provider<P, R, A extends AnalysisBase> = (
  params: P,
  doc: KindDocument<A>,
  token: CancellationToken,
) => R | Promise<R>;

/**
 * The providers a kind may give, by the LSP feature they answer (the feature table's keys). A kind leaves
 * out what it does not support; the table then answers the request's empty value.
 */
export interface KindProviders<A extends AnalysisBase> {
  completion: Provider<CompletionParams, CompletionItem[] | CompletionList, A>;
  hover: Provider<HoverParams, Hover | null, A>;
  signatureHelp: Provider<SignatureHelpParams, SignatureHelp | null, A>;
  definition: Provider<DefinitionParams, Definition | LocationLink[] | null, A>;
  references: Provider<ReferenceParams, Location[] | null, A>;
  documentHighlight: Provider<DocumentHighlightParams, DocumentHighlight[] | null, A>;
  prepareRename: Provider<PrepareRenameParams, PrepareRenameResult | null, A>;
  rename: Provider<RenameParams, WorkspaceEdit | null, A>;
  documentSymbol: Provider<DocumentSymbolParams, DocumentSymbol[] | SymbolInformation[] | null, A>;
  codeAction: Provider<CodeActionParams, CodeAction[] | null, A>;
  formatting: Provider<DocumentFormattingParams, TextEdit[] | null, A>;
  rangeFormatting: Provider<DocumentRangeFormattingParams, TextEdit[] | null, A>;
  onTypeFormatting: Provider<DocumentOnTypeFormattingParams, TextEdit[] | null, A>;
  foldingRange: Provider<FoldingRangeParams, FoldingRange[] | null, A>;
  selectionRange: Provider<SelectionRangeParams, SelectionRange[] | null, A>;
  documentLink: Provider<DocumentLinkParams, DocumentLink[] | null, A>;
  semanticTokens: Provider<SemanticTokensParams, SemanticTokens, A>;
  semanticTokensDelta: Provider<SemanticTokensDeltaParams, SemanticTokens | SemanticTokensDelta, A>;
  semanticTokensRange: Provider<SemanticTokensRangeParams, SemanticTokens, A>;
  inlayHint: Provider<InlayHintParams, InlayHint[] | null, A>;
}

/** The name of one provider (a key of {@link KindProviders}). */
export type ProviderName = keyof KindProviders<AnalysisBase>;

/**
 * Everything one document kind gives the server (the Langium "language services"): how a version is analysed
 * and linted, its providers, and its part in the document life cycle. Created once per server by the kind
 * module's `createServices` when the first document of the kind is opened.
 */
export interface LanguageServices<A extends AnalysisBase = AnalysisBase> extends Partial<KindProviders<A>> {
  readonly kind: DocumentKind;
  /**
   * Analyses one document version; the server's parse cache (src/documents/analysis-cache.ts) calls it once
   * per version (and `apiVersion`) and shares the result with every feature. Never throws.
   */
  analyze(input: AnalysisInput): A;
  /**
   * The diagnostics' findings of a document version with the project's lint `settings` (the same model as
   * `enginekit lint`); undefined when the work was superseded (the document changed meanwhile).
   */
  findings(doc: KindDocument<A>, settings: LintSettings): Promise<Finding[] | undefined>;
  /** Other locations a finding's message points at (LSP related information). */
  related?(finding: Finding, analysis: A): DiagnosticRelatedInformation[];
  /** Fills what a completion list left out (`completionItem/resolve`); undefined when the item is not this kind's. */
  resolveCompletionItem?(item: CompletionItem): CompletionItem | undefined;
  /** The user is looking at `uri` (a request or an edit there): its background work goes first. */
  focus?(uri: string): void;
  /** A document of this kind was closed. */
  closed?(uri: string): void;
  /**
   * Files changed on disk (absolute paths; all when undefined): returns true when this kind's analyses
   * depend on them (its open documents are then checked again).
   */
  filesChanged?(paths: readonly string[] | undefined): boolean;
  /** Stops timers and processes (shutdown). */
  dispose?(): void;
}

/**
 * The services of some kind, whose analysis type the caller does not know (the router gives each provider
 * the analysis its own kind made, so the providers' parameter types hold).
 */
// biome-ignore lint/suspicious/noExplicitAny: each kind's analysis type; providers are invariant in it
export type SomeLanguageServices = LanguageServices<any>;

/** A kind's module (`kinds/<kind>/services.ts`), imported when the first document of the kind is opened. */
export interface KindModule {
  /** Wires the kind's services over the server's shared ones (the Langium `createXxxServices` shape). */
  createServices(shared: ServerServices): SomeLanguageServices;
}
