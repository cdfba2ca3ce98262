/**
 * `--progress=plain`: BuildKit's progress as `docker buildx build --progress=plain` prints it (docker/buildx
 * `util/progress` plain printer, BuildKit `util/progressui` `printer.go`): each step numbered `#n` in order of
 * appearance with its name, its log lines prefixed with the seconds since it started, sub-progress lines
 * when they complete, then `#n CACHED`, `#n DONE 0.3s` or `#n ERROR: …`; a step's name is repeated when
 * output of another step came in between. Text from the engine is escaped for the terminal and secret
 * values are masked.
 */
import { type ProgressEvent, type VertexState, vertexSeconds } from "@enginekit/build-context";
import { escapeForTerminal } from "@enginekit/node-io";
import { formatSeconds, formatSize } from "./format-duration.js";

/** Streams plain progress lines to `write`. */
export class PlainDisplay {
  private current: VertexState | undefined;
  private readonly announced = new Set<number>();

  constructor(
    private readonly write: (text: string) => void,
    private readonly mask: (text: string) => string,
  ) {}

  private header(v: VertexState): void {
    if (this.current === v) return;
    if (this.current !== undefined) this.write("\n");
    this.current = v;
    this.announced.add(v.number);
    this.write(`#${v.number} ${escapeForTerminal(this.mask(v.name))}\n`);
  }

  private line(v: VertexState, text: string): void {
    this.header(v);
    this.write(`#${v.number} ${escapeForTerminal(this.mask(text))}\n`);
  }

  /** Prints what the events changed. */
  show(events: readonly ProgressEvent[]): void {
    for (const e of events) {
      const v = e.vertex;
      switch (e.kind) {
        case "vertex-started":
          this.header(v);
          break;
        case "vertex-cached":
          this.line(v, "CACHED");
          break;
        case "log": {
          const at = formatStamp(v, e.timestamp ?? v.completed ?? v.started ?? 0);
          for (const text of e.lines ?? []) this.line(v, `${at} ${text}`);
          break;
        }
        case "status": {
          const s = e.status!;
          if (s.completed === undefined) break;
          const label = s.name || s.id;
          const size =
            s.total > 0
              ? ` ${formatSize(s.current)} / ${formatSize(s.total)}`
              : s.current > 0
                ? ` ${formatSize(s.current)}`
                : "";
          this.line(v, `${label}${size} done`);
          break;
        }
        case "vertex-completed":
          if (!v.cached) this.line(v, `DONE ${formatSeconds(vertexSeconds(v))}`);
          break;
        case "vertex-error":
          this.line(v, `ERROR: ${v.error}`); // masked by line()
          break;
        case "warning":
          break;
      }
    }
  }

  /** Ends the display (a blank line after the last step, as buildx leaves). */
  finish(): void {
    if (this.current !== undefined) this.write("\n");
    this.current = undefined;
  }
}

/** Seconds since the step started, with three decimals (`0.048`), as buildx stamps log lines. */
function formatStamp(v: VertexState, now: number): string {
  return v.started === undefined ? "0.000" : Math.max(0, (now - v.started) / 1000).toFixed(3);
}
