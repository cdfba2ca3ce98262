/**
 * `FEATURES`: every LSP request the server answers, each routed to the provider of the document's kind
 * (src/kinds/<kind>/services.ts), with the capability each adds to the `initialize` result (the LSP 3.17
 * method names).
 */
import {
  type CancellationToken,
  type CodeAction,
  CodeActionRequest,
  type CompletionItem,
  type CompletionList,
  CompletionRequest,
  CompletionResolveRequest,
  DefinitionRequest,
  DocumentDiagnosticReportKind,
  DocumentDiagnosticRequest,
  DocumentFormattingRequest,
  DocumentHighlightRequest,
  DocumentLinkRequest,
  DocumentOnTypeFormattingRequest,
  DocumentRangeFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  InlayHintRequest,
  PrepareRenameRequest,
  type ProtocolRequestType,
  ReferencesRequest,
  RenameRequest,
  SelectionRangeRequest,
  SemanticTokensDeltaRequest,
  SemanticTokensRangeRequest,
  SemanticTokensRequest,
  type ServerCapabilities,
  SignatureHelpRequest,
} from "vscode-languageserver";
import { KIND_TABLE, unionOverKinds } from "../kinds/kind-table.js";
import type { AnalysisBase, KindDocument, KindProviders, ProviderName } from "../kinds/language-services.js";
import { type ParamsShape, requestFeature, type ServerFeature } from "./server-feature.js";
import type { ServerServices } from "./server-services.js";

type ParamsOf<K extends ProviderName> = Parameters<KindProviders<AnalysisBase>[K]>[0];
type ResultOf<K extends ProviderName> = Awaited<ReturnType<KindProviders<AnalysisBase>[K]>>;

/**
 * One row of the table for a document request: the document's kind is looked up once (its services loaded
 * with the first document of the kind), and the kind's `provider` answers; a document the server does not
 * handle, or a kind without that provider, gets `fallback`.
 */
function kindFeature<K extends ProviderName>(
  provider: K,
  spec: {
    // biome-ignore lint/suspicious/noExplicitAny: the protocol's request types differ in their extra type parameters
    type: ProtocolRequestType<ParamsOf<K>, any, any, any, any>;
    params: Exclude<ParamsShape, "item">;
    capabilities(client: Parameters<ServerFeature["capabilities"]>[0]): ServerCapabilities;
    fallback: ResultOf<K>;
    /** Whether the feature is on (a setting); off, every kind answers `fallback`. */
    enabled?(services: ServerServices): boolean;
  },
): ServerFeature {
  return requestFeature<ParamsOf<K>, ResultOf<K>>({
    ...spec,
    provide: async (params, services: ServerServices, token: CancellationToken): Promise<ResultOf<K>> => {
      const fallback = spec.fallback as ResultOf<K>;
      if (spec.enabled && !spec.enabled(services)) return fallback;
      const uri = (params as { textDocument: { uri: string } }).textDocument.uri;
      const h = await services.router.handled(uri);
      const run = h?.services[provider] as
        | ((p: ParamsOf<K>, doc: KindDocument, token: CancellationToken) => unknown)
        | undefined;
      if (!h || !run) return fallback;
      return ((await run(params, h, token)) ?? fallback) as ResultOf<K>;
    },
  });
}

/** The semantic tokens' legend: the one kind that has semantic tokens gives it (LSP allows one per server). */
const LEGEND = Object.values(KIND_TABLE).find((entry) => entry.semanticTokensLegend)?.semanticTokensLegend;

/**
 * Every request the server answers: method → the provider of the document's kind, with what each adds to
 * the `initialize` result (the capabilities are derived from this table and the kind table, never listed
 * apart from them). Providers are wired per kind in src/kinds/<kind>/services.ts; this table names no kind.
 */
