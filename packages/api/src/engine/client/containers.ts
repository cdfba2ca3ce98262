/**
 * `ContainersApi`: the container endpoints of the engine API (engine §4.1) — create, inspect, list, start,
 * stop, logs, attach, archive, wait, remove — each method documented with its HTTP method and path.
 */
import type { Readable } from "node:stream";
import type { WebSocket } from "undici";
import { lazySchemas } from "../../lazy-schema.js";
import type { RequestBody } from "../../transport/index.js";
import type {
  ContainerArchivePutQuery,
  ContainerAttachQuery,
  ContainerAttachWebsocketQuery,
  ContainerChange,
  ContainerCreateBody,
  ContainerCreateQuery,
  ContainerCreateResponse,
  ContainerDeleteQuery,
  ContainerInspect,
  ContainerInspectQuery,
  ContainerKillQuery,
  ContainerListQuery,
  ContainerLogsQuery,
  ContainerResizeQuery,
  ContainerRestartQuery,
  ContainerStartQuery,
  ContainerStats,
  ContainerStopQuery,
  ContainerSummary,
  ContainerTopQuery,
  ContainerTopResponse,
  ContainerUpdateBody,
  ContainerUpdateResponse,
  ContainerWaitResponse,
} from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { segment } from "./engine-http.js";
import { EngineProtocolError } from "./errors.js";
import { type HijackedSession, hijackedSession } from "./hijack.js";
import { decodeJsonStream } from "./json-message-stream.js";
import { decodeMultiplexedStream, type OutputFrame } from "./multiplexed-stream.js";
import { decodePathStat, type PathStat } from "./path-stat.js";

/** Response schemas, imported only with `validateResponses` (start-up: see `lazy-schema.ts`). */
const containerSchemas = lazySchemas(
  () => import("../schemas/container.js"),
  [
    "ContainerSummary",
    "ContainerInspect",
    "ContainerTopResponse",
    "ContainerChange",
    "ContainerUpdateResponse",
    "ContainerWaitResponse",
  ],
);
const createSchemas = lazySchemas(
  () => import("../schemas/container-create.js"),
  ["ContainerCreateResponse"],
);
const statsSchemas = lazySchemas(() => import("../schemas/stats.js"), ["ContainerStats"]);

/** Result of start/stop: `changed` is false when the engine answered 304 (already in that state). */
export interface StateChange {
  changed: boolean;
}

/** A tar stream of a path inside a container, with the path's stat (engine §4.1 archive). */
export interface ContainerArchive {
  stat: PathStat | undefined;
  /** The `application/x-tar` bytes; consume or destroy it. */
  tar: Readable;
}

/** Per-call options of the stream-reading methods: whether the container has a TTY (raw output). */
export interface OutputOptions extends CallOptions {
  /** `true` when the container was created with `Tty`: output is raw, not multiplexed (engine §4.1.2). */
  tty?: boolean;
}

