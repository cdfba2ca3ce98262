/**
 * `ServerServices`: the shared parts every kind's services receive (documents, router, diagnostics, secrets,
 * local images, settings, client capabilities), after Langium's shared services object.
 */
import type { ClientCapabilities, Connection, TextDocuments } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { ServerSettings } from "../config/settings.js";
import type { DiagnosticsService } from "../diagnostics/diagnostics-service.js";
import type { DocumentRouter } from "../documents/document-router.js";
import type { LocalImages } from "../engine/local-images.js";
import type { SemanticTokensStore } from "../providers/semantic-delta.js";
import type { SecretsService } from "../secrets/secrets-service.js";

/**
 * The server's shared parts every kind's services receive (the Langium "shared services" object): the open
 * documents, the router (kind, services and analysis of a document), diagnostics, the secrets service, the
 * engine's local images, the semantic-token store for deltas, the environment, the effective settings and
 * the client's capabilities.
 */
export interface ServerServices {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  router: DocumentRouter;
  diagnostics: DiagnosticsService;
  secrets: SecretsService;
  images: LocalImages;
  tokens: SemanticTokensStore;
  /** The environment Compose files are interpolated with (`ServerOptions.env`, default `process.env`). */
  environment: Readonly<Record<string, string | undefined>>;
  settings(): ServerSettings;
  client(): ClientCapabilities;
}
