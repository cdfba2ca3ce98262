/**
 * `ImagesApi`: the image endpoints of the engine API (engine §4.2) — list, inspect, pull, push, tag,
 * remove, and `POST /build` with the build parameters engines honour beyond the document.
 */
import type { Readable } from "node:stream";
import { lazySchemas } from "../../lazy-schema.js";
import type { QueryValue, RequestBody } from "../../transport/index.js";
import type {
  AuthConfig,
  BuildQuery,
  CommitBody,
  CommitQuery,
  IdResponse,
  ImageCreateQuery,
  ImageDeleteItem,
  ImageDeleteQuery,
  ImageHistoryItem,
  ImageInspect,
  ImageListQuery,
  ImageLoadQuery,
  ImagePushQuery,
  ImageSearchQuery,
  ImageSearchResult,
  ImageSummary,
  ImageTagQuery,
  JsonMessage,
  RegistryConfig,
} from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { reference } from "./engine-http.js";
import { decodeJsonStream } from "./json-message-stream.js";
import { encodeRegistryAuth, encodeRegistryConfig } from "./registry-auth.js";

/** Response schemas, imported only with `validateResponses` (start-up: see `lazy-schema.ts`). */
const imageSchemas = lazySchemas(
  () => import("../schemas/image.js"),
  ["ImageSummary", "ImageInspect", "ImageHistoryItem", "ImageDeleteItem", "ImageSearchResult"],
);
const streamSchemas = lazySchemas(() => import("../schemas/stream.js"), ["JsonMessage"]);
const containerSchemas = lazySchemas(() => import("../schemas/container.js"), ["IdResponse"]);

/**
 * `POST /build` parameters the document does not list but engines honour even under `/v1.24/` (research
 * build-context-anchors §5.1: `target`, `cachefrom`, `networkmode`, `extrahosts`, `platform`…), sent as given.
 */
export type ExtraBuildParameters = Record<string, QueryValue>;

