/**
 * `--progress=plain`: BuildKit's progress as `docker buildx build --progress=plain` prints it, following
 * BuildKit's plain printer (moby/buildkit `util/progress/progressui` `printer.go`, the `textMux` buildx and the
 * engine CLI use):
 *
 * - updates are gathered and printed every {@link PRINT_INTERVAL_MS} (the printer's display rate), so the
 *   lines of steps that run side by side come out in blocks, not one line each;
 * - each block starts with `#n <step name>` after a blank line; a step left before it ended gets `#n ...`;
 * - steps that completed are printed first, in the order they completed; of those still running, the one
 *   being printed stays on until it ends, unless another has waited more than {@link MAX_DELAY_MS};
 * - a sub-progress line is its status id, size and time (`#3 transferring context: 751.63kB 0.3s done`),
 *   printed when it completes, when it is first seen, or when it moved 5 % or 5 s since last printed;
 * - log lines carry the seconds since the step started (`#5 0.048 hello`, `#5 12.34 hello` after 10 s);
 * - a step ends with `#n CACHED`, `#n DONE 0.3s`, `#n CANCELED` or `#n ERROR: …`.
 *
 * Text from the engine is escaped for the terminal and secret values are masked.
 */
import { type ProgressEvent, type VertexState, vertexSeconds } from "@enginekit/build-context";
import { escapeForTerminal } from "@enginekit/node-io";
import { formatSeconds, formatStamp, statusSize } from "./format-duration.js";

/** How often gathered updates are printed, in ms (BuildKit's plain display: at most every 100 ms). */
const PRINT_INTERVAL_MS = 100;
/** A running step with updates is shown after waiting this long, in ms (BuildKit's `maxDelay`). */
const MAX_DELAY_MS = 10_000;
/** A sub-progress line is printed again after this many ms… (BuildKit's `minTimeDelta`) */
const MIN_STATUS_MS = 5_000;
/** …or this much progress (BuildKit's `minProgressDelta`). */
const MIN_STATUS_SHARE = 0.05;

/** What arrived for one step since it was last printed. */
interface Pending {
  /** Log lines, stamped. */
  lines: string[];
  /** Ids of sub-progress that changed. */
  statuses: Set<string>;
  /** When the step first had something waiting (ms). */
  since: number;
}

