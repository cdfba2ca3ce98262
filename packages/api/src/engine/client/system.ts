import type { CallOptions, EngineHttp } from "./engine-http.js";
import { decodeJsonStream } from "./json-message-stream.js";
import type { EngineEvent, SystemInfo, SystemVersion } from "./schema-types.js";

/** `filters` of `GET /events` (engine §6): `type`, `event`, `container`, `image`, `label`, `volume`, `network`, `daemon`. */
export type EventFilters = Partial<
  Record<"container" | "event" | "image" | "label" | "type" | "volume" | "network" | "daemon", string[]>
>;

/** Query of `GET /events` (engine §4.3, §6): `since`/`until` are Unix seconds (or RFC 3339 text). */
export interface EventsQuery {
  since?: number | string;
  until?: number | string;
  filters?: EventFilters;
}

/** Credentials of `POST /auth` (engine §4.3, §5). The password never appears in errors. */
export interface AuthBody {
  username: string;
  password: string;
  serveraddress?: string;
  email?: string;
}

/** Engine-wide endpoints (engine §4.3 Misc): ping, version, info, auth, events. */
export class SystemApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /_ping`: resolves to the body (`OK`) when the engine is up. */
  async ping(options: CallOptions = {}): Promise<string> {
    const response = await this.http.send({ method: "GET", path: "/_ping", ...options });
    return response.body.text();
  }

  /** `GET /version`: engine version, `ApiVersion`, `MinAPIVersion`, OS, architecture, kernel. */
  version(options: CallOptions = {}): Promise<SystemVersion> {
    return this.http.json({ method: "GET", path: "/version", ...options });
  }

  /** `GET /info`: engine-wide information (counts, drivers, kernel, swarm state…). */
  info(options: CallOptions = {}): Promise<SystemInfo> {
    return this.http.json({ method: "GET", path: "/info", ...options });
  }

  /**
   * `POST /auth`: checks registry credentials. Resolves to `{ Status, IdentityToken }` (200) or `{}` (204).
   */
  async auth(
    body: AuthBody,
    options: CallOptions = {},
  ): Promise<{ Status?: string; IdentityToken?: string }> {
    return ((await this.http.json({ method: "POST", path: "/auth", json: body, ...options })) ?? {}) as {
      Status?: string;
      IdentityToken?: string;
    };
  }

  /**
   * `GET /events`: the engine's event stream (engine §6), one decoded event object per iteration, until
   * `until` passes, the signal aborts, or the caller breaks out of the loop (which closes the request).
   */
  async events(query: EventsQuery = {}, options: CallOptions = {}): Promise<AsyncIterable<EngineEvent>> {
    const response = await this.http.send({
      method: "GET",
      path: "/events",
      query: { ...query },
      long: true,
      ...options,
    });
    return decodeJsonStream<EngineEvent>(response.body, { throwOnError: false });
  }
}