/** Options of {@link ImagesApi.build}. */
export interface BuildOptions extends CallOptions {
  /** Credentials for base-image registries, sent as `X-Registry-Config` (URL-safe base64 with padding). */
  registryConfig?: RegistryConfig;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/** Image endpoints (engine §4.2). `name` is an image name (with tag or digest) or id everywhere. */
export class ImagesApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /images/json`. */
  list(query: ImageListQuery = {}, options: CallOptions = {}): Promise<ImageSummary[]> {
    return this.http.jsonList(
      { method: "GET", path: "/images/json", query: { ...query }, ...options },
      imageSchemas.ImageSummary,
    );
  }

  /**
   * `POST /build`: uploads the build context (a tar archive — bytes, a `Readable` or any
   * `AsyncIterable<Uint8Array>`, sent chunked with `Content-Type: application/x-tar`) and resolves, once the
   * engine answered 200, to the decoded JSON messages of the build output. The iteration throws
   * {@link EngineStreamError} on an in-stream failure (a 200 status is not success, engine §7.3). Errors
   * before any output (bad parameter, missing build file) reject with {@link EngineApiError}.
   * `enginefile` is also sent as `dockerfile`, the name real engines read (research build-context-anchors §0.3),
   * unless `dockerfile` is given; `t` repeats per tag; `buildargs` and `labels` are JSON maps.
   */
  async build(
    context: RequestBody,
    query: BuildQuery & ExtraBuildParameters = {},
    options: BuildOptions = {},
  ): Promise<AsyncIterable<JsonMessage>> {
    const { registryConfig, headers, ...call } = options;
    const { enginefile, ...rest } = query;
    const requestHeaders: Record<string, string> = { "content-type": "application/x-tar", ...headers };
    if (registryConfig) requestHeaders["x-registry-config"] = encodeRegistryConfig(registryConfig);
    const body = await this.http.stream({
      method: "POST",
      path: "/build",
      query: enginefile === undefined ? rest : { enginefile, dockerfile: enginefile, ...rest },
      body: context,
      headers: requestHeaders,
      idle: true,
      ...call,
    });
    return this.http.checkEach(
      { method: "POST", path: "/build" },
      streamSchemas.JsonMessage,
      decodeJsonStream(body),
    );
  }

  /**
   * `POST /images/create`: pulls (`fromImage`) or imports (`fromSrc`, with `body` the tar when `fromSrc`
   * is `-`). Resolves to the progress messages; an in-stream `error` throws {@link EngineStreamError}.
   */
  async create(
    query: ImageCreateQuery,
    options: CallOptions & { auth?: AuthConfig; body?: RequestBody } = {},
  ): Promise<AsyncIterable<JsonMessage>> {
    const { auth, body, ...call } = options;
    const headers: Record<string, string> = {};
    if (auth) headers["x-registry-auth"] = encodeRegistryAuth(auth);
    if (body !== undefined) headers["content-type"] = "application/x-tar";
    const messages = await this.http.stream({
      method: "POST",
      path: "/images/create",
      query: { ...query },
      headers,
      idle: true,
      ...(body === undefined ? {} : { body }),
      ...call,
    });
    return this.http.checkEach(
      { method: "POST", path: "/images/create" },
      streamSchemas.JsonMessage,
      decodeJsonStream(messages),
    );
  }

  /** `GET /images/(name)/json` (engine §2.5). */
  inspect(name: string, options: CallOptions = {}): Promise<ImageInspect> {
    return this.http.json(
      { method: "GET", path: `/images/${reference(name)}/json`, ...options },
      imageSchemas.ImageInspect,
    );
  }

  /** `GET /images/(name)/history`. */
  history(name: string, options: CallOptions = {}): Promise<ImageHistoryItem[]> {
    return this.http.jsonList(
      { method: "GET", path: `/images/${reference(name)}/history`, ...options },
      imageSchemas.ImageHistoryItem,
    );
  }

  /** `POST /images/(name)/push`: progress messages; an in-stream `error` throws {@link EngineStreamError}. */
  async push(
    name: string,
    query: ImagePushQuery = {},
    options: CallOptions & { auth?: AuthConfig } = {},
  ): Promise<AsyncIterable<JsonMessage>> {
    const { auth, ...call } = options;
    // The engine requires the header on push; an empty credential object is what the engine CLI sends.
    const headers = { "x-registry-auth": encodeRegistryAuth(auth ?? {}) };
    const body = await this.http.stream({
      method: "POST",
      path: `/images/${reference(name)}/push`,
      query,
      headers,
      idle: true,
      ...call,
    });
    return this.http.checkEach(
      { method: "POST", path: `/images/${reference(name)}/push` },
      streamSchemas.JsonMessage,
      decodeJsonStream(body),
    );
  }

  /** `POST /images/(name)/tag?repo=&tag=`. */
  async tag(name: string, query: ImageTagQuery, options: CallOptions = {}): Promise<void> {
    await this.http.empty({
      method: "POST",
      path: `/images/${reference(name)}/tag`,
      query: { ...query },
      ...options,
    });
  }

  /** `DELETE /images/(name)`: the untagged and deleted references. */
  remove(name: string, query: ImageDeleteQuery = {}, options: CallOptions = {}): Promise<ImageDeleteItem[]> {
    return this.http.jsonList(
      { method: "DELETE", path: `/images/${reference(name)}`, query, ...options },
      imageSchemas.ImageDeleteItem,
    );
  }

  /** `GET /images/search` (needs a reachable registry). */
  search(query: ImageSearchQuery, options: CallOptions = {}): Promise<ImageSearchResult[]> {
    return this.http.jsonList(
      {
        method: "GET",
        path: "/images/search",
        query: { ...query },
        long: true,
        ...options,
      },
      imageSchemas.ImageSearchResult,
    );
  }

  /** `GET /images/(name)/get`: the image and its parents as an image tarball (engine §2.5). */
  async get(name: string, options: CallOptions = {}): Promise<Readable> {
    return (
      await this.http.send({ method: "GET", path: `/images/${reference(name)}/get`, long: true, ...options })
    ).body;
  }

  /** `GET /images/get?names=…`: several images in one tarball. */
  async getAll(names: string[], options: CallOptions = {}): Promise<Readable> {
    return (
      await this.http.send({ method: "GET", path: "/images/get", query: { names }, long: true, ...options })
    ).body;
  }

  /** `POST /images/load`: loads an image tarball; resolves to the progress/confirmation messages. */
  async load(
    tar: RequestBody,
    query: ImageLoadQuery = {},
    options: CallOptions = {},
  ): Promise<AsyncIterable<JsonMessage>> {
    const body = await this.http.stream({
      method: "POST",
      path: "/images/load",
      query,
      body: tar,
      headers: { "content-type": "application/x-tar" },
      idle: true,
      ...options,
    });
    return this.http.checkEach(
      { method: "POST", path: "/images/load" },
      streamSchemas.JsonMessage,
      decodeJsonStream(body),
    );
  }

  /** `POST /commit`: creates an image from a container; `body` overrides its configuration. */
  commit(query: CommitQuery, body: CommitBody = {}, options: CallOptions = {}): Promise<IdResponse> {
    return this.http.json(
      {
        method: "POST",
        path: "/commit",
        query: { ...query },
        json: body,
        long: true,
        ...options,
      },
      containerSchemas.IdResponse,
    );
  }
}
