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
  const { jobs, fix } = workerData as { jobs: FileJob[]; fix: boolean };
  let reply: WorkerReply;
  try {
    reply = { results: await lintSequentially(jobs, { fix }) };
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
