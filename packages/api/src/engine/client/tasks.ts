import { Task } from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { segment } from "./engine-http.js";

/** `filters` of `GET /tasks` (engine §4.11). */
export type TaskFilters = Partial<
  Record<"id" | "name" | "service" | "node" | "label" | "desired-state", string[]>
>;

/** Swarm task endpoints (engine §4.11); 406 when the engine is not in a swarm. */
export class TasksApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /tasks`. */
  list(query: { filters?: TaskFilters } = {}, options: CallOptions = {}): Promise<Task[]> {
    return this.http.jsonList({ method: "GET", path: "/tasks", query, ...options }, Task);
  }

  /** `GET /tasks/(id)`. */
  inspect(id: string, options: CallOptions = {}): Promise<Task> {
    return this.http.json({ method: "GET", path: `/tasks/${segment(id)}`, ...options }, Task);
  }
}
