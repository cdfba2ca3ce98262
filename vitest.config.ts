import { defineConfig } from "vitest/config";

/** One vitest run over every package (each package folder is a project with its own vitest.config.ts). */
export default defineConfig({
  test: {
    projects: ["packages/*", "tools/engine", "tools/architecture", "tools/pack"],
  },
});
