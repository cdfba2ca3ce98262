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
