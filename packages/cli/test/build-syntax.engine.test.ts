/**
 * `# syntax=` on the real engine (tools/engine, docker.io 20.10, no registry): the note before the build,
 * and the engine's failure to pull the frontend image replaced by one line naming the directive (exit 1).
 * Skips outside CI without ENGINE_HOST.
 */
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

describe("# syntax= with BuildKit on the real engine", skipIf(!host, NEEDS_ENGINE), () => {
  it("names the frontend image before the build, and its pull failure in one line", async () => {
    // a tag no engine here has: the engine must pull it, and CI has no registry
    const image = `docker/dockerfile:1.4-enginekit-test-${process.pid}`;
    const ctx = tree({ Enginefile: `# syntax=${image}\nFROM ${BUSYBOX_IMAGE}\nRUN true\n` });
    const r = await runCaptured(
      ["build", ctx, "--network", "none", "--progress", "plain", "--builder", "buildkit"],
      { ENGINE_HOST: host! },
    );
    expect(r.stderr).toContain(
      `Enginefile:1: # syntax=${image}: the engine builds with the Dockerfile frontend image docker.io/${image}, from its own images or else pulled from its registry, not with its built-in Dockerfile frontend\n`,
    );
    const last = r.stderr.trimEnd().split("\n").at(-1)!;
    expect(last).toMatch(
      new RegExp(
        `^enginekit: Enginefile:1: # syntax=${image.replace(/\./g, "\\.")}: the engine could not get the frontend image docker\\.io/${image.replace(/\./g, "\\.")} \\(.+\\); remove the directive to build with the engine's built-in Dockerfile frontend, or load the image into the engine \\(docker load\\)$`,
      ),
    );
    expect(r.code).toBe(1);
  });
});
