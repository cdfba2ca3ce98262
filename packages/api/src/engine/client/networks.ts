/**
 * `NetworksApi`: the network endpoints of the engine API (engine §4.6).
 */
import { lazySchemas } from "../../lazy-schema.js";
import type {
  Network,
  NetworkConnectBody,
  NetworkCreateBody,
  NetworkCreateResponse,
  NetworkDisconnectBody,
  NetworkListQuery,
} from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { segment } from "./engine-http.js";

/** Response schemas, imported only with `validateResponses` (start-up: see `lazy-schema.ts`). */
const networkSchemas = lazySchemas(
  () => import("../schemas/network.js"),
  ["Network", "NetworkCreateResponse"],
);

/** Network endpoints (engine §4.6). `id` is a network id or name. */
export class NetworksApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /networks`. */
  list(query: NetworkListQuery = {}, options: CallOptions = {}): Promise<Network[]> {
    return this.http.jsonList(
      { method: "GET", path: "/networks", query, ...options },
      networkSchemas.Network,
    );
  }

  /** `GET /networks/(id)`. */
  inspect(id: string, options: CallOptions = {}): Promise<Network> {
    return this.http.json(
      { method: "GET", path: `/networks/${segment(id)}`, ...options },
      networkSchemas.Network,
    );
  }

  /** `POST /networks/create`: resolves to `{ Id, Warning }`. */
  create(body: NetworkCreateBody, options: CallOptions = {}): Promise<NetworkCreateResponse> {
    return this.http.json(
      { method: "POST", path: "/networks/create", json: body, ...options },
      networkSchemas.NetworkCreateResponse,
    );
  }

  /** `POST /networks/(id)/connect`. */
  async connect(id: string, body: NetworkConnectBody, options: CallOptions = {}): Promise<void> {
    await this.http.empty({
      method: "POST",
      path: `/networks/${segment(id)}/connect`,
      json: body,
      ...options,
    });
  }

  /** `POST /networks/(id)/disconnect`. */
  async disconnect(id: string, body: NetworkDisconnectBody, options: CallOptions = {}): Promise<void> {
    await this.http.empty({
      method: "POST",
      path: `/networks/${segment(id)}/disconnect`,
      json: body,
      ...options,
    });
  }

  /** `DELETE /networks/(id)`: 403 for pre-defined networks. */
  async remove(id: string, options: CallOptions = {}): Promise<void> {
    await this.http.empty({ method: "DELETE", path: `/networks/${segment(id)}`, ...options });
  }
}
