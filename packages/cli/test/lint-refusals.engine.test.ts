/**
 * The reviewed list of corpus files enginekit reports errors on (`packages/lint/test/fixtures/
 * engine-refusals.json`) holds only files the real engine refuses: each is built with `enginekit build`
 * and must fail with the reviewed message. Skips outside CI without ENGINE_HOST; fails in CI.
 */
import { copyFileSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, "..", "..", "..");
const corpusDir = join(repoRoot, "corpus", "enginefiles", "files");
const reviewed = JSON.parse(
  readFileSync(join(repoRoot, "packages", "lint", "test", "fixtures", "engine-refusals.json"), "utf8"),
) as { files: Record<string, { engine: string }> };

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

describe(
  "the engine refuses every corpus file enginekit reports an error on",
  skipIf(!host, NEEDS_ENGINE),
  () => {
    for (const [name, { engine }] of Object.entries(reviewed.files)) {
      it(name, async () => {
        const ctx = tree({});
        copyFileSync(join(corpusDir, name), join(ctx, "Enginefile"));
        const r = await runCaptured(["build", ctx], { ENGINE_HOST: host });
        expect(r.code).not.toBe(0);
        expect(r.stderr).toContain(engine);
      });
    }
  },
);
