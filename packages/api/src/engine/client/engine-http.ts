/**
 * `EngineHttp`, the HTTP core every endpoint group calls: versioned paths and negotiation (engine §9), query
 * and body encoding, JSON, stream and upgraded (attach/exec) answers, engine errors as `EngineApiError`
 * (engine §7), time limits (`ENGINE_DEFAULTS`) and connection errors; plus the `segment`/`reference`
 * encoders.
 */
import type { Duplex } from "node:stream";
import type { Pool } from "undici";
import type { z } from "zod";
import { type SchemaSource, schemaOf } from "../../lazy-schema.js";
import {
  BodyNotJsonError,
  BodyTooLargeError,
  createDispatcher,
  encodeQuery,
  errorMessageOf,
  type HttpResponse,
  isTimeoutError,
  jsonBody,
  type QueryParams,
  type RequestBody,
  readErrorMessage,
  readJsonBody,
  timeoutOptions,
  toDispatchBody,
  type UpgradeOutcome,
  upgradeRequest,
} from "../../transport/index.js";
import { chooseApiVersion, DOCUMENTED_API_VERSION, type NegotiatedVersion } from "./api-version.js";
import type { EngineConnectionConfig } from "./config.js";
import {
  EngineApiError,
  EngineConnectionError,
  EngineProtocolError,
  EngineResponseError,
  EngineTimeoutError,
} from "./errors.js";

/** Cancellation and deadline of one call; accepted by every EngineClient method. */
export interface CallOptions {
  /** Aborts the call (and its response stream); the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Milliseconds the response head may take, and the longest pause between body chunks
   * ({@link EngineTimeoutError} when exceeded). `0` disables it. Default: the client's `timeoutMs` for
   * request/response calls; none for streams and blocking calls (wait, attach, events, build, pull…).
   */
  timeoutMs?: number;
  /**
   * Sends this call at this API version (`/v<apiVersion>/…`) instead of the negotiated one: for parameters
   * the engine reads only at newer versions (`POST /build`'s `platform` from 1.32). The caller keeps it
   * within the engine's range (`NegotiatedVersion.engineMax`).
   */
  apiVersion?: string;
}

/** HTTP methods the engine API uses. */
export type EngineMethod = "GET" | "HEAD" | "POST" | "PUT" | "DELETE";

/** One request to the engine, before versioning. */
export interface EngineRequest extends CallOptions {
  method: EngineMethod;
  /** Unversioned path with its segments already encoded, e.g. `/containers/abc/json`. */
  path: string;
  query?: QueryParams;
  /** A JSON body, sent with `Content-Type: application/json` and `Content-Length`. */
  json?: unknown;
  /** A raw body (tar archives): bytes with `Content-Length`, streams chunked. */
  body?: RequestBody;
  /** Request headers; an array value is sent as one header line per item (Go reads them as a list). */
  headers?: Record<string, string | string[]>;
  /** A stream or blocking call: the client's default timeout and deadline do not apply. */
  long?: boolean;
  /**
   * A progress stream (build, pull, push, load): bounded by the client's `idleTimeoutMs` between chunks,
   * never by its total time.
   */
  idle?: boolean;
}

/** Default time limits and size cap of the EngineClient (docs/cli.md "Time-outs and limits"). */
export const ENGINE_DEFAULTS = {
  /** Opening a connection (TCP + TLS, or `ssh`'s ConnectTimeout), ms. */
  connectTimeoutMs: 10_000,
  /** The first answer of a client (`GET /version`, negotiating the API version), ms. */
  probeTimeoutMs: 10_000,
  /** Response head, and each pause in the body, of request/response calls, ms. */
  timeoutMs: 60_000,
  /** Whole request/response call, head and body, ms. */
  deadlineMs: 300_000,
  /** Longest pause in a progress stream (build output, pull, push, load), ms. */
  idleTimeoutMs: 1_800_000,
  /** Largest JSON response body read, bytes. */
  maxResponseBytes: 64 * 1024 * 1024,
} as const;

