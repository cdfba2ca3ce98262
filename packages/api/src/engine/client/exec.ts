/**
 * `ExecApi`: the exec endpoints of the engine API (engine §4.4), an extra process in a running container.
 */
import { lazySchemas } from "../../lazy-schema.js";
import type { ExecCreateBody, ExecCreateResponse, ExecInspect, ExecResizeQuery } from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { segment } from "./engine-http.js";
import { type HijackedSession, hijackedSession } from "./hijack.js";
import { decodeMultiplexedStream, type OutputFrame } from "./multiplexed-stream.js";

/** Response schemas, imported only with `validateResponses` (start-up: see `lazy-schema.ts`). */
const execSchemas = lazySchemas(() => import("../schemas/exec.js"), ["ExecCreateResponse", "ExecInspect"]);

/** Exec endpoints (engine §4.4): run an extra process in a running container. */
export class ExecApi {
  constructor(private readonly http: EngineHttp) {}

  /** `POST /containers/(id)/exec`: creates an exec instance; resolves to `{ Id }`. 409 when paused. */
  create(containerId: string, body: ExecCreateBody, options: CallOptions = {}): Promise<ExecCreateResponse> {
    return this.http.json(
      {
        method: "POST",
        path: `/containers/${segment(containerId)}/exec`,
        json: body,
        ...options,
      },
      execSchemas.ExecCreateResponse,
    );
  }

  /** `POST /exec/(id)/start` with `Detach: true`: starts the process and returns at once. */
  async startDetached(id: string, body: { Tty?: boolean } = {}, options: CallOptions = {}): Promise<void> {
    await this.http.empty({
      method: "POST",
      path: `/exec/${segment(id)}/start`,
      json: { ...body, Detach: true },
      ...options,
    });
  }

  /**
   * `POST /exec/(id)/start` without an upgrade (200): the process's output as frames (raw with `Tty`),
   * ending when it exits. For processes that need no stdin.
   */
  async start(
    id: string,
    body: { Tty?: boolean } = {},
    options: CallOptions = {},
  ): Promise<AsyncIterable<OutputFrame>> {
    const output = await this.http.stream({
      method: "POST",
      path: `/exec/${segment(id)}/start`,
      json: { ...body, Detach: false },
      long: true,
      ...options,
    });
    return decodeMultiplexedStream(output, { tty: body.Tty ?? false });
  }

  /** `POST /exec/(id)/start` hijacked with `Upgrade: tcp` (engine §4.1.2): stdin, stdout and stderr. */
  async attach(
    id: string,
    body: { Tty?: boolean } = {},
    options: CallOptions = {},
  ): Promise<HijackedSession> {
    const socket = await this.http.upgrade({
      method: "POST",
      path: `/exec/${segment(id)}/start`,
      json: { ...body, Detach: false },
      ...options,
    });
    return hijackedSession(socket, body.Tty ?? false);
  }

  /** `POST /exec/(id)/resize`: TTY size in characters (only when created with `Tty`). */
  async resize(id: string, size: ExecResizeQuery, options: CallOptions = {}): Promise<void> {
    await this.http.empty({
      method: "POST",
      path: `/exec/${segment(id)}/resize`,
      query: { ...size },
      ...options,
    });
  }

  /** `GET /exec/(id)/json` (engine §2.9): `Running`, `ExitCode`, process configuration. */
  inspect(id: string, options: CallOptions = {}): Promise<ExecInspect> {
    return this.http.json(
      { method: "GET", path: `/exec/${segment(id)}/json`, ...options },
      execSchemas.ExecInspect,
    );
  }
}
