/**
 * One row of the feature table (`ServerFeature`): `requestFeature` registers an LSP request with its params
 * checked first (`paramsProblem`; JSON-RPC `InvalidParams` otherwise), a safe handler and secret masking, and
 * `serverCapabilities` joins every feature's `initialize` capabilities (LSP 3.17).
 */
import {
  type CancellationToken,
  type ClientCapabilities,
  type Connection,
  ErrorCodes,
  type ProtocolRequestType,
  type RequestType,
  ResponseError,
  type ServerCapabilities,
} from "vscode-languageserver";
import { safeHandler } from "../protocol/safe-handler.js";
import { maskResponse } from "../secrets/secret-masking.js";
import type { ServerServices } from "./server-services.js";

/** What a request's params must hold, checked before the provider runs. */
export type ParamsShape = "document" | "position" | "range" | "item";

/** One row of the feature table: a request method, its provider and what it adds to the server's capabilities. */
export interface ServerFeature {
  /** The LSP method (`textDocument/hover`), for logs and errors. */
  method: string;
  /** What the feature announces in `initialize`, given the client's capabilities. */
  capabilities(client: ClientCapabilities): ServerCapabilities;
  /** Registers the handler on the connection. */
  register(connection: Connection, services: ServerServices): void;
}

/** A request feature as the table declares it. */
export interface RequestFeatureSpec<P, R> {
  // biome-ignore lint/suspicious/noExplicitAny: the protocol's request types differ in their extra type parameters
  type: RequestType<P, R, any> | ProtocolRequestType<P, R, any, any, any>;
  params: ParamsShape;
  capabilities(client: ClientCapabilities): ServerCapabilities;
  /** The empty answer (after cancellation or a failure inside the provider). */
  fallback: R;
  provide(params: P, services: ServerServices, token: CancellationToken): R | Promise<R>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isPosition(value: unknown): boolean {
  return isRecord(value) && Number.isInteger(value.line) && Number.isInteger(value.character);
}

/** Why `params` does not have the shape, or undefined when it does. */
function paramsProblem(params: unknown, shape: ParamsShape): string | undefined {
  if (!isRecord(params)) return "params must be an object";
  if (shape === "item") return typeof params.label === "string" ? undefined : "params.label must be a string";
  const doc = params.textDocument;
  if (!isRecord(doc) || typeof doc.uri !== "string") return "params.textDocument.uri must be a string";
  if (shape === "position" && !isPosition(params.position))
    return "params.position must be { line, character } with integers";
  if (
    shape === "range" &&
    !(isRecord(params.range) && isPosition(params.range.start) && isPosition(params.range.end))
  )
    return "params.range must be { start, end } positions";
  return undefined;
}

/**
 * A request feature (the one registration helper, Langium's `lsp/language-server.ts` shape): params that
 * are not the method's shape (null, a missing `textDocument`…) are answered with the JSON-RPC error
 * `InvalidParams` (-32602) naming what is wrong, never a crash or a TypeError's text (#14 item 9); the
 * provider then runs inside {@link safeHandler} (cancellation, a failing provider logs and answers
 * `fallback`), and its answer goes out with the document's secret values masked (src/secrets/
 * secret-masking.ts).
 */
export function requestFeature<P, R>(spec: RequestFeatureSpec<P, R>): ServerFeature {
  return {
    method: spec.type.method,
    capabilities: spec.capabilities,
    register(connection, services) {
      const log = { error: (message: string) => connection.console.error(message) };
      const run = safeHandler(spec.type.method, log, spec.fallback, (params: P, token) =>
        spec.provide(params, services, token),
      );
      // Registered by method name: the params are checked here, whatever the client sent.
      connection.onRequest(
        spec.type.method,
        (params: unknown, token: CancellationToken): Promise<unknown> | ResponseError => {
          const problem = paramsProblem(params, spec.params);
          if (problem) return new ResponseError(ErrorCodes.InvalidParams, `${spec.type.method}: ${problem}`);
          const uri = (params as { textDocument?: { uri?: string } }).textDocument?.uri;
          // the user is looking at this document: its background work goes first
          if (typeof uri === "string") services.diagnostics.focus(uri);
          return run(params as P, token).then((result) =>
            uri === undefined ? result : maskResponse(result, services.router.secretValues(uri)),
          );
        },
      );
    },
  };
}

/** The server's capabilities: the union of every feature's, with the fixed document sync. */
export function serverCapabilities(
  features: readonly ServerFeature[],
  client: ClientCapabilities,
  base: ServerCapabilities,
): ServerCapabilities {
  const capabilities: ServerCapabilities = { ...base };
  for (const feature of features) Object.assign(capabilities, feature.capabilities(client));
  return capabilities;
}