export const FEATURES: readonly ServerFeature[] = [
  requestFeature({
    type: DocumentDiagnosticRequest.type,
    params: "document",
    capabilities: (client) =>
      client.textDocument?.diagnostic
        ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } }
        : {},
    fallback: { kind: DocumentDiagnosticReportKind.Full, items: [] },
    provide: async (p, s) => ({
      kind: DocumentDiagnosticReportKind.Full as typeof DocumentDiagnosticReportKind.Full,
      items: await s.diagnostics.report(p.textDocument.uri),
    }),
  }),
  kindFeature("completion", {
    type: CompletionRequest.type,
    params: "position",
    capabilities: () => ({
      completionProvider: {
        triggerCharacters: unionOverKinds((k) => k.completionTriggerCharacters),
        resolveProvider: true,
      },
    }),
    fallback: [] as CompletionItem[] | CompletionList,
  }),
  requestFeature({
    type: CompletionResolveRequest.type,
    params: "item",
    capabilities: () => ({}),
    fallback: null as unknown as CompletionItem,
    // an item comes from a kind already loaded: the first that knows it fills it in
    provide: (p, s) => {
      for (const kind of s.router.kinds.loaded()) {
        const resolved = kind.resolveCompletionItem?.(p);
        if (resolved) return resolved;
      }
      return p;
    },
  }),
  kindFeature("selectionRange", {
    type: SelectionRangeRequest.type,
    params: "document",
    capabilities: () => ({ selectionRangeProvider: true }),
    fallback: [],
  }),
  kindFeature("hover", {
    type: HoverRequest.type,
    params: "position",
    capabilities: () => ({ hoverProvider: true }),
    fallback: null,
  }),
  kindFeature("signatureHelp", {
    type: SignatureHelpRequest.type,
    params: "position",
    capabilities: () => ({
      signatureHelpProvider: { triggerCharacters: unionOverKinds((k) => k.signatureTriggerCharacters) },
    }),
    fallback: null,
  }),
  kindFeature("definition", {
    type: DefinitionRequest.type,
    params: "position",
    capabilities: () => ({ definitionProvider: true }),
    fallback: [],
  }),
  kindFeature("references", {
    type: ReferencesRequest.type,
    params: "position",
    capabilities: () => ({ referencesProvider: true }),
    fallback: [],
  }),
  kindFeature("documentHighlight", {
    type: DocumentHighlightRequest.type,
    params: "position",
    capabilities: () => ({ documentHighlightProvider: true }),
    fallback: [],
  }),
  kindFeature("prepareRename", {
    type: PrepareRenameRequest.type,
    params: "position",
    capabilities: () => ({}),
    fallback: null,
  }),
  kindFeature("rename", {
    type: RenameRequest.type,
    params: "position",
    capabilities: () => ({ renameProvider: { prepareProvider: true } }),
    fallback: null,
  }),
  kindFeature("documentSymbol", {
    type: DocumentSymbolRequest.type,
    params: "document",
    capabilities: () => ({ documentSymbolProvider: true }),
    fallback: [],
  }),
  kindFeature("codeAction", {
    type: CodeActionRequest.type,
    params: "range",
    capabilities: () => ({ codeActionProvider: { codeActionKinds: ["quickfix"] } }),
    fallback: [] as CodeAction[],
  }),
  kindFeature("formatting", {
    type: DocumentFormattingRequest.type,
    params: "document",
    capabilities: () => ({ documentFormattingProvider: true }),
    fallback: [],
  }),
  kindFeature("rangeFormatting", {
    type: DocumentRangeFormattingRequest.type,
    params: "range",
    capabilities: () => ({ documentRangeFormattingProvider: true }),
    fallback: [],
  }),
  kindFeature("onTypeFormatting", {
    type: DocumentOnTypeFormattingRequest.type,
    params: "position",
    capabilities: () => ({
      documentOnTypeFormattingProvider: { firstTriggerCharacter: "\\", moreTriggerCharacter: ["`", "\n"] },
    }),
    fallback: [],
  }),
  kindFeature("foldingRange", {
    type: FoldingRangeRequest.type,
    params: "document",
    capabilities: () => ({ foldingRangeProvider: true }),
    fallback: [],
  }),
  kindFeature("documentLink", {
    type: DocumentLinkRequest.type,
    params: "document",
    capabilities: () => ({ documentLinkProvider: { resolveProvider: false } }),
    fallback: [],
  }),
  kindFeature("semanticTokens", {
    type: SemanticTokensRequest.type,
    params: "document",
    capabilities: () =>
      LEGEND ? { semanticTokensProvider: { legend: LEGEND, full: { delta: true }, range: true } } : {},
    fallback: { data: [] },
  }),
  kindFeature("semanticTokensDelta", {
    type: SemanticTokensDeltaRequest.type,
    params: "document",
    capabilities: () => ({}),
    fallback: { data: [] },
  }),
  kindFeature("semanticTokensRange", {
    type: SemanticTokensRangeRequest.type,
    params: "range",
    capabilities: () => ({}),
    fallback: { data: [] },
  }),
  kindFeature("inlayHint", {
    type: InlayHintRequest.type,
    params: "range",
    capabilities: () => ({ inlayHintProvider: true }),
    fallback: [],
    enabled: (s) => s.settings().inlayHints,
  }),
];
