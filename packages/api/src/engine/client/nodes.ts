/**
 * `NodesApi`: the swarm node endpoints of the engine API (engine §4.8).
 */
import { lazySchemas } from "../../lazy-schema.js";
import type { Node, NodeDeleteQuery, NodeListQuery, NodeSpec } from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { segment } from "./engine-http.js";

/** Response schemas, imported only with `validateResponses` (start-up: see `lazy-schema.ts`). */
const nodeSchemas = lazySchemas(() => import("../schemas/node.js"), ["Node"]);

/** Swarm node endpoints (engine §4.8); 406 when the engine is not in a swarm. */
export class NodesApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /nodes`. */
  list(query: NodeListQuery = {}, options: CallOptions = {}): Promise<Node[]> {
    return this.http.jsonList({ method: "GET", path: "/nodes", query, ...options }, nodeSchemas.Node);
  }

  /** `GET /nodes/(id)`. */
  inspect(id: string, options: CallOptions = {}): Promise<Node> {
    return this.http.json({ method: "GET", path: `/nodes/${segment(id)}`, ...options }, nodeSchemas.Node);
  }

  /** `DELETE /nodes/(id)`. */
  async remove(id: string, query: NodeDeleteQuery = {}, options: CallOptions = {}): Promise<void> {
    await this.http.empty({ method: "DELETE", path: `/nodes/${segment(id)}`, query, ...options });
  }

  /** `POST /nodes/(id)/update?version=`: `version` is the node's current `Version.Index`. */
  async update(id: string, version: number, spec: NodeSpec, options: CallOptions = {}): Promise<void> {
    await this.http.empty({
      method: "POST",
      path: `/nodes/${segment(id)}/update`,
      query: { version },
      json: spec,
      ...options,
    });
  }
}
