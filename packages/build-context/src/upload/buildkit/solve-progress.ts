/**
 * The state of a BuildKit build as its `StatusResponse`s arrive: each vertex once, numbered in order of
 * first appearance (`#1`, `#2`… as `docker buildx build --progress=plain` numbers them), with its
 * timing, cache state, error, sub-statuses and log lines, and the build's warnings. Follows the model of
 * buildx's `util/progress` printer (a vertex is updated in place by later messages carrying its digest).
 * Pure: printers (plain, tty, rawjson) read it.
 */
import type { StatusResponse, Vertex, VertexStatus, VertexWarning } from "./status-response.js";

/** One vertex as shown: `number` is its `#n`. */
export interface VertexState {
  number: number;
  digest: string;
  name: string;
  cached: boolean;
  /** ms since the epoch. */
  started?: number;
  completed?: number;
  error: string;
  /** Sub-progress by status id, in order of appearance. */
  statuses: Map<string, VertexStatus>;
  /** Log output (stdout and stderr interleaved as sent), split into complete lines. */
  lines: string[];
  /** Bytes of a log line not yet ended by `\n`. */
  partial: string;
}

/** What one update changed, so a streaming printer prints only that. */
export interface ProgressEvent {
  kind:
    | "vertex-started"
    | "vertex-completed"
    | "vertex-cached"
    | "vertex-error"
    | "status"
    | "log"
    | "warning";
  vertex: VertexState;
  /** For `log`: the complete lines added; for `status`: the status. */
  lines?: string[];
  status?: VertexStatus;
  warning?: VertexWarning;
  /** For `log`: when the engine wrote the output, ms since the epoch (the engine's clock). */
  timestamp?: number;
}

const decoder = new TextDecoder();

/** Accumulates `StatusResponse`s; `update` returns the events they caused, in order. */
export class SolveProgress {
  readonly vertexes = new Map<string, VertexState>();
  readonly warnings: VertexWarning[] = [];
  private next = 1;

  /** The vertex for `digest`, created (and numbered) on first sight. */
  private vertexFor(digest: string, name = ""): VertexState {
    let v = this.vertexes.get(digest);
    if (!v) {
      v = {
        number: this.next++,
        digest,
        name,
        cached: false,
        error: "",
        statuses: new Map(),
        lines: [],
        partial: "",
      };
      this.vertexes.set(digest, v);
    }
    return v;
  }

  /** Applies one response; returns what changed. */
  update(response: StatusResponse): ProgressEvent[] {
    const events: ProgressEvent[] = [];
    for (const incoming of response.vertexes) this.applyVertex(incoming, events);
    for (const status of response.statuses) {
      const v = this.vertexFor(status.vertex);
      v.statuses.set(status.id, status);
      events.push({ kind: "status", vertex: v, status });
    }
    for (const log of response.logs) {
      const v = this.vertexFor(log.vertex);
      const text = v.partial + decoder.decode(log.data);
      const parts = text.split("\n");
      v.partial = parts.pop() ?? "";
      if (parts.length > 0) {
        v.lines.push(...parts);
        events.push({
          kind: "log",
          vertex: v,
          lines: parts,
          ...(log.timestamp !== undefined ? { timestamp: log.timestamp } : {}),
        });
      }
    }
    for (const warning of response.warnings) {
      this.warnings.push(warning);
      events.push({ kind: "warning", vertex: this.vertexFor(warning.vertex), warning });
    }
    return events;
  }

  private applyVertex(incoming: Vertex, events: ProgressEvent[]): void {
    const v = this.vertexFor(incoming.digest, incoming.name);
    const wasStarted = v.started !== undefined;
    const wasCompleted = v.completed !== undefined;
    const wasCached = v.cached;
    v.name = incoming.name || v.name;
    if (incoming.started !== undefined) v.started = incoming.started;
    if (incoming.completed !== undefined) v.completed = incoming.completed;
    v.cached = v.cached || incoming.cached;
    if (incoming.error) v.error = incoming.error;
    if (!wasStarted && v.started !== undefined) events.push({ kind: "vertex-started", vertex: v });
    if (v.cached && !wasCached) events.push({ kind: "vertex-cached", vertex: v });
    if (!wasCompleted && v.completed !== undefined) {
      // The remaining partial line belongs to the finished step.
      if (v.partial) {
        v.lines.push(v.partial);
        events.push({ kind: "log", vertex: v, lines: [v.partial] });
        v.partial = "";
      }
      events.push({ kind: incoming.error ? "vertex-error" : "vertex-completed", vertex: v });
    }
  }

  /** Vertexes in number order. */
  list(): VertexState[] {
    return [...this.vertexes.values()].sort((a, b) => a.number - b.number);
  }

  /** The vertexes that failed, in number order (BuildKit reports the failing step and its cancelled peers). */
  failed(): VertexState[] {
    return this.list().filter((v) => v.error !== "");
  }
}

/** `[stage 2/3] RUN make` split: the step's stage (`""` without one), position, instruction and the rest. */
export interface StepName {
  stage: string;
  index: number;
  total: number;
  /** Upper-case instruction keyword (`RUN`, `COPY`, `FROM`…). */
  instruction: string;
  text: string;
}

const STEP = /^\[(?:(\S+) )?\s*(\d+)\/(\d+)\] (\S+)(?: (.*))?$/s;

/**
 * Reads a vertex name of BuildKit's Dockerfile frontend (`[base 2/4] RUN echo`, `[2/3] COPY f /w`);
 * undefined for `[internal] …`, `exporting to image` and other vertexes that are no Enginefile step.
 */
export function parseStepName(name: string): StepName | undefined {
  const m = STEP.exec(name);
  if (!m) return undefined;
  return {
    stage: m[1] ?? "",
    index: Number(m[2]),
    total: Number(m[3]),
    instruction: m[4]!.toUpperCase(),
    text: m[5] ?? "",
  };
}

/** A vertex's duration in seconds (0 when not started), to `completed` or `now`. */
export function vertexSeconds(v: Pick<VertexState, "started" | "completed">, now = Date.now()): number {
  if (v.started === undefined) return 0;
  return Math.max(0, ((v.completed ?? now) - v.started) / 1000);
}
