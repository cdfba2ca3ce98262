/**
 * `--progress=tty`: BuildKit's progress redrawn in place on a terminal, in the shape of
 * `docker buildx build`'s TTY display (BuildKit `util/progressui` `display.go`): a `[+] Building 3.2s (5/7)`
 * header (`FINISHED` on the last frame of a build whose steps all ended), one line per step with `CACHED`,
 * `ERROR` or `CANCELED` and its time right-aligned, its transfers and pulls under it (`=> => transferring
 * context: 2.10MB`), and the last lines of output of running steps (`=> => # …`). The redrawing is `log-update` (sindresorhus), which
 * erases the previous frame and hides the cursor until the display ends; the final frame stays on screen.
 * Redrawn on each update and every 100 ms (a timer that does not keep the process alive).
 */
import { type ProgressEvent, type SolveProgress, vertexSeconds } from "@enginekit/build-context";
import { escapeForTerminal } from "@enginekit/node-io";
import { formatSeconds, statusSize } from "./format-duration.js";

/** Output lines of a running step shown under it. */
const RUNNING_LOG_LINES = 6;
const REDRAW_MS = 100;

/** The stream the display draws on: a terminal (`process.stderr`). */
export interface TtyStream {
  write(text: string): boolean;
  columns?: number;
  rows?: number;
  isTTY?: boolean;
}

/** Draws the whole progress on each update. */
export class TtyDisplay {
  private readonly started = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private render: ((text: string) => void) & { done(): void; clear(): void };

  private constructor(
    private readonly progress: SolveProgress,
    private readonly stream: TtyStream,
    private readonly mask: (text: string) => string,
    render: ((text: string) => void) & { done(): void; clear(): void },
  ) {
    this.render = render;
    this.timer = setInterval(() => this.draw(), REDRAW_MS);
    this.timer.unref();
  }

  /** Opens the display on `stream` (loads log-update). */
  static async open(
    progress: SolveProgress,
    stream: TtyStream,
    mask: (text: string) => string,
  ): Promise<TtyDisplay> {
    const { createLogUpdate } = await import("log-update");
    // A terminal that reports no size (0 × 0: `script` without a size, some CI pseudo-terminals) gets 80 × 24:
    // log-update draws nothing into zero rows.
    const sized = {
      write: (text: string) => stream.write(text),
      isTTY: true,
      get columns() {
        return stream.columns || 80;
      },
      get rows() {
        return stream.rows || 24;
      },
    };
    const render = createLogUpdate(sized as unknown as NodeJS.WriteStream, { showCursor: false });
    return new TtyDisplay(progress, stream, mask, render);
  }

  /** Redraws after the events. */
  show(_events: readonly ProgressEvent[]): void {
    this.draw();
  }

  /** Draws the final frame and leaves it on screen; idempotent. */
  finish(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.draw();
    this.render.done();
  }

  private draw(): void {
    const width = Math.max(40, this.stream.columns || 80);
    const vertexes = this.progress.list();
    const done = vertexes.filter((v) => v.completed !== undefined).length;
    const seconds = (Date.now() - this.started) / 1000;
    const finished = this.timer === undefined && done > 0 && done === vertexes.length ? " FINISHED" : "";
    const lines = [`[+] Building ${formatSeconds(seconds)} (${done}/${vertexes.length})${finished}`];
    const now = Date.now();
    for (const v of vertexes) {
      const state = v.error
        ? v.error.endsWith("context canceled")
          ? "CANCELED "
          : "ERROR "
        : v.cached
          ? "CACHED "
          : "";
      const time = formatSeconds(vertexSeconds(v));
      lines.push(fit(` => ${state}${escapeForTerminal(this.mask(v.name))}`, time, width));
      // each transfer or pull under its step, as BuildKit's display lists a vertex's statuses
      for (const s of v.statuses.values()) {
        if (s.started === undefined) continue;
        const seconds = ((s.completed ?? now) - s.started) / 1000;
        const size = statusSize(s);
        lines.push(
          fit(
            ` => => ${escapeForTerminal(this.mask(s.id))}${size ? ` ${size}` : ""}`,
            formatSeconds(seconds < 0.05 ? 0 : seconds),
            width,
          ),
        );
      }
      if (v.completed === undefined && v.started !== undefined) {
        const tail = [...v.lines, ...(v.partial ? [v.partial] : [])].slice(-RUNNING_LOG_LINES);
        for (const text of tail) lines.push(clip(` => => # ${escapeForTerminal(this.mask(text))}`, width));
      }
    }
    // Keep the frame within the screen: log-update cannot erase lines that scrolled away.
    const rows = Math.max(5, (this.stream.rows || 24) - 1);
    this.render(lines.slice(-rows).join("\n"));
  }
}

/** `left` padded so that `right` ends at the terminal's width (the left part clipped when needed). */
function fit(left: string, right: string, width: number): string {
  const room = width - right.length - 1;
  const head = left.length > room ? `${left.slice(0, Math.max(0, room - 1))}…` : left;
  return `${head.padEnd(room)} ${right}`;
}

function clip(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}
