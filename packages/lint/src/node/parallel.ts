/**
 * Linting many files across worker threads: `workerCount` (when threads pay, measured in docs/lint.md
 * "Performance"), `lintSequentially` and `lintInWorkers`, which share the jobs in interleaved slices and
 * return results in job order (the project's own design).
 */
import { type FileJob, type FileResult, type LintJobOptions, lintFileJob } from "./lint-file.js";

/** Below this many files, starting a worker (which loads the linter anew) costs more than it saves. */
export const MIN_FILES_PER_WORKER = 150;

/** The worker script, beside this module: only the built `.js` can run in a worker thread. */
const WORKER_URL = new URL(
  import.meta.url.endsWith(".ts") ? "./lint-worker.ts" : "./lint-worker.js",
  import.meta.url,
);

/**
 * The parent's Node options without the `@enginekit/source` export condition: workers run the built
 * JavaScript, whose workspace imports must resolve to `dist/` too (the condition is set by test runners).
 */
function workerExecArgv(): string[] {
  const out: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--conditions" && argv[i + 1] === "@enginekit/source") i++;
    else if (a !== "--conditions=@enginekit/source" && a !== "-C=@enginekit/source") out.push(a);
  }
  return out;
}

/**
 * How many worker threads to use for `files` files on a machine with `cores` cores: 0 when running from
 * TypeScript sources (tests) and on two cores or fewer, else at most one per core beyond the first and
 * one per {@link MIN_FILES_PER_WORKER} files. On two cores a worker thread did not pay at 486 or 973 real
 * files (docs/lint.md "Performance"): it loads the linter and warms up its own JIT again, which cost
 * about as much CPU as it takes off the main thread, and Node's compiler and GC threads already keep the
 * second core busy.
 */
export function workerCount(
  files: number,
  requested: number | "auto" = "auto",
  cores: number = process.getBuiltinModule("node:os").availableParallelism(),
): number {
  if (typeof requested === "number") return Math.max(0, requested);
  if (import.meta.url.endsWith(".ts") || cores <= 2) return 0;
  return Math.max(0, Math.min(cores - 1, Math.floor(files / MIN_FILES_PER_WORKER) - 1, 7));
}

/** Called after each file is linted, in whichever thread linted it (progress: files done). */
export type OnFileDone = () => void;

/** How often, at most, a thread that reports progress lets the event loop run (worker messages, timers). */
const YIELD_EVERY_MS = 50;

/**
 * Lints jobs one after the other in this thread. With `onFileDone`, calls it after each file and lets
 * the event loop run every {@link YIELD_EVERY_MS} ms, so that progress from worker threads (messages)
 * is received while this thread lints its own share.
 */
export async function lintSequentially(
  jobs: readonly FileJob[],
  options: LintJobOptions,
  onFileDone?: OnFileDone,
): Promise<FileResult[]> {
  const out: FileResult[] = [];
  let yielded = Date.now();
  for (const job of jobs) {
    out.push(await lintFileJob(job, options));
    if (!onFileDone) continue;
    onFileDone();
    if (Date.now() - yielded >= YIELD_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      yielded = Date.now();
    }
  }
  return out;
}

/**
 * What a worker posts: `{ done: n }` as it goes when progress is asked for (n files linted since the last
 * one), then its results, or the error that stopped it.
 */
export type WorkerReply =
  | { done: number }
  | { results: FileResult[] }
  | { error: { message: string; code?: string; name: string } };

/**
 * Lints jobs across `workers` worker threads plus this thread, in interleaved slices so each thread
 * gets a similar mix of file sizes; results come back in the jobs' order. An error in any thread
 * (an unreadable file) rejects with that error's message and code. `options.secrets` cannot cross
 * threads: callers lint online checks in this thread. `onFileDone` is called once per file linted, in
 * any thread (the workers' as their messages arrive).
 */
export async function lintInWorkers(
  jobs: readonly FileJob[],
  options: LintJobOptions,
  workers: number,
  onFileDone?: OnFileDone,
): Promise<FileResult[]> {
  const threads = workers + 1;
  const slices: FileJob[][] = Array.from({ length: threads }, () => []);
  jobs.forEach((job, i) => {
    slices[i % threads]!.push(job);
  });
  const fix = options.fix === true;
  const remote = slices.slice(1).map(
    (slice) =>
      new Promise<FileResult[]>((resolve, reject) => {
        const worker = new (process.getBuiltinModule("node:worker_threads").Worker)(WORKER_URL, {
          workerData: { jobs: slice, fix, progress: onFileDone !== undefined },
          execArgv: workerExecArgv(),
        });
        worker.on("message", (reply: WorkerReply) => {
          if ("done" in reply) {
            for (let i = 0; i < reply.done; i++) onFileDone?.();
            return;
          }
          worker.removeAllListeners("message");
          if ("results" in reply) resolve(reply.results);
          else
            reject(
              Object.assign(new Error(reply.error.message), {
                code: reply.error.code,
                name: reply.error.name,
              }),
            );
          void worker.terminate();
        });
        worker.once("error", reject);
      }),
  );
  const local = lintSequentially(slices[0]!, { fix }, onFileDone);
  const done = await Promise.all([local, ...remote]);
  const out: FileResult[] = new Array(jobs.length);
  done.forEach((results, t) => {
    results.forEach((r, k) => {
      out[k * threads + t] = r;
    });
  });
  return out;
}