/** Version and diagnostics settings of the HTTP core. */
export interface EngineHttpOptions {
  /** API version to ask for (default {@link DOCUMENTED_API_VERSION}, `1.24`). */
  apiVersion?: string;
  /**
   * `true` (default): ask `GET /version` once, before the first call, and adapt the version to the engine's
   * range (see `chooseApiVersion`). `false`: use `apiVersion` as is, with no extra round trip.
   */
  negotiate?: boolean;
  /** Default `timeoutMs` of request/response calls (default 60,000 ms; `0` none). */
  timeoutMs?: number;
  /**
   * Limit of the client's first answer, the `GET /version` of version negotiation (default 10,000 ms), so a
   * server that accepts connections and never answers is reported quickly. `0` none.
   */
  probeTimeoutMs?: number;
  /** Whole-call deadline of request/response calls, head and body (default 300,000 ms; `0` none). */
  deadlineMs?: number;
  /** Longest pause in a progress stream: build output, pull, push, load (default 1,800,000 ms; `0` none). */
  idleTimeoutMs?: number;
  /** Largest JSON response body read (default 64 MiB); a larger one fails with EngineProtocolError. */
  maxResponseBytes?: number;
  /** Receives one-time notes such as the negotiated version differing from the requested one. */
  onWarning?: (message: string) => void;
  /**
   * `true`: check every JSON response (and event) against its schema, throwing EngineResponseError on a
   * mismatch. Default `false`: responses are typed, not checked (the hot path stays lean).
   */
  validateResponses?: boolean;
}

/**
 * The EngineClient's HTTP core: versioned paths, query and body encoding, status checks turning engine errors
 * into {@link EngineApiError}, timeouts, and connection errors into {@link EngineConnectionError}. One undici
 * pool per client; the hot path (`send` once the version is known) adds only string concatenation and one
 * status check to `dispatcher.request`.
 */
export class EngineHttp {
  readonly dispatcher: Pool;
  readonly address: string;
  /** The HTTP origin requests go to (`http://engine` for a Unix socket, where the host name is ignored). */
  readonly origin: string;
  private readonly requested: string;
  private readonly negotiate: boolean;
  private readonly defaultTimeoutMs: number;
  private readonly probeTimeoutMs: number;
  private readonly deadlineMs: number;
  private readonly idleTimeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly onWarning: (message: string) => void;
  /** Whether JSON responses are checked against their schemas (`validateResponses`). */
  readonly validate: boolean;
  private prefix: string | undefined;
  private negotiation: Promise<NegotiatedVersion> | undefined;
  private result: NegotiatedVersion | undefined;

  constructor(config: EngineConnectionConfig, options: EngineHttpOptions = {}) {
    this.dispatcher = createDispatcher(config.target);
    this.address = config.display;
    this.origin = config.target.origin;
    this.requested = options.apiVersion ?? DOCUMENTED_API_VERSION;
    this.negotiate = options.negotiate !== false;
    this.defaultTimeoutMs = options.timeoutMs ?? ENGINE_DEFAULTS.timeoutMs;
    this.probeTimeoutMs = options.probeTimeoutMs ?? ENGINE_DEFAULTS.probeTimeoutMs;
    this.deadlineMs = options.deadlineMs ?? ENGINE_DEFAULTS.deadlineMs;
    this.idleTimeoutMs = options.idleTimeoutMs ?? ENGINE_DEFAULTS.idleTimeoutMs;
    this.maxResponseBytes = options.maxResponseBytes ?? ENGINE_DEFAULTS.maxResponseBytes;
    this.validate = options.validateResponses === true;
    this.onWarning = options.onWarning ?? ((message) => process.emitWarning(message, "EngineApiVersion"));
    if (!this.negotiate) {
      this.result = { version: this.requested, engineMin: undefined, engineMax: undefined };
      this.prefix = `/v${this.requested}`;
    }
  }

