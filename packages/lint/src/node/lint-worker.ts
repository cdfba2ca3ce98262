/**
 * Worker-thread entry of {@link lintInWorkers}: lints the jobs in `workerData` and posts one
 * {@link WorkerReply}.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { FileJob } from "./lint-file.js";
import { lintSequentially, type WorkerReply } from "./parallel.js";

/**
 * Lints this worker's jobs and posts the reply. (No top-level await: the CLI bundle runs this file as a
 * script, packages/cli/src/launch/chunk-loader.ts.)
 */
async function run(): Promise<void> {
  const { jobs, fix, progress } = workerData as { jobs: FileJob[]; fix: boolean; progress: boolean };
  // Progress: how many files were linted, posted at most every 50 ms (lintSequentially's yields).
  let pending = 0;
  let posted = Date.now();
  const onFileDone = progress
    ? () => {
        pending++;
        if (Date.now() - posted < 50) return;
        parentPort?.postMessage({ done: pending } satisfies WorkerReply);
        pending = 0;
        posted = Date.now();
      }
    : undefined;
  let reply: WorkerReply;
  try {
    const results = await lintSequentially(jobs, { fix }, onFileDone);
    if (pending > 0) parentPort?.postMessage({ done: pending } satisfies WorkerReply);
    reply = { results };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    reply = {
      error: {
        message: e.message ?? String(error),
        name: e.name ?? "Error",
        ...(e.code ? { code: e.code } : {}),
      },
    };
  }
  parentPort?.postMessage(reply);
}

void run();
