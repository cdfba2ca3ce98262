/**
 * `SystemApi`: the engine-wide endpoints of engine §4.3 (`/_ping` and its headers, `/version`, `/info`),
 * registry login (`POST /auth`, engine §5) and the `GET /events` stream (engine §6). Response schemas load
 * lazily.
 */
import { lazySchemas } from "../../lazy-schema.js";
import { MAX_ERROR_BODY_BYTES, readBodyText } from "../../transport/index.js";
import type {
  AuthConfig,
  AuthResponse,
  EngineEvent,
  EventsQuery,
  SystemInfo,
  SystemVersion,
} from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { decodeJsonStream } from "./json-message-stream.js";

/** Response schemas, imported only with `validateResponses` (start-up: see `lazy-schema.ts`). */
const systemSchemas = lazySchemas(
  () => import("../schemas/system.js"),
  ["SystemVersion", "SystemInfo", "AuthResponse"],
);
const eventSchemas = lazySchemas(() => import("../schemas/events.js"), ["EngineEvent"]);

/** What `GET /_ping`'s headers say about the engine (see {@link SystemApi.pingInfo}). */
export interface PingInfo {
  /** The engine's highest API version (`Api-Version`). */
  apiVersion: string | undefined;
  /** The engine's default builder (`Builder-Version`: `1` classic, `2` BuildKit); engines before 23.0 send none. */
  builderVersion: string | undefined;
  /** `linux` or `windows` (`OSType`). */
  osType: string | undefined;
  experimental: boolean;
}

/** Engine-wide endpoints (engine §4.3 Misc): ping, version, info, auth, events. */
export class SystemApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /_ping`: resolves to the body (`OK`) when the engine is up. */
  async ping(options: CallOptions = {}): Promise<string> {
    const response = await this.http.send({ method: "GET", path: "/_ping", ...options });
    // "OK": a longer answer is not an engine's; at most the error-body cap is read.
    return readBodyText(response, MAX_ERROR_BODY_BYTES);
  }

  /**
   * `GET /_ping` read for its headers (engine §4.3; moby `api/server/router/system`): `Api-Version`,
   * `Builder-Version` (`1` classic, `2` BuildKit: the engine's default builder, sent by engines from 23.0;
   * undefined before), `OSType` and `Docker-Experimental`. The body (`OK`) is discarded.
   */
  async pingInfo(options: CallOptions = {}): Promise<PingInfo> {
    const response = await this.http.send({ method: "GET", path: "/_ping", ...options });
    await readBodyText(response, MAX_ERROR_BODY_BYTES);
    const header = (name: string): string | undefined => {
      const value = response.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    return {
      apiVersion: header("api-version"),
      builderVersion: header("builder-version"),
      osType: header("ostype"),
      experimental: header("docker-experimental") === "true",
    };
  }

  /** `GET /version`: engine version, `ApiVersion`, `MinAPIVersion`, OS, architecture, kernel. */
  version(options: CallOptions = {}): Promise<SystemVersion> {
    return this.http.json({ method: "GET", path: "/version", ...options }, systemSchemas.SystemVersion);
  }

  /** `GET /info`: engine-wide information (counts, drivers, kernel, swarm state…). */
  info(options: CallOptions = {}): Promise<SystemInfo> {
    return this.http.json({ method: "GET", path: "/info", ...options }, systemSchemas.SystemInfo);
  }

  /**
   * `POST /auth`: checks registry credentials. Resolves to `{ Status, IdentityToken }` (200) or `undefined` (204).
   */
  async auth(body: AuthConfig, options: CallOptions = {}): Promise<AuthResponse | undefined> {
    return this.http.json(
      {
        method: "POST",
        path: "/auth",
        json: body,
        ...options,
      },
      systemSchemas.AuthResponse,
    );
  }

  /**
   * `GET /events`: the engine's event stream (engine §6), one decoded event object per iteration, until
   * `until` passes, the signal aborts, or the caller breaks out of the loop (which closes the request).
   */
  async events(query: EventsQuery = {}, options: CallOptions = {}): Promise<AsyncIterable<EngineEvent>> {
    const body = await this.http.stream({
      method: "GET",
      path: "/events",
      query: { ...query },
      long: true,
      ...options,
    });
    const events = decodeJsonStream<EngineEvent>(body, { throwOnError: false });
    return this.http.checkEach({ method: "GET", path: "/events" }, eventSchemas.EngineEvent, events);
  }
}