  /**
   * The API version in use, negotiating it first when needed (one `GET /version`, shared by concurrent
   * callers; a failed negotiation is retried by the next call).
   * @throws EngineVersionError when the engine's maximum is below the requested version.
   */
  version(options: CallOptions = {}): Promise<NegotiatedVersion> {
    if (this.result) return Promise.resolve(this.result);
    this.negotiation ??= this.runNegotiation(options).then(
      (result) => {
        this.result = result;
        this.prefix = `/v${result.version}`;
        if (result.note) this.onWarning(result.note);
        return result;
      },
      (error: unknown) => {
        this.negotiation = undefined;
        throw error;
      },
    );
    return this.negotiation;
  }

  private async runNegotiation(options: CallOptions): Promise<NegotiatedVersion> {
    const limits = [this.probeTimeoutMs, this.defaultTimeoutMs].filter((ms) => ms > 0);
    const limit = limits.length > 0 ? Math.min(...limits) : 0;
    const request: EngineRequest = {
      method: "GET",
      path: "/version",
      timeoutMs:
        options.timeoutMs !== undefined && options.timeoutMs > 0 && options.timeoutMs < limit
          ? options.timeoutMs
          : limit,
    };
    if (options.signal) request.signal = options.signal;
    const body = (await this.withDeadline(request, async (r) =>
      this.readJson(r, await this.dispatch(r, "/version")),
    )) as { ApiVersion?: unknown; MinAPIVersion?: unknown } | undefined;
    if (typeof body?.ApiVersion !== "string") {
      throw new EngineProtocolError(
        `the server at ${this.address} is not an engine: GET /version answered without an ApiVersion`,
      );
    }
    return chooseApiVersion(
      this.requested,
      typeof body.MinAPIVersion === "string" ? body.MinAPIVersion : undefined,
      body.ApiVersion,
    );
  }

