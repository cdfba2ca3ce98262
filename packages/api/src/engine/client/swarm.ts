/**
 * `SwarmApi`: the swarm endpoints of the engine API (engine §4.9, §3.3) — init, join, leave, inspect, update.
 */
import { lazySchemas } from "../../lazy-schema.js";
import type {
  Swarm,
  SwarmInitBody,
  SwarmJoinBody,
  SwarmLeaveQuery,
  SwarmUpdateBody,
  SwarmUpdateQuery,
} from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";

/** Response schemas, imported only with `validateResponses` (start-up: see `lazy-schema.ts`). */
const swarmSchemas = lazySchemas(() => import("../schemas/swarm.js"), ["Swarm"]);

/** Swarm endpoints (engine §4.9, §3.3). */
export class SwarmApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /swarm`: the swarm object, including `JoinTokens` (secrets: do not log). 406 when not in a swarm. */
  inspect(options: CallOptions = {}): Promise<Swarm> {
    return this.http.json({ method: "GET", path: "/swarm", ...options }, swarmSchemas.Swarm);
  }

  /** `POST /swarm/init`: makes this engine a single-node swarm manager; resolves to the node ID. */
  init(body: SwarmInitBody, options: CallOptions = {}): Promise<string> {
    return this.http.json({ method: "POST", path: "/swarm/init", json: body, long: true, ...options });
  }

  /** `POST /swarm/join`. */
  async join(body: SwarmJoinBody, options: CallOptions = {}): Promise<void> {
    await this.http.empty({ method: "POST", path: "/swarm/join", json: body, long: true, ...options });
  }

  /** `POST /swarm/leave`; `force` is needed for the last manager. */
  async leave(query: SwarmLeaveQuery = {}, options: CallOptions = {}): Promise<void> {
    await this.http.empty({ method: "POST", path: "/swarm/leave", query, long: true, ...options });
  }

  /** `POST /swarm/update?version=`: `spec` replaces the swarm spec. */
  async update(query: SwarmUpdateQuery, spec: SwarmUpdateBody, options: CallOptions = {}): Promise<void> {
    await this.http.empty({
      method: "POST",
      path: "/swarm/update",
      query: { ...query },
      json: spec,
      ...options,
    });
  }
}
