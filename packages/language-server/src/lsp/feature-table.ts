/**
 * `FEATURES`: every LSP request the server answers, routed to the provider of the document's kind, with the
 * capability each adds to the `initialize` result (the LSP 3.17 method names).
 */
import {
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
  ReferencesRequest,
  RenameRequest,
  SelectionRangeRequest,
  SemanticTokensDeltaRequest,
  SemanticTokensRangeRequest,
  SemanticTokensRequest,
  SignatureHelpRequest,
} from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { HandledEnginefile } from "../documents/document-router.js";
import { contextRootOf, isIgnoreFileDocument } from "../documents/ignore-files.js";
import {
  ENGINEFILE_TRIGGER_CHARACTERS,
  enginefileCompletion,
  imageItems,
  imageWordAt,
  resolveCompletionItem,
} from "../features/enginefile/completion.js";
import { instructionAt } from "../features/enginefile/cursor-context.js";
import { enginefileFolding } from "../features/enginefile/folding.js";
import { enginefileFormatting, enginefileOnTypeFormatting } from "../features/enginefile/formatting.js";
import { enginefileHover } from "../features/enginefile/hover.js";
import { enginefileInlayHints } from "../features/enginefile/inlay-hints.js";
import { enginefileLinks } from "../features/enginefile/links.js";
import {
  enginefileDefinition,
  enginefileHighlights,
  enginefilePrepareRename,
  enginefileReferences,
  enginefileRename,
} from "../features/enginefile/navigation.js";
import { enginefileSelectionRanges } from "../features/enginefile/selection-range.js";
import { enginefileSemanticTokens, SEMANTIC_TOKENS_LEGEND } from "../features/enginefile/semantic-tokens.js";
import {
  enginefileSignatureHelp,
  SIGNATURE_TRIGGER_CHARACTERS,
} from "../features/enginefile/signature-help.js";
import { enginefileSymbols } from "../features/enginefile/symbols.js";
import { ignoreFileHover } from "../features/ignorefile/hover.js";
import { ignoreFilePathCompletion } from "../features/ignorefile/path-completion.js";
import { MANIFEST_TRIGGER_CHARACTERS } from "../features/manifest/trigger-characters.js";
import { quickFixes } from "../features/shared/code-actions.js";
import { loadManifestStack } from "../manifest-stack/load-manifest-stack.js";
import { secretCompletion } from "../secrets/secret-completion.js";
import { secretHover } from "../secrets/secret-hover.js";
import { requestFeature, type ServerFeature } from "./server-feature.js";
import type { ServerServices } from "./server-services.js";

type AtPosition = { textDocument: { uri: string }; position: { line: number; character: number } };

/** The open ignore file at `params`' URI (src/documents/ignore-files.ts), else undefined. */
function ignoreFileAt(params: AtPosition, services: ServerServices): TextDocument | undefined {
  return isIgnoreFileDocument(params.textDocument.uri)
    ? services.documents.get(params.textDocument.uri)
    : undefined;
}

/** Completion of build-context paths in an open ignore file on disk (none for other schemes). */
async function ignoreFileCompletion(
  document: TextDocument,
  params: AtPosition,
  services: ServerServices,
): Promise<CompletionList | CompletionItem[]> {
  const root = contextRootOf(document.uri);
  if (root === undefined) return [];
  const line = params.position.line;
  const lineText = document
    .getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } })
    .replace(/\r?\n$/, "");
  const insertReplace = Boolean(
    services.client().textDocument?.completion?.completionItem?.insertReplaceSupport,
  );
  return (await ignoreFilePathCompletion(root, lineText, params.position, { insertReplace })) ?? [];
}

/** Runs an Enginefile-only position feature; `fallback` for any other document. */
function atEnginefile<R>(
  params: AtPosition,
  services: ServerServices,
  fallback: R,
  run: (h: HandledEnginefile, offset: number) => R,
): R {
  const h = services.router.enginefile(params.textDocument.uri);
  return h ? run(h, h.document.offsetAt(params.position)) : fallback;
}

/** Runs an Enginefile-only document feature; `fallback` for any other document. */
function onEnginefile<R>(
  params: { textDocument: { uri: string } },
  services: ServerServices,
  fallback: R,
  run: (h: HandledEnginefile) => R,
): R {
  const h = services.router.enginefile(params.textDocument.uri);
  return h ? run(h) : fallback;
}