  /**
   * Runs a request/response call under the client's whole-call deadline (none for `long`/`idle` requests):
   * past it the call is aborted and rejects with {@link EngineTimeoutError}.
   */
  private async withDeadline<T>(
    request: EngineRequest,
    call: (request: EngineRequest) => Promise<T>,
  ): Promise<T> {
    if (request.long || request.idle || this.deadlineMs <= 0) return call(request);
    const controller = new AbortController();
    const timer = setTimeout(
      () =>
        controller.abort(new EngineTimeoutError(request.method, request.path, this.deadlineMs, "deadline")),
      this.deadlineMs,
    );
    const signal = request.signal ? AbortSignal.any([request.signal, controller.signal]) : controller.signal;
    try {
      return await call({ ...request, signal });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Reads a JSON body of at most `maxResponseBytes`.
   * @throws EngineProtocolError for a body that is too large or not JSON (naming the address, the request
   *   and the Content-Type); the mapped connection/timeout errors of the body.
   */
  private async readJson(request: EngineRequest, response: HttpResponse): Promise<unknown> {
    try {
      return await readJsonBody(response, this.maxResponseBytes);
    } catch (error) {
      if (error instanceof BodyNotJsonError) {
        throw new EngineProtocolError(
          `the server at ${this.address} is not an engine: ${request.method} ${request.path} answered ${error.message.replace(/^the response is /, "")}`,
        );
      }
      if (error instanceof BodyTooLargeError) {
        throw new EngineProtocolError(
          `${request.method} ${request.path}: the engine at ${this.address} answered more than ${error.message.replace(/^the response body is larger than /, "")} (the client's maxResponseBytes)`,
        );
      }
      throw this.mapError(error, request, request.path);
    }
  }

  /**
   * Sends a request and resolves to the response once its head arrived with a 2xx or 304 status; the body
   * is left to the caller (read, stream or dump it).
   * @throws EngineApiError for other statuses (with the engine's `{ message }`), EngineTimeoutError,
   * EngineConnectionError, or the signal's reason when aborted.
   */
  send(request: EngineRequest): Promise<HttpResponse> {
    const prefix = request.apiVersion !== undefined ? `/v${request.apiVersion}` : this.prefix;
    if (prefix === undefined) return this.sendAfterNegotiation(request);
    return this.dispatch(
      request,
      request.query ? prefix + request.path + encodeQuery(request.query) : prefix + request.path,
    );
  }

  private async sendAfterNegotiation(request: EngineRequest): Promise<HttpResponse> {
    const { version } = await this.version(request);
    return this.dispatch(request, `/v${version}${request.path}${encodeQuery(request.query)}`);
  }

  /**
   * Sends a request and parses its JSON body, typed by `schema`; the value is checked against `schema` only
   * when the client was created with `validateResponses` (then a mismatch throws EngineResponseError). A
   * {@link LazySchema} is imported only then: without validation no response schema is ever built.
   */
  async json<T>(request: EngineRequest, schema?: SchemaSource<T>): Promise<T> {
    const value = await this.withDeadline(request, async (r) => this.readJson(r, await this.send(r)));
    if (!this.validate || !schema) return value as T;
    return this.check(request, await schemaOf(schema), value);
  }

  /**
   * Like {@link json} for a JSON array of `schema` items; `null` (the engine's empty Go slice) becomes `[]`.
   */
  async jsonList<T>(request: EngineRequest, schema?: SchemaSource<T>): Promise<T[]> {
    const value = ((await this.withDeadline(request, async (r) => this.readJson(r, await this.send(r)))) ??
      []) as unknown[];
    if (!this.validate || !schema) return value as T[];
    const itemSchema = await schemaOf(schema);
    return value.map((item) => this.check(request, itemSchema, item));
  }

  /**
   * Checks one response value against its schema (only with `validateResponses`).
   * @throws EngineResponseError naming the request, the schema's field paths and messages (at most 5).
   */
  check<T>(request: Pick<EngineRequest, "method" | "path">, schema: z.ZodType<T>, value: unknown): T {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    throw new EngineResponseError(request.method, request.path, result.error.issues);
  }

  /**
   * Sends a request and resolves, once the response head arrived, to its body as chunks. Failures while
   * reading are mapped like those of the request (EngineTimeoutError when the body stays silent longer than
   * `timeoutMs`, the signal's reason on abort, EngineConnectionError when the connection breaks). Leaving the
   * iteration early closes the response.
   */
  async stream(request: EngineRequest): Promise<AsyncIterable<Uint8Array>> {
    const response = await this.send(request);
    return this.mappedChunks(response.body, request);
  }

  private async *mappedChunks(
    body: AsyncIterable<Uint8Array>,
    request: EngineRequest,
  ): AsyncGenerator<Uint8Array> {
    try {
      yield* body;
    } catch (error) {
      throw this.mapError(error, request, `${this.prefix ?? ""}${request.path}`);
    }
  }

  /** Sends a request whose answer has no useful body; resolves to the status (e.g. 204, or 304 unchanged). */
  empty(request: EngineRequest): Promise<number> {
    return this.withDeadline(request, async (r) => {
      const response = await this.send(r);
      await response.body.dump();
      return response.statusCode;
    });
  }

  /**
   * Sends a request with `Connection: Upgrade` and `Upgrade: tcp` (engine §4.1.2 hijacking) and resolves to
   * the raw bidirectional socket once the engine answered 101. `protocol` is the `Upgrade` value: `tcp` for
   * attach and exec, `h2c` for BuildKit's `POST /session` (the engine then speaks HTTP/2 on the socket).
   */
  async upgrade(request: EngineRequest, protocol = "tcp"): Promise<Duplex> {
    const prefix =
      request.apiVersion !== undefined
        ? `/v${request.apiVersion}`
        : (this.prefix ?? `/v${(await this.version(request)).version}`);
    const path = prefix + request.path + encodeQuery(request.query);
    const { body, headers } = this.encodeBody(request);
    if (body !== undefined && typeof body !== "string" && !(body instanceof Uint8Array)) {
      throw new TypeError("an upgrade request takes a JSON or byte body, not a stream");
    }
    let outcome: UpgradeOutcome;
    try {
      outcome = await upgradeRequest(this.dispatcher, {
        path,
        method: request.method,
        protocol,
        headers,
        body,
        signal: request.signal,
      });
    } catch (error) {
      throw this.mapError(error, request, path);
    }
    if (outcome.upgraded) return outcome.socket;
    throw new EngineApiError(
      outcome.statusCode,
      request.method,
      pathOnly(path),
      errorMessageOf(outcome.body),
    );
  }

  /**
   * Checks each item of a stream (events, JSON messages) against `schema` when the client validates
   * responses (a {@link LazySchema} is imported before the first item); otherwise returns `items` unchanged.
   */
  checkEach<T>(
    request: Pick<EngineRequest, "method" | "path">,
    schema: SchemaSource<T>,
    items: AsyncIterable<T>,
  ): AsyncIterable<T> {
    if (!this.validate) return items;
    const check = (itemSchema: z.ZodType<T>, item: T) => this.check(request, itemSchema, item);
    return (async function* () {
      const itemSchema = await schemaOf(schema);
      for await (const item of items) yield check(itemSchema, item);
    })();
  }

  /** Closes the pool's connections (in-flight streams are destroyed). */
  async close(): Promise<void> {
    await this.dispatcher.destroy();
  }

  private encodeBody(request: EngineRequest) {
    if (request.json === undefined && request.body === undefined)
      return { body: undefined, headers: request.headers };
    if (request.json !== undefined) {
      const encoded = jsonBody(request.json);
      return {
        body: encoded.body,
        headers: request.headers ? { ...request.headers, ...encoded.headers } : encoded.headers,
      };
    }
    return { body: toDispatchBody(request.body), headers: request.headers };
  }

  private dispatch(request: EngineRequest, path: string): Promise<HttpResponse> {
    const { body, headers } = this.encodeBody(request);
    const { headersTimeout, bodyTimeout } = timeoutOptions(this.timeoutOf(request));
    return this.dispatcher
      .request({
        method: request.method,
        path,
        body: body ?? null,
        headers: headers ?? null,
        signal: request.signal ?? null,
        headersTimeout,
        bodyTimeout,
      })
      .then(
        (response) => {
          const status = response.statusCode;
          if ((status >= 200 && status < 300) || status === 304) return response;
          return this.failure(request, path, response);
        },
        (error: unknown) => {
          throw this.mapError(error, request, path);
        },
      );
  }

  private async failure(request: EngineRequest, path: string, response: HttpResponse): Promise<never> {
    throw new EngineApiError(
      response.statusCode,
      request.method,
      pathOnly(path),
      await readErrorMessage(response),
    );
  }

  /** The head/idle limit of a request: its own, the idle limit of progress streams, none for long calls. */
  private timeoutOf(request: EngineRequest): number {
    return (
      request.timeoutMs ?? (request.idle ? this.idleTimeoutMs : request.long ? 0 : this.defaultTimeoutMs)
    );
  }

  private mapError(error: unknown, request: EngineRequest, path: string): unknown {
    if (request.signal?.aborted) return request.signal.reason ?? error;
    if (isTimeoutError(error)) {
      return new EngineTimeoutError(
        request.method,
        pathOnly(path),
        this.timeoutOf(request),
        request.idle ? "idle" : "answer",
      );
    }
    if (error instanceof EngineApiError || error instanceof EngineProtocolError) return error;
    return new EngineConnectionError(this.address, (error as { code?: string }).code, error);
  }
}

function pathOnly(path: string): string {
  const q = path.indexOf("?");
  return q === -1 ? path : path.slice(0, q);
}

/** Encodes an id or name as one path segment. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

/**
 * Encodes an image or plugin reference for a path: `/`, `:` and `@` stay readable (engine routes match
 * `{name:.*}`, and Go's URL path escaping keeps them too); everything else is percent-encoded.
 */
export function reference(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, "/").replace(/%3A/gi, ":").replace(/%40/g, "@");
}
