import type { Benchmark } from "../benchmark.js";

/**
 * Every benchmark by name, in the order `pnpm bench` runs them, each loaded only when it runs: a
 * benchmark's process holds its own modules and the ones run before it, not every benchmark's
 * (loading all seven slowed the in-process lint by 10–15 %, measured interleaved). Add new ones here.
 */
export const benchmarks: Record<string, () => Promise<Benchmark>> = {
  parser: async () => (await import("./parser.js")).benchmark,
  "engine-client": async () => (await import("./engine-client.js")).benchmark,
  secrets: async () => (await import("./secrets.js")).benchmark,
  "build-context": async () => (await import("./build-context.js")).benchmark,
  "build-buildkit": async () => (await import("./build-buildkit.js")).benchmark,
  lint: async () => (await import("./lint.js")).benchmark,
  "lint-fix": async () => (await import("./lint-fix.js")).benchmark,
  lsp: async () => (await import("./lsp.js")).benchmark,
  compose: async () => (await import("./compose.js")).benchmark,
  "corpus-build": async () => (await import("./corpus-build.js")).benchmark,
};
