import { PerformanceObserver } from "node:perf_hooks";
import { Bench } from "tinybench";

/** One contender in a comparison: `fn` is timed repeatedly; `setup`/`teardown` run once around it. */
export interface Contender {
  name: string;
  fn: () => unknown | Promise<unknown>;
}

/** Options of {@link compare}: run time per contender in milliseconds, warm-up and minimum iterations. */
export interface CompareOptions {
  /** Milliseconds each contender runs for (default 1000). */
  timeMs?: number;
  /** Minimum iterations per contender (default 10). */
  iterations?: number;
  /** Units processed per call, to print throughput (e.g. bytes or files per call). */
  units?: { name: string; perCall: number }[];
}

/** The result row of one contender: mean and p99 latency in milliseconds, ops/s, ratio to the first. */
export interface CompareRow {
  name: string;
  meanMs: number;
  p99Ms: number;
  opsPerSecond: number;
  /** mean time of this contender / mean time of the baseline (the first contender); < 1 is faster. */
  ratio: number;
}

/**
 * Times every contender in the same process and run, and prints a table whose `ratio` column is each
 * contender's mean time divided by the first contender's (ours comes first, so a ratio above 1 means
 * the peer is slower). Returns the rows for assertions against targets.
 */
export async function compare(title: string, contenders: Contender[], options: CompareOptions = {}) {
  const bench = new Bench({
    time: options.timeMs ?? 1000,
    iterations: options.iterations ?? 10,
    warmup: true,
  });
  for (const c of contenders) bench.add(c.name, c.fn);
  await bench.run();
  const rows: CompareRow[] = bench.tasks.map((task) => {
    const result = task.result as unknown as {
      latency?: { mean: number; p99: number };
      throughput?: { mean: number };
    };
    const meanMs = result.latency?.mean ?? Number.NaN;
    return {
      name: task.name,
      meanMs,
      p99Ms: result.latency?.p99 ?? Number.NaN,
      opsPerSecond: result.throughput?.mean ?? 1000 / meanMs,
      ratio: 1,
    };
  });
  const base = rows[0]?.meanMs ?? 1;
  for (const row of rows) row.ratio = row.meanMs / base;
  printTable(title, rows, options.units ?? []);
  return rows;
}

/** Prints rows as an aligned text table with optional throughput columns. */
export function printTable(title: string, rows: CompareRow[], units: { name: string; perCall: number }[]) {
  const header = ["contender", "mean ms", "p99 ms", "ops/s", ...units.map((u) => `${u.name}/s`), "× ours"];
  const body = rows.map((r) => [
    r.name,
    r.meanMs.toFixed(3),
    r.p99Ms.toFixed(3),
    r.opsPerSecond.toFixed(1),
    ...units.map((u) => formatRate((u.perCall * 1000) / r.meanMs)),
    r.ratio.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(`\n## ${title}\n`);
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const b of body) console.log(line(b));
}

/** Formats a rate with SI suffixes (k, M, G). */
function formatRate(value: number): string {
  if (value >= 1e9) return `${(value / 1e9).toFixed(2)}G`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
  if (value >= 1e3) return `${(value / 1e3).toFixed(2)}k`;
  return value.toFixed(1);
}

/** Prints whether a measured ratio meets its target, as one `target:` line (does not throw). */
export function reportTarget(label: string, ok: boolean, detail: string): void {
  console.log(`target: ${ok ? "MET " : "MISSED"}  ${label} (${detail})`);
}

/** Time spent in garbage collection while `fn` ran `calls` times: both in milliseconds. */
export interface GcShare {
  gcMs: number;
  totalMs: number;
}

/**
 * Calls `fn` `calls` times in a row and sums the durations of the garbage collections Node reports
 * meanwhile (`PerformanceObserver` "gc" entries: young and full collections, main-thread pauses).
 */
export async function gcShare(fn: () => unknown, calls: number): Promise<GcShare> {
  let gcMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  observer.observe({ entryTypes: ["gc"] });
  const start = performance.now();
  for (let i = 0; i < calls; i++) fn();
  const totalMs = performance.now() - start;
  // the entries are delivered on a later turn of the event loop
  await new Promise((resolve) => setTimeout(resolve, 10));
  observer.disconnect();
  return { gcMs, totalMs };
}