/** Container endpoints (engine §4.1). `id` is a container id or name everywhere. */
export class ContainersApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /containers/json`: running containers, or all with `{ all: true }`. */
  list(query: ContainerListQuery = {}, options: CallOptions = {}): Promise<ContainerSummary[]> {
    return this.http.jsonList(
      { method: "GET", path: "/containers/json", query: { ...query }, ...options },
      containerSchemas.ContainerSummary,
    );
  }

  /**
   * `POST /containers/create` with the create configuration (engine §2.1, §2.2); `name` must match
   * `/?[a-zA-Z0-9_-]+`. Resolves to `{ Id, Warnings }`. 404 when the image is missing (engine §4.12).
   */
  create(
    body: ContainerCreateBody,
    query: ContainerCreateQuery = {},
    options: CallOptions = {},
  ): Promise<ContainerCreateResponse> {
    return this.http.json(
      { method: "POST", path: "/containers/create", query, json: body, ...options },
      createSchemas.ContainerCreateResponse,
    );
  }

  /** `GET /containers/(id)/json` (engine §2.4); `size` adds `SizeRw`/`SizeRootFs`. */
  inspect(
    id: string,
    query: ContainerInspectQuery = {},
    options: CallOptions = {},
  ): Promise<ContainerInspect> {
    return this.http.json(
      { method: "GET", path: `/containers/${segment(id)}/json`, query, ...options },
      containerSchemas.ContainerInspect,
    );
  }

  /** `GET /containers/(id)/top`: processes (`ps_args` default `-ef`). */
  top(id: string, query: ContainerTopQuery = {}, options: CallOptions = {}): Promise<ContainerTopResponse> {
    return this.http.json(
      { method: "GET", path: `/containers/${segment(id)}/top`, query, ...options },
      containerSchemas.ContainerTopResponse,
    );
  }

  /**
   * `GET /containers/(id)/logs` without an upgrade (200): the output as frames (engine §4.1.2); raw bytes
   * with `tty: true`. Only for `json-file`/`journald` log drivers. With `follow`, the iteration lasts until
   * the container stops.
   */
  async logs(
    id: string,
    query: ContainerLogsQuery,
    options: OutputOptions = {},
  ): Promise<AsyncIterable<OutputFrame>> {
    const body = await this.http.stream({
      method: "GET",
      path: `/containers/${segment(id)}/logs`,
      query: { ...query },
      long: query.follow === true,
      ...options,
    });
    return decodeMultiplexedStream(body, { tty: options.tty ?? false });
  }

  /** `GET /containers/(id)/changes`: file system changes; `Kind` 0 modify, 1 add, 2 delete. */
  async changes(id: string, options: CallOptions = {}): Promise<ContainerChange[]> {
    const changes = await this.http.jsonList(
      {
        method: "GET",
        path: `/containers/${segment(id)}/changes`,
        ...options,
      },
      containerSchemas.ContainerChange,
    );
    return changes ?? [];
  }

  /** `GET /containers/(id)/export`: the container's file system as a tar stream. */
  async export(id: string, options: CallOptions = {}): Promise<Readable> {
    return (
      await this.http.send({
        method: "GET",
        path: `/containers/${segment(id)}/export`,
        long: true,
        ...options,
      })
    ).body;
  }

  /** `GET /containers/(id)/stats?stream=0`: one stats sample (engine §4.1.1). */
  stats(id: string, options: CallOptions = {}): Promise<ContainerStats> {
    return this.http.json(
      {
        method: "GET",
        path: `/containers/${segment(id)}/stats`,
        query: { stream: false },
        ...options,
      },
      statsSchemas.ContainerStats,
    );
  }

  /** `GET /containers/(id)/stats`: a stats object about every second until the caller stops iterating. */
  async statsStream(id: string, options: CallOptions = {}): Promise<AsyncIterable<ContainerStats>> {
    const body = await this.http.stream({
      method: "GET",
      path: `/containers/${segment(id)}/stats`,
      query: { stream: true },
      long: true,
      ...options,
    });
    return decodeJsonStream<ContainerStats>(body, { throwOnError: false });
  }

  /** `POST /containers/(id)/resize`: TTY size in characters. */
  async resize(id: string, size: ContainerResizeQuery, options: CallOptions = {}): Promise<void> {
    await this.http.empty({
      method: "POST",
      path: `/containers/${segment(id)}/resize`,
      query: { ...size },
      ...options,
    });
  }

  /** `POST /containers/(id)/start`; `changed: false` when already started (304). */
  start(id: string, query: ContainerStartQuery = {}, options: CallOptions = {}): Promise<StateChange> {
    return this.change(id, "start", query, options);
  }

  /** `POST /containers/(id)/stop`: SIGTERM, then kill after `t` seconds; `changed: false` when already stopped. */
  stop(id: string, query: ContainerStopQuery = {}, options: CallOptions = {}): Promise<StateChange> {
    return this.change(id, "stop", query, { long: true, ...options });
  }

  /** `POST /containers/(id)/restart`: kill after `t` seconds. */
  async restart(id: string, query: ContainerRestartQuery = {}, options: CallOptions = {}): Promise<void> {
    await this.change(id, "restart", query, { long: true, ...options });
  }

  /** `POST /containers/(id)/kill`: `signal` name or number, default `SIGKILL`. */
  async kill(id: string, query: ContainerKillQuery = {}, options: CallOptions = {}): Promise<void> {
    await this.change(id, "kill", query, options);
  }

  /** `POST /containers/(id)/update`: new resource limits; resolves to the engine's warnings. */
  update(id: string, body: ContainerUpdateBody, options: CallOptions = {}): Promise<ContainerUpdateResponse> {
    return this.http.json(
      {
        method: "POST",
        path: `/containers/${segment(id)}/update`,
        json: body,
        ...options,
      },
      containerSchemas.ContainerUpdateResponse,
    );
  }

  /** `POST /containers/(id)/rename?name=`. 409 when the name is taken. */
  async rename(id: string, name: string, options: CallOptions = {}): Promise<void> {
    await this.change(id, "rename", { name }, options);
  }

  /** `POST /containers/(id)/pause`. */
  async pause(id: string, options: CallOptions = {}): Promise<void> {
    await this.change(id, "pause", {}, options);
  }

  /** `POST /containers/(id)/unpause`. */
  async unpause(id: string, options: CallOptions = {}): Promise<void> {
    await this.change(id, "unpause", {}, options);
  }

  /**
   * `POST /containers/(id)/attach` hijacked with `Upgrade: tcp` (engine §4.1.2): a session carrying stdin,
   * stdout and stderr. Pass `tty: true` for a container created with `Tty`.
   */
  async attach(
    id: string,
    query: ContainerAttachQuery,
    options: OutputOptions = {},
  ): Promise<HijackedSession> {
    const socket = await this.http.upgrade({
      method: "POST",
      path: `/containers/${segment(id)}/attach`,
      query: { ...query },
      ...options,
    });
    return hijackedSession(socket, options.tty ?? false);
  }

  /**
   * The path (with version prefix and query) of `GET /containers/(id)/attach/ws`, the RFC 6455 WebSocket
   * variant of attach, for a WebSocket client of the caller's choice.
   */
  async attachWebSocketPath(id: string, query: ContainerAttachWebsocketQuery = {}): Promise<string> {
    const { version } = await this.http.version();
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined)
        params.set(key, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
    }
    const search = params.toString();
    return `/v${version}/containers/${segment(id)}/attach/ws${search ? `?${search}` : ""}`;
  }

  /**
   * `GET /containers/(id)/attach/ws`: attach over an RFC 6455 WebSocket, opened through the client's own
   * connection pool (so Unix sockets and TLS work). Messages carry raw output bytes (set
   * `binaryType = "arraybuffer"`); sending writes to stdin. Close it when done.
   */
  async attachWebSocket(id: string, query: ContainerAttachWebsocketQuery = {}): Promise<WebSocket> {
    const path = await this.attachWebSocketPath(id, query);
    // undici's index, loaded only here (transport/undici-parts.ts)
    const { WebSocket } = await import("undici");
    return new WebSocket(`${this.http.origin.replace(/^http/, "ws")}${path}`, {
      dispatcher: this.http.dispatcher,
    });
  }

  /** `POST /containers/(id)/wait`: blocks until the container stops; resolves to `{ StatusCode }`. */
  wait(id: string, options: CallOptions = {}): Promise<ContainerWaitResponse> {
    return this.http.json(
      {
        method: "POST",
        path: `/containers/${segment(id)}/wait`,
        long: true,
        ...options,
      },
      containerSchemas.ContainerWaitResponse,
    );
  }

  /** `DELETE /containers/(id)`: `v` removes anonymous volumes, `force` kills first, `link` removes a link. */
  async remove(id: string, query: ContainerDeleteQuery = {}, options: CallOptions = {}): Promise<void> {
    await this.http.empty({ method: "DELETE", path: `/containers/${segment(id)}`, query, ...options });
  }

  /**
   * `HEAD /containers/(id)/archive?path=`: the stat of a path (engine §4.1 archive rule 3), read from
   * `X-Engine-Container-Path-Stat` or the real engine's `X-Docker-Container-Path-Stat`.
   * @throws EngineApiError 404 when the path does not exist (HEAD errors carry no message body).
   */
  async archiveStat(id: string, path: string, options: CallOptions = {}): Promise<PathStat> {
    const response = await this.http.send({
      method: "HEAD",
      path: `/containers/${segment(id)}/archive`,
      query: { path },
      ...options,
    });
    await response.body.dump();
    const stat = decodePathStat(response.headers);
    if (!stat) throw new EngineProtocolError("the engine sent no container path stat header");
    return stat;
  }

  /** `GET /containers/(id)/archive?path=`: a tar stream of the path, and its stat. */
  async getArchive(id: string, path: string, options: CallOptions = {}): Promise<ContainerArchive> {
    const response = await this.http.send({
      method: "GET",
      path: `/containers/${segment(id)}/archive`,
      query: { path },
      long: true,
      ...options,
    });
    return { stat: decodePathStat(response.headers), tar: response.body };
  }

  /**
   * `PUT /containers/(id)/archive?path=`: extracts a tar archive (bytes or a stream) into `path`, a directory
   * that must exist. `noOverwriteDirNonDir` makes replacing a directory by a non-directory (or the reverse)
   * an error.
   */
  async putArchive(
    id: string,
    path: string,
    tar: RequestBody,
    query: Omit<ContainerArchivePutQuery, "path"> = {},
    options: CallOptions = {},
  ): Promise<void> {
    await this.http.empty({
      method: "PUT",
      path: `/containers/${segment(id)}/archive`,
      query: { path, ...query },
      body: tar,
      headers: { "content-type": "application/x-tar" },
      long: true,
      ...options,
    });
  }

  private async change(
    id: string,
    action: string,
    query: Record<string, string | number | boolean | undefined>,
    options: CallOptions & { long?: boolean },
  ): Promise<StateChange> {
    const status = await this.http.empty({
      method: "POST",
      path: `/containers/${segment(id)}/${action}`,
      query,
      ...options,
    });
    return { changed: status !== 304 };
  }
}
