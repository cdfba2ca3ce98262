/**
 * `ServerServices`: the shared parts every feature provider receives (documents, router, diagnostics,
 * secrets, settings, client capabilities), after Langium's services object.
 */
import type { ClientCapabilities, Connection, TextDocuments } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { ServerSettings } from "../config/settings.js";
import type { DiagnosticsService } from "../diagnostics/diagnostics-service.js";
import type { DocumentRouter } from "../documents/document-router.js";
import type { IgnoreFiles } from "../documents/ignore-files.js";
import type { LocalImages } from "../engine/local-images.js";
import type { SemanticTokensStore } from "../features/shared/semantic-delta.js";
import type { SecretsService } from "../secrets/secrets-service.js";

/**
 * The server's shared parts every feature provider receives (the Langium "services" object): the open
 * documents, the router (kind and analysis of a document), the ignore files (analysis over a listing of
 * their build context), diagnostics, the secrets service, the
 * semantic-token store for deltas, the effective settings and the client's capabilities.
 */
export interface ServerServices {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  router: DocumentRouter;
  ignoreFiles: IgnoreFiles;
  diagnostics: DiagnosticsService;
  secrets: SecretsService;
  images: LocalImages;
  tokens: SemanticTokensStore;
  settings(): ServerSettings;
  client(): ClientCapabilities;
}
