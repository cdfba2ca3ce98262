/**
 * `startServer`: the language server wired in one place (documents, router and the kinds' services,
 * settings, diagnostics, secrets, local images, the request features of `lsp/feature-table.ts` and their
 * `initialize` capabilities), after Langium's `lsp/language-server.ts`.
 */
import { CONFIG_FILE_NAMES } from "@enginekit/lint/files";
import {
  type ClientCapabilities,
  type Connection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  type InitializeResult,
  TextDocumentSyncKind,
  TextDocuments,
  WatchKind,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { ProjectConfigs } from "./config/project-config.js";
import type { ServerSettings } from "./config/settings.js";
import { CONFIGURATION_TIMEOUT_MS, enginekitSection, SettingsSources } from "./config/settings-sources.js";
import { DiagnosticsService } from "./diagnostics/diagnostics-service.js";
import type { AnalysisCache } from "./documents/analysis-cache.js";
import { baseNameOf, filePathOf } from "./documents/document-kind.js";
import { DocumentRouter } from "./documents/document-router.js";
import { LocalImages } from "./engine/local-images.js";
import { KindRegistry } from "./kinds/kind-registry.js";
import { FEATURES } from "./lsp/feature-table.js";
import { serverCapabilities } from "./lsp/server-feature.js";
import type { ServerServices } from "./lsp/server-services.js";
import type { ConnectionActivity } from "./protocol/connection-activity.js";
import { safeNotification } from "./protocol/safe-handler.js";
import { secretsStatusNotifier } from "./protocol/secrets-status.js";
import { AFTER_SHUTDOWN_METHOD, afterShutdownError } from "./protocol/shutdown-gate.js";
import { SemanticTokensStore } from "./providers/semantic-delta.js";
import { SecretsService } from "./secrets/secrets-service.js";

/** Options of {@link startServer} (tests inject the environment and a home folder). */
export interface ServerOptions {
  /** Environment for the secrets and engine clients (`SVC_ADDR`, `SVC_TOKEN`, `ENGINE_HOST`, …); default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Home folder for `~/.svc-token`; default the user's. */
  homeDir?: string;
  /**
   * The connection's message activity (given to its `shutdownGate`): background diagnostics wait for a
   * quiet moment between messages. Without it they only yield one event-loop turn between documents.
   */
  activity?: ConnectionActivity;
}

/** The running server's parts, for tests and embedding. */
export interface EnginekitServer {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  cache: AnalysisCache;
  secrets: SecretsService;
  settings(): ServerSettings;
}

/** Waits at most `ms` for `promise`; undefined after that or when it rejects. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

/**
 * Wires the language server in one visible place (Langium's `lsp/language-server.ts` shape,
 * ARCHITECTURE.md): the open documents (incremental sync), the router and its parse cache, the settings
 * from every client path (src/config/settings-sources.ts), diagnostics (src/diagnostics/
 * diagnostics-service.ts), the secrets service, and the request features of src/lsp/feature-table.ts —
 * registered by one helper, with the `initialize` capabilities derived from the same table and the kind
 * table (src/kinds/kind-table.ts). Calls `connection.listen()`. Each document kind's module (src/kinds/
 * <kind>/services.ts) is loaded by the first document of that kind — manifest and Compose support bring
 * zod, the api schemas, YAML and ajv — and the `.enginekit.yaml` reader by the first document with a
 * configuration file: Enginefile-only sessions start without them.
 */
export function startServer(connection: Connection, options: ServerOptions = {}): EnginekitServer {
  const documents = new TextDocuments(TextDocument);
  const log = { error: (message: string) => connection.console.error(message) };
  const sources = new SettingsSources();
  let settings = sources.current;
  let client: ClientCapabilities = {};

  const secrets = new SecretsService({
    settings: () => settings,
    showMessage: (type, message) => void connection.sendNotification("window/showMessage", { type, message }),
    log: (message) => connection.console.log(message),
    status: secretsStatusNotifier(connection),
    ...(options.env ? { env: options.env } : {}),
    ...(options.homeDir ? { homeDir: options.homeDir } : {}),
  });
  const projects = new ProjectConfigs(
    (message) => void connection.sendNotification("window/showMessage", { type: 2, message }),
    () => diagnostics.refreshAll(),
  );
  // each kind's services (src/kinds/), created over the shared ones with the first document of the kind
  const kinds = new KindRegistry(() => services);
  const router = new DocumentRouter(documents, projects, kinds);
  const images = new LocalImages({ settings: () => settings, ...(options.env ? { env: options.env } : {}) });
  const diagnostics = new DiagnosticsService({
    connection,
    documents,
    router,
    projects,
    settings: () => settings,
    client: () => client,
    ...(options.activity ? { activity: options.activity } : {}),
  });
  const services: ServerServices = {
    connection,
    documents,
    router,
    diagnostics,
    secrets,
    images,
    tokens: new SemanticTokensStore(),
    environment: options.env ?? process.env,
    settings: () => settings,
    client: () => client,
  };

  /** Makes the merged settings effective everywhere they are used. */
  const apply = () => {
    const before = settings;
    settings = sources.current;
    router.setManifestGlobs(settings.manifests);
    projects.reset(settings.rules);
    if (JSON.stringify(before.secrets) !== JSON.stringify(settings.secrets)) secrets.settingsChanged();
    if (JSON.stringify(before.images) !== JSON.stringify(settings.images)) images.settingsChanged();
  };

  /**
   * Asks the client for the `enginekit` section. Clients that announce `workspace.configuration` are
   * asked; the others are asked too (Neovim 0.7 answers from its `settings` without announcing it), and
   * an error or no answer within {@link CONFIGURATION_TIMEOUT_MS} leaves the other sources in force.
   */
  const pullConfiguration = async () => {
    const answer = await within(
      connection.workspace.getConfiguration({ section: "enginekit" }) as Promise<unknown>,
      CONFIGURATION_TIMEOUT_MS,
    );
    sources.set("workspace/configuration", answer);
  };

  connection.onInitialize((params): InitializeResult => {
    client = params.capabilities ?? {};
    sources.set("initializationOptions", enginekitSection(params.initializationOptions));
    apply();
    return {
      capabilities: serverCapabilities(FEATURES, client, {
        textDocumentSync: {
          openClose: true,
          change: TextDocumentSyncKind.Incremental,
          save: { includeText: false },
        },
      }),
      serverInfo: { name: "enginekit", version: "0.1.0" },
    };
  });

  connection.onInitialized(
    safeNotification("initialized", log, async () => {
      if (client.workspace?.didChangeConfiguration?.dynamicRegistration)
        await connection.client.register(DidChangeConfigurationNotification.type, { section: "enginekit" });
      if (client.workspace?.didChangeWatchedFiles?.dynamicRegistration)
        await connection.client.register(DidChangeWatchedFilesNotification.type, {
          watchers: [
            { globPattern: "**/.enginekit.{yaml,yml}" },
            // ignore files' build contexts: a path created or deleted changes what a pattern matches
            { globPattern: "**/*", kind: WatchKind.Create | WatchKind.Delete },
          ],
        });
      await pullConfiguration();
      apply();
      diagnostics.refreshAll();
    }),
  );

  connection.onDidChangeConfiguration(
    safeNotification("didChangeConfiguration", log, async (params) => {
      const pushed = (params?.settings as { enginekit?: unknown } | null | undefined)?.enginekit;
      sources.set("didChangeConfiguration", pushed);
      await pullConfiguration();
      apply();
      diagnostics.refreshAll();
    }),
  );

  connection.onDidChangeWatchedFiles(
    safeNotification("didChangeWatchedFiles", log, (params) => {
      const uris = (Array.isArray(params?.changes) ? params.changes : []).map((c) => String(c?.uri));
      if (
        uris.length === 0 ||
        uris.some((uri) => (CONFIG_FILE_NAMES as readonly string[]).includes(baseNameOf(uri)))
      ) {
        projects.reset();
        diagnostics.refreshAll();
      }
      contextsChanged(uris);
    }),
  );

  /** Files changed on disk: each kind whose analyses depend on them (ignore files' build contexts) re-lints. */
  const contextsChanged = (uris: readonly string[]) => {
    const paths = uris.map(filePathOf).filter((p) => p !== undefined);
    for (const kind of kinds.loaded())
      if (kind.filesChanged?.(uris.length === 0 ? undefined : paths)) diagnostics.kindChanged(kind.kind);
  };

  documents.onDidOpen(safeNotification("didOpen", log, (e) => diagnostics.changed(e.document.uri)));
  documents.onDidChangeContent(
    safeNotification("didChange", log, (e) => diagnostics.changed(e.document.uri)),
  );
  // a saved file may be new to its folder (clients without file watching)
  documents.onDidSave(safeNotification("didSave", log, (e) => contextsChanged([e.document.uri])));
  documents.onDidClose(
    safeNotification("didClose", log, (e) => {
      router.forget(e.document.uri);
      services.tokens.forget(e.document.uri);
      diagnostics.closed(e.document.uri);
    }),
  );

  for (const feature of FEATURES) feature.register(connection, services);

  // requests after `shutdown`, handed here by the connection's shutdownGate (protocol/shutdown-gate.ts)
  connection.onRequest(AFTER_SHUTDOWN_METHOD, afterShutdownError);

  connection.onShutdown(() => {
    diagnostics.dispose();
    for (const kind of kinds.loaded()) kind.dispose?.();
    secrets.dispose();
    images.dispose();
    projects.dispose();
  });

  documents.listen(connection);
  connection.listen();
  return { connection, documents, cache: router.cache, secrets, settings: () => settings };
}
