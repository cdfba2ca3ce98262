/**
 * `TasksApi`: the swarm task endpoints of the engine API (engine §4.11).
 */
import { lazySchemas } from "../../lazy-schema.js";
import type { Task, TaskListQuery } from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { segment } from "./engine-http.js";

/** Response schemas, imported only with `validateResponses` (start-up: see `lazy-schema.ts`). */
const taskSchemas = lazySchemas(() => import("../schemas/task.js"), ["Task"]);

/** Swarm task endpoints (engine §4.11); 406 when the engine is not in a swarm. */
export class TasksApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /tasks`. */
  list(query: TaskListQuery = {}, options: CallOptions = {}): Promise<Task[]> {
    return this.http.jsonList({ method: "GET", path: "/tasks", query, ...options }, taskSchemas.Task);
  }

  /** `GET /tasks/(id)`. */
  inspect(id: string, options: CallOptions = {}): Promise<Task> {
    return this.http.json({ method: "GET", path: `/tasks/${segment(id)}`, ...options }, taskSchemas.Task);
  }
}
