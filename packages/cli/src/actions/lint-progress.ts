/**
 * `enginekit lint`'s progress on a terminal (issue 30): files done / total on standard error, drawn by
 * cli-progress (the bar `build` uses), only when standard error is a terminal, every output format is the
 * human one (never beside JSON, SARIF… that a program reads) and the run has lasted a second: a short lint
 * prints nothing but its report. The bar is cleared before the report is printed.
 *
 * Linting is synchronous work on this thread, so the bar is drawn from the progress callback (throttled by
 * cli-progress), not from a timer.
 */
import type { CliIo } from "../io.js";

/**
 * A run shorter than this shows no progress (milliseconds); `ENGINEKIT_PROGRESS_AFTER_MS` sets another
 * threshold (the terminal test draws the bar at once with 0, whatever the machine's speed).
 */
const PROGRESS_AFTER_MS = progressThreshold(process.env.ENGINEKIT_PROGRESS_AFTER_MS);

function progressThreshold(setting: string | undefined): number {
  const value = setting === undefined || setting === "" ? Number.NaN : Number(setting);
  return Number.isFinite(value) && value >= 0 ? value : 1000;
}

/** What `lintFiles` calls (`onProgress`), and `stop`, to call before the report is printed. */
export interface LintProgress {
  onProgress: (done: number, total: number) => void;
  stop: () => void;
}

/**
 * The progress display for a lint writing `formats`, or undefined when there must be none (standard
 * error not a terminal, a machine format). cli-progress is loaded here, only on a terminal: the callback
 * must draw synchronously. `now` is the clock (milliseconds), for tests.
 */
export async function lintProgress(
  io: CliIo,
  formats: readonly { name: string }[],
  now: () => number = Date.now,
): Promise<LintProgress | undefined> {
  if (!io.stderrIsTTY || formats.some((f) => f.name !== "stylish")) return undefined;
  // CommonJS: its exports are the namespace's default, in Node and in the bundle alike (see build.ts)
  const { SingleBar } = (await import("cli-progress")).default;
  const started = now();
  let bar: InstanceType<typeof SingleBar> | undefined;
  return {
    onProgress: (done, total) => {
      if (!bar) {
        if (now() - started < PROGRESS_AFTER_MS || done >= total) return;
        bar = new SingleBar({
          stream: process.stderr,
          format: "Linting [{bar}] {value}/{total} files",
          hideCursor: true,
          clearOnComplete: true,
          // drawn from this callback: the event loop is busy linting
          synchronousUpdate: true,
          fps: 10,
        });
        bar.start(total, done);
        return;
      }
      bar.update(done);
    },
    stop: () => {
      bar?.stop();
      bar = undefined;
    },
  };
}
