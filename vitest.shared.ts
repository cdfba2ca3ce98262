import { defineConfig } from "vitest/config";

/**
 * Shared vitest settings for every workspace package: resolve workspace packages to their TypeScript
 * sources (the `@enginekit/source` export condition) so tests never need a prior build of siblings.
 */
export function packageConfig(overrides: { testTimeout?: number } = {}) {
  return defineConfig({
    resolve: { conditions: ["@enginekit/source"] },
    ssr: { resolve: { conditions: ["@enginekit/source"], externalConditions: ["@enginekit/source"] } },
    test: {
      include: ["test/**/*.test.ts"],
      testTimeout: overrides.testTimeout ?? 20_000,
      hookTimeout: 60_000,
    },
  });
}

declare module "vitest" {
  interface TaskMeta {
    /** Why a suite or test is skipped (set by {@link skipIf}, printed by tools/skipped-suites-reporter.mjs). */
    skipReason?: string;
  }
}

/**
 * Options for `describe`/`test` (the second argument) that skip it when `condition` holds and say why:
 * the run ends with `skipped: <file> > <suite>: <reason>` (tools/skipped-suites-reporter.mjs), so a suite
 * never skips silently. Use in place of `describe.skipIf(condition)`.
 */
export function skipIf(condition: unknown, reason: string): { skip: boolean; meta: { skipReason?: string } } {
  return condition ? { skip: true, meta: { skipReason: reason } } : { skip: false, meta: {} };
}

/** The reason of suites that need the real engine (tools/test-all.mjs starts one when ENGINE_HOST is unset). */
export const NEEDS_ENGINE =
  'no engine: ENGINE_HOST is unset (`npx pnpm@10.34.9 test` starts a private one; or `eval "$(tools/engine/start.sh)"`)';

/** The reason of suites that run a package's build output. */
export const NEEDS_BUILD = "the package is not built (run `npx pnpm@10.34.9 build` first)";