/**
 * Every request the server answers: method → provider, with what each adds to the `initialize` result
 * (the capabilities are derived from this table, never listed apart from it). Providers are the pure
 * functions under src/features/ and src/secrets/; this table only routes a request to the provider of
 * the document's kind.
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
  requestFeature({
    type: CompletionRequest.type,
    params: "position",
    capabilities: () => ({
      completionProvider: {
        triggerCharacters: [...new Set([...ENGINEFILE_TRIGGER_CHARACTERS, ...MANIFEST_TRIGGER_CHARACTERS])],
        resolveProvider: true,
      },
    }),
    fallback: [] as CompletionItem[] | CompletionList,
    provide: async (p, s, token) => {
      const ignoreFile = ignoreFileAt(p, s);
      if (ignoreFile) return ignoreFileCompletion(ignoreFile, p, s);
      const h = await s.router.handled(p.textDocument.uri);
      if (!h) return [];
      const offset = h.document.offsetAt(p.position);
      if (h.analysis.kind === "enginefile") {
        const item = s.client().textDocument?.completion?.completionItem;
        const resolveDocumentation = Boolean(item?.resolveSupport?.properties.includes("documentation"));
        const items = enginefileCompletion(h.document, h.analysis.file, offset, {
          snippets: Boolean(item?.snippetSupport),
          resolveDocumentation,
          buildSecrets: s.router.buildSecrets(p.textDocument.uri),
        });
        const image = imageWordAt(h.analysis.file, offset);
        return image ? [...items, ...imageItems(h.document, image, await s.images.tags(token))] : items;
      }
      if (h.analysis.kind === "compose") return []; // Compose files: diagnostics only so far (docs/compose.md)
      return (
        (await secretCompletion(s.secrets, h.document, offset, token)) ??
        (await loadManifestStack()).manifestCompletion(h.document, h.analysis.manifest, offset)
      );
    },
  }),
  requestFeature({
    type: CompletionResolveRequest.type,
    params: "item",
    capabilities: () => ({}),
    fallback: null as unknown as CompletionItem,
    provide: (p) => resolveCompletionItem(p),
  }),
  requestFeature({
    type: SelectionRangeRequest.type,
    params: "document",
    capabilities: () => ({ selectionRangeProvider: true }),
    fallback: [],
    provide: (p, s) =>
      onEnginefile(p, s, [], (h) =>
        enginefileSelectionRanges(h.document, h.analysis.file, Array.isArray(p.positions) ? p.positions : []),
      ),
  }),
  requestFeature({
    type: HoverRequest.type,
    params: "position",
    capabilities: () => ({ hoverProvider: true }),
    fallback: null,
    provide: async (p, s, token) => {
      const ignoreFile = ignoreFileAt(p, s);
      if (ignoreFile)
        return ignoreFileHover(
          await s.ignoreFiles.analysis(ignoreFile),
          p.position.line,
          await s.ignoreFiles.reach(ignoreFile, p.position.line + 1),
        );
      const h = await s.router.handled(p.textDocument.uri);
      if (!h) return null;
      const offset = h.document.offsetAt(p.position);
      if (h.analysis.kind === "enginefile") return enginefileHover(h.document, h.analysis.file, offset);
      if (h.analysis.kind === "compose") return null;
      return (
        (await secretHover(s.secrets, h.analysis.manifest, offset, token)) ??
        (await loadManifestStack()).manifestHover(h.analysis.manifest, offset)
      );
    },
  }),
  requestFeature({
    type: SignatureHelpRequest.type,
    params: "position",
    capabilities: () => ({ signatureHelpProvider: { triggerCharacters: SIGNATURE_TRIGGER_CHARACTERS } }),
    fallback: null,
    provide: (p, s) => atEnginefile(p, s, null, (h, o) => enginefileSignatureHelp(h.analysis.file, o)),
  }),
  requestFeature({
    type: DefinitionRequest.type,
    params: "position",
    capabilities: () => ({ definitionProvider: true }),
    fallback: [],
    provide: (p, s) => atEnginefile(p, s, [], (h, o) => enginefileDefinition(h.document, h.analysis.file, o)),
  }),
  requestFeature({
    type: ReferencesRequest.type,
    params: "position",
    capabilities: () => ({ referencesProvider: true }),
    fallback: [],
    provide: (p, s) =>
      atEnginefile(p, s, [], (h, o) =>
        enginefileReferences(h.document, h.analysis.file, o, p.context?.includeDeclaration !== false),
      ),
  }),
  requestFeature({
    type: DocumentHighlightRequest.type,
    params: "position",
    capabilities: () => ({ documentHighlightProvider: true }),
    fallback: [],
    provide: (p, s) => atEnginefile(p, s, [], (h, o) => enginefileHighlights(h.document, h.analysis.file, o)),
  }),
  requestFeature({
    type: PrepareRenameRequest.type,
    params: "position",
    capabilities: () => ({}),
    fallback: null,
    provide: (p, s) =>
      atEnginefile(p, s, null, (h, o) => enginefilePrepareRename(h.document, h.analysis.file, o)),
  }),
  requestFeature({
    type: RenameRequest.type,
    params: "position",
    capabilities: () => ({ renameProvider: { prepareProvider: true } }),
    fallback: null,
    provide: (p, s) =>
      atEnginefile(p, s, null, (h, o) => enginefileRename(h.document, h.analysis.file, o, String(p.newName))),
  }),
  requestFeature({
    type: DocumentSymbolRequest.type,
    params: "document",
    capabilities: () => ({ documentSymbolProvider: true }),
    fallback: [],
    provide: async (p, s) => {
      const h = await s.router.handled(p.textDocument.uri);
      if (!h) return [];
      if (h.analysis.kind === "compose") return [];
      return h.analysis.kind === "enginefile"
        ? enginefileSymbols(h.analysis.file)
        : (await loadManifestStack()).manifestSymbols(h.analysis.manifest);
    },
  }),
  requestFeature({
    type: CodeActionRequest.type,
    params: "range",
    capabilities: () => ({ codeActionProvider: { codeActionKinds: ["quickfix"] } }),
    fallback: [] as CodeAction[],
    provide: async (p, s) => {
      const h = await s.router.handled(p.textDocument.uri);
      if (!h) return [];
      const analysis = h.analysis;
      const anchor =
        analysis.kind === "enginefile"
          ? (d: { range: { start: { line: number; character: number } } }) => {
              const ins = instructionAt(analysis.file, h.document.offsetAt(d.range.start));
              return ins ? { line: ins.range.start.line } : undefined;
            }
          : (d: { range: { start: { line: number } } }) =>
              analysis.kind === "compose" || analysis.manifest.check.format === "yaml"
                ? { line: d.range.start.line }
                : undefined;
      const diagnostics = Array.isArray(p.context?.diagnostics) ? p.context.diagnostics : [];
      return quickFixes(h.document, diagnostics, s.diagnostics.latest(h.document.uri), analysis.kind, anchor);
    },
  }),
  requestFeature({
    type: DocumentFormattingRequest.type,
    params: "document",
    capabilities: () => ({ documentFormattingProvider: true }),
    fallback: [],
    provide: (p, s) =>
      onEnginefile(p, s, [], (h) => enginefileFormatting(h.document, h.analysis.file, p.options)),
  }),
  requestFeature({
    type: DocumentRangeFormattingRequest.type,
    params: "range",
    capabilities: () => ({ documentRangeFormattingProvider: true }),
    fallback: [],
    provide: (p, s) =>
      onEnginefile(p, s, [], (h) => enginefileFormatting(h.document, h.analysis.file, p.options, p.range)),
  }),
  requestFeature({
    type: DocumentOnTypeFormattingRequest.type,
    params: "position",
    capabilities: () => ({
      documentOnTypeFormattingProvider: { firstTriggerCharacter: "\\", moreTriggerCharacter: ["`", "\n"] },
    }),
    fallback: [],
    provide: (p, s) =>
      onEnginefile(p, s, [], (h) =>
        enginefileOnTypeFormatting(h.document, h.analysis.file, p.position, String(p.ch), p.options),
      ),
  }),
  requestFeature({
    type: FoldingRangeRequest.type,
    params: "document",
    capabilities: () => ({ foldingRangeProvider: true }),
    fallback: [],
    provide: (p, s) => onEnginefile(p, s, [], (h) => enginefileFolding(h.analysis.file)),
  }),
  requestFeature({
    type: DocumentLinkRequest.type,
    params: "document",
    capabilities: () => ({ documentLinkProvider: { resolveProvider: false } }),
    fallback: [],
    provide: (p, s) => onEnginefile(p, s, [], (h) => enginefileLinks(h.document, h.analysis.file)),
  }),
  requestFeature({
    type: SemanticTokensRequest.type,
    params: "document",
    capabilities: () => ({
      semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: { delta: true }, range: true },
    }),
    fallback: { data: [] },
    provide: (p, s) =>
      onEnginefile(p, s, { data: [] }, (h) =>
        s.tokens.full(p.textDocument.uri, enginefileSemanticTokens(h.analysis.file)),
      ),
  }),
  requestFeature({
    type: SemanticTokensDeltaRequest.type,
    params: "document",
    capabilities: () => ({}),
    fallback: { data: [] },
    provide: (p, s) =>
      onEnginefile(p, s, { data: [] }, (h) =>
        s.tokens.delta(p.textDocument.uri, p.previousResultId, enginefileSemanticTokens(h.analysis.file)),
      ),
  }),
  requestFeature({
    type: SemanticTokensRangeRequest.type,
    params: "range",
    capabilities: () => ({}),
    fallback: { data: [] },
    provide: (p, s) =>
      onEnginefile(p, s, { data: [] }, (h) => ({
        data: enginefileSemanticTokens(h.analysis.file, {
          start: h.document.offsetAt(p.range.start),
          end: h.document.offsetAt(p.range.end),
        }),
      })),
  }),
  requestFeature({
    type: InlayHintRequest.type,
    params: "range",
    capabilities: () => ({ inlayHintProvider: true }),
    fallback: [],
    provide: (p, s) =>
      onEnginefile(p, s, [], (h) =>
        s.settings().inlayHints
          ? enginefileInlayHints(
              h.document,
              h.analysis.file,
              h.document.offsetAt(p.range.start),
              h.document.offsetAt(p.range.end),
            )
          : [],
      ),
  }),
];
