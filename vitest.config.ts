import { defineConfig } from "vitest/config";

/** One vitest run over every package (each package folder is a project with its own vitest.config.ts). */
export default defineConfig({
  test: {
    // every skipped suite ends the run with a line saying why (tools/skipped-suites-reporter.mjs)
    reporters: ["default", "./tools/skipped-suites-reporter.mjs"],
    projects: ["packages/*", "tools/engine", "tools/architecture", "tools/pack"],
  },
});
