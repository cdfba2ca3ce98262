import { Task, type TaskListQuery } from "../schemas/index.js";
import type { CallOptions, EngineHttp } from "./engine-http.js";
import { segment } from "./engine-http.js";

/** Swarm task endpoints (engine §4.11); 406 when the engine is not in a swarm. */
export class TasksApi {
  constructor(private readonly http: EngineHttp) {}

  /** `GET /tasks`. */
  list(query: TaskListQuery = {}, options: CallOptions = {}): Promise<Task[]> {
    return this.http.jsonList({ method: "GET", path: "/tasks", query, ...options }, Task);
  }

  /** `GET /tasks/(id)`. */
  inspect(id: string, options: CallOptions = {}): Promise<Task> {
    return this.http.json({ method: "GET", path: `/tasks/${segment(id)}`, ...options }, Task);
  }
}