/** Streams plain progress lines to `write`. */
export class PlainDisplay {
  private readonly pending = new Map<VertexState, Pending>();
  private readonly ended = new Set<VertexState>();
  private readonly open = new Set<VertexState>();
  private readonly lastStatus = new Map<string, { current: number; timestamp: number }>();
  private current: VertexState | undefined;
  private started = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (text: string) => void,
    private readonly mask: (text: string) => string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Gathers what the events changed; printed within {@link PRINT_INTERVAL_MS}. */
  show(events: readonly ProgressEvent[]): void {
    for (const e of events) {
      const v = e.vertex;
      if (e.kind === "warning") continue;
      if (v.completed === undefined && v.started !== undefined) this.open.add(v);
      else this.open.delete(v);
      const p = this.pendingOf(v);
      if (e.kind === "log") {
        const at = stamp(v, e.timestamp ?? v.completed ?? v.started ?? 0);
        for (const text of e.lines ?? []) p.lines.push(`${at} ${text}`);
      } else if (e.kind === "status") p.statuses.add(e.status!.id);
    }
    if (this.pending.size > 0 && this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.print();
      }, PRINT_INTERVAL_MS);
      this.timer.unref();
    }
  }

  /** Prints what is gathered, as BuildKit's printer does at each tick (see the module comment). */
  print(): void {
    const completed = [...this.pending.keys()]
      .filter((v) => v.completed !== undefined)
      .sort((a, b) => a.completed! - b.completed!);
    const running = [...this.pending.keys()].filter((v) => v.completed === undefined);
    const current = this.current;
    if (current && completed.includes(current)) this.printStep(current);
    for (const v of completed) if (v !== current) this.printStep(v);
    if (running.length === 0) {
      if (current && this.open.has(current)) return;
      // make a step still running the one shown
      const next = [...this.open].sort((a, b) => a.number - b.number)[0];
      if (next && next !== this.current) this.printStep(next);
      return;
    }
    if (this.current && running.includes(this.current)) {
      this.printStep(this.current);
      running.splice(running.indexOf(this.current), 1);
      if (running.length === 0) return;
    }
    const now = this.now();
    const waited = running.find((v) => now - this.pending.get(v)!.since > MAX_DELAY_MS);
    if (this.current === undefined || !this.open.has(this.current)) {
      this.printStep(waited ?? busiest(running, this.pending));
    } else if (waited) this.printStep(waited);
  }

  /** Ends the display: everything gathered is printed, then a blank line, as buildx leaves. */
  finish(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    // each round prints at least one step, so this ends
    for (let round = 0; this.pending.size > 0 && round < 10_000; round++) {
      this.print();
      if (this.pending.size > 0 && this.current && !this.pending.has(this.current)) {
        const next = [...this.pending.keys()].sort((a, b) => a.number - b.number)[0]!;
        this.printStep(next);
      }
    }
    if (this.started) this.write("\n");
    this.current = undefined;
    this.started = false;
  }

  private pendingOf(v: VertexState): Pending {
    let p = this.pending.get(v);
    if (!p) {
      p = { lines: [], statuses: new Set(), since: this.now() };
      this.pending.set(v, p);
    }
    return p;
  }

  /** One step's block: its header when it is not the step shown, its updates, and its end. */
  private printStep(v: VertexState): void {
    const out: string[] = [];
    if (v !== this.current) {
      if (this.current && this.open.has(this.current)) out.push(`#${this.current.number} ...`);
      if (this.started) out.push("");
      this.started = true;
      out.push(`#${v.number} ${this.text(v.name)}`);
    }
    const p = this.pending.get(v);
    this.pending.delete(v);
    for (const id of p?.statuses ?? []) {
      const s = v.statuses.get(id);
      if (s === undefined) continue;
      const timestamp = s.timestamp ?? this.now();
      const last = this.lastStatus.get(id);
      if (last && s.completed === undefined) {
        const share = s.total > 0 ? (s.current - last.current) / s.total : 0;
        if (share < MIN_STATUS_SHARE && timestamp - last.timestamp < MIN_STATUS_MS) continue;
      }
      this.lastStatus.set(id, { current: s.current, timestamp });
      out.push(`#${v.number} ${this.text(statusLine(s, timestamp))}`);
    }
    for (const line of p?.lines ?? []) out.push(`#${v.number} ${this.text(line)}`);
    this.current = v;
    if (v.completed !== undefined && !this.ended.has(v)) {
      this.ended.add(v);
      this.open.delete(v);
      this.current = undefined;
      if (v.error) {
        out.push(
          v.error.endsWith("context canceled")
            ? `#${v.number} CANCELED`
            : `#${v.number} ERROR: ${this.text(v.error)}`,
        );
      } else if (v.cached) out.push(`#${v.number} CACHED`);
      else
        out.push(`#${v.number} DONE${v.started === undefined ? "" : ` ${formatSeconds(vertexSeconds(v))}`}`);
    }
    if (out.length > 0) this.write(`${out.join("\n")}\n`);
  }

  private text(text: string): string {
    return escapeForTerminal(this.mask(text));
  }
}

/** `transferring context: 751.63kB 0.3s done`: the status id, its size and time, `done` once complete. */
function statusLine(
  s: { id: string; current: number; total: number; started?: number; completed?: number },
  timestamp: number,
): string {
  const size = statusSize(s) && ` ${statusSize(s)}`;
  const seconds = s.started === undefined ? 0 : ((s.completed ?? timestamp) - s.started) / 1000;
  const time = seconds > 0.01 ? ` ${formatSeconds(seconds)}` : "";
  return `${s.id}${size}${time}${s.completed === undefined ? "" : " done"}`;
}

/** The running step with the most waiting (BuildKit picks the one with the most updates per second). */
function busiest(running: readonly VertexState[], pending: ReadonlyMap<VertexState, Pending>): VertexState {
  const weight = (v: VertexState) => pending.get(v)!.lines.length + pending.get(v)!.statuses.size;
  return running.reduce((best, v) => (weight(v) > weight(best) ? v : best));
}

/** Seconds since the step started (`0.048`, `12.34`), as BuildKit stamps log lines. */
function stamp(v: VertexState, now: number): string {
  return formatStamp(v.started === undefined ? 0 : (now - v.started) / 1000);
}
