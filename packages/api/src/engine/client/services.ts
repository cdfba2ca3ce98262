/**
 * `ServicesApi`: the swarm service endpoints of the engine API (engine §4.10).
 */
import { lazySchemas } from "../../lazy-schema.js";
import type {
  AuthConfig,
  Service,
  ServiceCreateResponse,
  ServiceListQuery,
  ServiceSpec,
} from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { segment } from "./engine-http.js";
import { encodeRegistryAuth } from "./registry-auth.js";

/** Response schemas, imported only with `validateResponses` (start-up: see `lazy-schema.ts`). */
const serviceSchemas = lazySchemas(
  () => import("../schemas/service.js"),
  ["Service", "ServiceCreateResponse"],
);

/** Options of service create and update: registry credentials for private images (`X-Registry-Auth`). */
export interface ServiceWriteOptions extends CallOptions {
  auth?: AuthConfig;
}

/** Swarm service endpoints (engine §4.10); 406 when the engine is not in a swarm. */
export class ServicesApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /services`. */
  list(query: ServiceListQuery = {}, options: CallOptions = {}): Promise<Service[]> {
    return this.http.jsonList(
      { method: "GET", path: "/services", query, ...options },
      serviceSchemas.Service,
    );
  }

  /** `POST /services/create`: resolves to `{ ID }`; 409 on a name conflict. */
  create(spec: ServiceSpec, options: ServiceWriteOptions = {}): Promise<ServiceCreateResponse> {
    const { auth, ...call } = options;
    return this.http.json(
      {
        method: "POST",
        path: "/services/create",
        json: spec,
        headers: authHeaders(auth),
        ...call,
      },
      serviceSchemas.ServiceCreateResponse,
    );
  }

  /** `GET /services/(id)`. */
  inspect(id: string, options: CallOptions = {}): Promise<Service> {
    return this.http.json(
      { method: "GET", path: `/services/${segment(id)}`, ...options },
      serviceSchemas.Service,
    );
  }

  /** `POST /services/(id)/update?version=`: `version` is the service's `Version.Index`; `spec` replaces the spec. */
  async update(
    id: string,
    version: number,
    spec: ServiceSpec,
    options: ServiceWriteOptions = {},
  ): Promise<void> {
    const { auth, ...call } = options;
    await this.http.empty({
      method: "POST",
      path: `/services/${segment(id)}/update`,
      query: { version },
      json: spec,
      headers: authHeaders(auth),
      ...call,
    });
  }

  /** `DELETE /services/(id)`. */
  async remove(id: string, options: CallOptions = {}): Promise<void> {
    await this.http.empty({ method: "DELETE", path: `/services/${segment(id)}`, ...options });
  }
}

function authHeaders(auth: AuthConfig | undefined): Record<string, string> {
  return auth ? { "x-registry-auth": encodeRegistryAuth(auth) } : {};
}
