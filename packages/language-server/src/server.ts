import type { Finding } from "@enginekit/lint";
import {
  type CancellationToken,
  type ClientCapabilities,
  type CompletionItem,
  type Connection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  type InitializeResult,
  TextDocumentSyncKind,
  TextDocuments,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { ProjectConfigs } from "./config/project-config.js";
import { DEFAULT_SERVER_SETTINGS, readServerSettings, type ServerSettings } from "./config/settings.js";
import { findingsOf } from "./diagnostics/finding-source.js";
import { DiagnosticsPublisher } from "./diagnostics/publisher.js";
import { relatedInformation } from "./diagnostics/related.js";
import { ShellcheckSource } from "./diagnostics/shellcheck-source.js";
import { toDiagnostic } from "./diagnostics/to-lsp.js";
import { AnalysisCache, type DocumentAnalysis, type EnginefileAnalysis } from "./documents/analysis-cache.js";
import { type DocumentKind, documentKindOf, globToRegExp } from "./documents/document-kind.js";
import { ENGINEFILE_TRIGGER_CHARACTERS, enginefileCompletion } from "./features/enginefile/completion.js";
import { instructionAt } from "./features/enginefile/cursor-context.js";
import { enginefileFormatting, enginefileOnTypeFormatting } from "./features/enginefile/formatting.js";
import { enginefileHover } from "./features/enginefile/hover.js";
import { enginefileInlayHints } from "./features/enginefile/inlay-hints.js";
import { enginefileLinks } from "./features/enginefile/links.js";
import {
  enginefileDefinition,
  enginefileHighlights,
  enginefilePrepareRename,
  enginefileReferences,
  enginefileRename,
} from "./features/enginefile/navigation.js";
import { enginefileSemanticTokens, SEMANTIC_TOKENS_LEGEND } from "./features/enginefile/semantic-tokens.js";
import {
  enginefileSignatureHelp,
  SIGNATURE_TRIGGER_CHARACTERS,
} from "./features/enginefile/signature-help.js";
import { enginefileFolding, enginefileSymbols } from "./features/enginefile/symbols.js";
import { MANIFEST_TRIGGER_CHARACTERS } from "./features/manifest/trigger-characters.js";
import { quickFixes } from "./features/shared/code-actions.js";
import { SemanticTokensStore } from "./features/shared/semantic-delta.js";
import { loadManifestStack } from "./manifest-stack/load-manifest-stack.js";
import { safeHandler, safeNotification } from "./protocol/safe-handler.js";
import { SecretFeatures } from "./secrets/secret-features.js";

/** Options of {@link startServer} (tests inject the environment and a home folder). */
export interface ServerOptions {
  /** Environment for the secrets client (`SVC_ADDR`, `SVC_TOKEN`, …); default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Home folder for `~/.svc-token`; default the user's. */
  homeDir?: string;
}

/** The running server's parts, for tests and embedding. */
export interface EnginekitServer {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  cache: AnalysisCache;
  settings(): ServerSettings;
}

/** A document the server handles, with its analysis for the current version. */
type Handled = { document: TextDocument; analysis: DocumentAnalysis };

/** An Enginefile the server handles, with its analysis for the current version. */
type HandledEnginefile = { document: TextDocument; analysis: EnginefileAnalysis };

/**
 * Wires the language server in one visible place (the Langium model, ARCHITECTURE.md): documents
 * (incremental sync), the parse cache (one parse per version, shared), settings (`workspace/configuration`
 * section `enginekit`, `didChangeConfiguration`, watched `.enginekit.yaml`), debounced push or pull
 * diagnostics from `@enginekit/lint`, live secret lookups, and every feature provider — each handler
 * wrapped by `safeHandler` (cancellation; a failing feature logs and answers empty). Call
 * `connection.listen()` afterwards (done here). Manifest support (zod, the api schemas, YAML) is loaded by
 * the first manifest document (src/manifest-stack/load-manifest-stack.ts), and the `.enginekit.yaml` reader
 * by the first document with a configuration file: Enginefile-only sessions start without them.
 */
export function startServer(connection: Connection, options: ServerOptions = {}): EnginekitServer {
  const documents = new TextDocuments(TextDocument);
  const cache = new AnalysisCache();
  const tokens = new SemanticTokensStore();
  const log = { error: (message: string) => connection.console.error(message) };
  let settings: ServerSettings = DEFAULT_SERVER_SETTINGS;
  let manifestGlobs: RegExp[] = [];
  let capabilities: ClientCapabilities = {};
  let pullDiagnostics = false;
  const secrets = new SecretFeatures({
    settings: () => settings,
    showMessage: (type, message) => void connection.sendNotification("window/showMessage", { type, message }),
    log: (message) => connection.console.log(message),
    ...(options.env ? { env: options.env } : {}),
    ...(options.homeDir ? { homeDir: options.homeDir } : {}),
  });

  const projects = new ProjectConfigs(
    (message) => void connection.sendNotification("window/showMessage", { type: 2, message }),
    () => refreshAll(),
  );
  /** The document's kind; its project's configuration is read first (the manifests globs may name it). */
  const kindOf = async (document: TextDocument): Promise<DocumentKind | undefined> => {
    await projects.ready(document.uri);
    return (
      documentKindOf(document.uri, document.languageId, manifestGlobs) ??
      (projects.isManifest(document.uri) ? "manifest" : undefined)
    );
  };

  const handled = async (uri: string): Promise<Handled | undefined> => {
    const document = documents.get(uri);
    if (!document) return undefined;
    const kind = await kindOf(document);
    return kind ? { document, analysis: await cache.get(document, kind) } : undefined;
  };

  /**
   * The document when it is an Enginefile, analysed (synchronously: Enginefile-only features never load
   * the manifest stack or read a configuration file). A name or language id makes a document an
   * Enginefile, never the configuration, so this agrees with {@link handled}.
   */
  const handledEnginefile = (uri: string): HandledEnginefile | undefined => {
    const document = documents.get(uri);
    if (documentKindOf(uri, document?.languageId ?? "", manifestGlobs) !== "enginefile" || !document)
      return undefined;
    return { document, analysis: cache.enginefile(document) };
  };

  const diagnosticsOf = (findings: Finding[], analysis: DocumentAnalysis) =>
    findings.map((f) => {
      const d = toDiagnostic(f);
      const related = relatedInformation(f, analysis);
      if (related.length > 0 && capabilities.textDocument?.publishDiagnostics?.relatedInformation !== false)
        d.relatedInformation = related;
      return d;
    });

  // ShellCheck runs in the background; its findings join the document's next diagnostics
  const shellcheck = new ShellcheckSource((uri) =>
    pullDiagnostics ? refreshAll() : publisher.schedule(uri),
  );
  const computeFindings = async (h: Handled): Promise<Finding[]> => {
    const lint = projects.settingsFor(h.document.uri, h.analysis.kind);
    const online =
      h.analysis.kind === "manifest" && settings.online
        ? await secrets.onlineFindings(h.analysis.manifest)
        : [];
    const sc =
      h.analysis.kind === "enginefile" ? shellcheck.findingsFor(h.document.uri, h.analysis.file, lint) : [];
    return findingsOf(h.analysis, lint, online, sc);
  };

  const publisher = new DiagnosticsPublisher(
    async (uri) => {
      const h = await handled(uri);
      if (!h) return undefined;
      const version = h.document.version;
      const findings = await computeFindings(h);
      if (documents.get(uri)?.version !== version) return undefined;
      return { findings, diagnostics: diagnosticsOf(findings, h.analysis), version };
    },
    (uri, diagnostics, version) => void connection.sendDiagnostics({ uri, diagnostics, version }),
    settings.diagnosticsDelayMs,
  );

  const refreshAll = () => {
    if (pullDiagnostics) void connection.languages.diagnostics.refresh().catch(() => undefined);
    else for (const d of documents.all()) publisher.schedule(d.uri);
  };

  const loadSettings = async (pushed?: unknown) => {
    let section: unknown = pushed;
    if (section === undefined && capabilities.workspace?.configuration) {
      section = await connection.workspace.getConfiguration({ section: "enginekit" }).catch(() => undefined);
    }
    settings = readServerSettings(section);
    manifestGlobs = settings.manifests.map(globToRegExp);
    publisher.delayMs = settings.diagnosticsDelayMs;
    projects.reset(settings.rules);
    secrets.settingsChanged();
  };

  connection.onInitialize((params): InitializeResult => {
    capabilities = params.capabilities;
    pullDiagnostics = Boolean(capabilities.textDocument?.diagnostic);
    const initial = (params.initializationOptions as { settings?: unknown } | undefined)?.settings;
    if (initial !== undefined) {
      settings = readServerSettings(initial);
      manifestGlobs = settings.manifests.map(globToRegExp);
      publisher.delayMs = settings.diagnosticsDelayMs;
      projects.reset(settings.rules);
    }
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: {
          triggerCharacters: [...new Set([...ENGINEFILE_TRIGGER_CHARACTERS, ...MANIFEST_TRIGGER_CHARACTERS])],
          resolveProvider: false,
        },
        hoverProvider: true,
        signatureHelpProvider: { triggerCharacters: SIGNATURE_TRIGGER_CHARACTERS },
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        documentSymbolProvider: true,
        codeActionProvider: { codeActionKinds: ["quickfix"] },
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        documentOnTypeFormattingProvider: { firstTriggerCharacter: "\\", moreTriggerCharacter: ["`"] },
        renameProvider: { prepareProvider: true },
        foldingRangeProvider: true,
        documentLinkProvider: { resolveProvider: false },
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: { delta: true }, range: true },
        inlayHintProvider: true,
        ...(pullDiagnostics
          ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } }
          : {}),
      },
      serverInfo: { name: "enginekit", version: "0.1.0" },
    };
  });

  connection.onInitialized(
    safeNotification("initialized", log, async () => {
      if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration)
        await connection.client.register(DidChangeConfigurationNotification.type, { section: "enginekit" });
      if (capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration)
        await connection.client.register(DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: "**/.enginekit.{yaml,yml}" }],
        });
      await loadSettings();
      refreshAll();
    }),
  );

  connection.onDidChangeConfiguration(
    safeNotification("didChangeConfiguration", log, async (params) => {
      const pushed = (params.settings as { enginekit?: unknown } | null | undefined)?.enginekit;
      await loadSettings(pushed);
      refreshAll();
    }),
  );

  connection.onDidChangeWatchedFiles(
    safeNotification("didChangeWatchedFiles", log, () => {
      projects.reset();
      refreshAll();
    }),
  );

  documents.onDidOpen(
    safeNotification("didOpen", log, (e) =>
      pullDiagnostics ? undefined : publisher.schedule(e.document.uri),
    ),
  );
  documents.onDidChangeContent(
    safeNotification("didChange", log, (e) =>
      pullDiagnostics ? undefined : publisher.schedule(e.document.uri),
    ),
  );
  documents.onDidClose(
    safeNotification("didClose", log, (e) => {
      cache.delete(e.document.uri);
      tokens.forget(e.document.uri);
      publisher.forget(e.document.uri);
      shellcheck.forget(e.document.uri);
      if (!pullDiagnostics) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    }),
  );

  connection.languages.diagnostics.on(
    safeHandler(
      "diagnostic",
      log,
      { kind: DocumentDiagnosticReportKind.Full, items: [] } as const,
      async (params) => {
        const h = await handled(params.textDocument.uri);
        if (!h) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
        const findings = await computeFindings(h);
        publisher.remember(h.document.uri, findings);
        return { kind: DocumentDiagnosticReportKind.Full, items: diagnosticsOf(findings, h.analysis) };
      },
    ),
  );

  const snippets = () => Boolean(capabilities.textDocument?.completion?.completionItem?.snippetSupport);
  connection.onCompletion(
    safeHandler("completion", log, [] as CompletionItem[], async (params, token: CancellationToken) => {
      const h = await handled(params.textDocument.uri);
      if (!h) return [];
      const offset = h.document.offsetAt(params.position);
      if (h.analysis.kind === "enginefile")
        return enginefileCompletion(h.document, h.analysis.file, offset, { snippets: snippets() });
      const secret = await secrets.completion(h.document, offset, token);
      if (secret) return secret;
      return (await loadManifestStack()).manifestCompletion(h.document, h.analysis.manifest, offset);
    }),
  );

  connection.onHover(
    safeHandler("hover", log, null, async (params, token) => {
      const h = await handled(params.textDocument.uri);
      if (!h) return null;
      const offset = h.document.offsetAt(params.position);
      if (h.analysis.kind === "enginefile") return enginefileHover(h.document, h.analysis.file, offset);
      return (
        (await secrets.hover(h.analysis.manifest, offset, token)) ??
        (await loadManifestStack()).manifestHover(h.analysis.manifest, offset)
      );
    }),
  );

  /** Registers an Enginefile-only position feature. */
  const onEnginefile =
    <R>(fallback: R, run: (h: HandledEnginefile, offset: number) => R) =>
    (params: { textDocument: { uri: string }; position: { line: number; character: number } }) => {
      const h = handledEnginefile(params.textDocument.uri);
      return h ? run(h, h.document.offsetAt(params.position)) : fallback;
    };

  connection.onSignatureHelp(
    safeHandler(
      "signatureHelp",
      log,
      null,
      onEnginefile(null, (h, o) => enginefileSignatureHelp(h.analysis.file, o)),
    ),
  );
  connection.onDefinition(
    safeHandler(
      "definition",
      log,
      [],
      onEnginefile([], (h, o) => enginefileDefinition(h.document, h.analysis.file, o)),
    ),
  );
  connection.onReferences(
    safeHandler("references", log, [], (params) =>
      onEnginefile([], (h, o) =>
        enginefileReferences(h.document, h.analysis.file, o, params.context.includeDeclaration),
      )(params),
    ),
  );
  connection.onDocumentHighlight(
    safeHandler(
      "documentHighlight",
      log,
      [],
      onEnginefile([], (h, o) => enginefileHighlights(h.document, h.analysis.file, o)),
    ),
  );
  connection.onPrepareRename(
    safeHandler(
      "prepareRename",
      log,
      null,
      onEnginefile(null, (h, o) => enginefilePrepareRename(h.document, h.analysis.file, o)),
    ),
  );
  connection.onRenameRequest(
    safeHandler("rename", log, null, (params) =>
      onEnginefile(null, (h, o) => enginefileRename(h.document, h.analysis.file, o, params.newName))(params),
    ),
  );

  connection.onDocumentSymbol(
    safeHandler("documentSymbol", log, [], async (params) => {
      const h = await handled(params.textDocument.uri);
      if (!h) return [];
      return h.analysis.kind === "enginefile"
        ? enginefileSymbols(h.analysis.file)
        : (await loadManifestStack()).manifestSymbols(h.analysis.manifest);
    }),
  );

  const enginefileOf = (uri: string) => {
    const h = handledEnginefile(uri);
    return h ? { document: h.document, file: h.analysis.file } : undefined;
  };
  connection.onFoldingRanges(
    safeHandler("foldingRange", log, [], (p) => {
      const e = enginefileOf(p.textDocument.uri);
      return e ? enginefileFolding(e.file) : [];
    }),
  );
  connection.onDocumentLinks(
    safeHandler("documentLink", log, [], (p) => {
      const e = enginefileOf(p.textDocument.uri);
      return e ? enginefileLinks(e.document, e.file) : [];
    }),
  );
  connection.onDocumentFormatting(
    safeHandler("formatting", log, [], (p) => {
      const e = enginefileOf(p.textDocument.uri);
      return e ? enginefileFormatting(e.document, e.file, p.options) : [];
    }),
  );
  connection.onDocumentRangeFormatting(
    safeHandler("rangeFormatting", log, [], (p) => {
      const e = enginefileOf(p.textDocument.uri);
      return e ? enginefileFormatting(e.document, e.file, p.options, p.range) : [];
    }),
  );
  connection.onDocumentOnTypeFormatting(
    safeHandler("onTypeFormatting", log, [], (p) => {
      const e = enginefileOf(p.textDocument.uri);
      return e ? enginefileOnTypeFormatting(e.document, e.file, p.position.line, p.options) : [];
    }),
  );
  connection.languages.inlayHint.on(
    safeHandler("inlayHint", log, [], (p) => {
      const e = enginefileOf(p.textDocument.uri);
      if (!e || !settings.inlayHints) return [];
      return enginefileInlayHints(
        e.document,
        e.file,
        e.document.offsetAt(p.range.start),
        e.document.offsetAt(p.range.end),
      );
    }),
  );
  connection.languages.semanticTokens.on(
    safeHandler("semanticTokens/full", log, { data: [] }, (p) => {
      const e = enginefileOf(p.textDocument.uri);
      return e ? tokens.full(p.textDocument.uri, enginefileSemanticTokens(e.file)) : { data: [] };
    }),
  );
  connection.languages.semanticTokens.onDelta(
    safeHandler("semanticTokens/full/delta", log, { data: [] }, (p) => {
      const e = enginefileOf(p.textDocument.uri);
      return e
        ? tokens.delta(p.textDocument.uri, p.previousResultId, enginefileSemanticTokens(e.file))
        : { data: [] };
    }),
  );
  connection.languages.semanticTokens.onRange(
    safeHandler("semanticTokens/range", log, { data: [] }, (p) => {
      const e = enginefileOf(p.textDocument.uri);
      return e
        ? {
            data: enginefileSemanticTokens(e.file, {
              start: e.document.offsetAt(p.range.start),
              end: e.document.offsetAt(p.range.end),
            }),
          }
        : { data: [] };
    }),
  );

  connection.onCodeAction(
    safeHandler("codeAction", log, [], async (params) => {
      const h = await handled(params.textDocument.uri);
      if (!h) return [];
      const findings = publisher.findingsOf(h.document.uri);
      const analysis = h.analysis;
      const anchor =
        analysis.kind === "enginefile"
          ? (d: { range: { start: { line: number; character: number } } }) => {
              const ins = instructionAt(analysis.file, h.document.offsetAt(d.range.start));
              return ins ? { line: ins.range.start.line } : undefined;
            }
          : (d: { range: { start: { line: number } } }) =>
              analysis.manifest.check.format === "yaml" ? { line: d.range.start.line } : undefined;
      return quickFixes(h.document, params.context.diagnostics, findings, analysis.kind, anchor);
    }),
  );

  connection.onShutdown(() => {
    publisher.dispose();
    shellcheck.dispose();
    secrets.dispose();
    projects.dispose();
  });

  documents.listen(connection);
  connection.listen();
  return { connection, documents, cache, settings: () => settings };
}
