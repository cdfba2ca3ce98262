/** `enginekit build` end to end on the real engine (skips outside CI without ENGINE_HOST, fails in CI). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { EngineClient } from "@enginekit/api";
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { afterAll, describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

describe("enginekit build on the real engine", skipIf(!host, NEEDS_ENGINE), () => {
  const tag = `enginekit-test/cli-build:${process.pid}`;
  afterAll(async () => {
    const engine = new EngineClient({ host: host! });
    await engine.images.remove(tag, { force: true }).catch(() => undefined);
    await engine.close();
  });

  it("the classic builder builds, streams the output and prints the image ID; a failing RUN exits 1 with the engine's message", async () => {
    const ctx = tree({});
    writeFileSync(join(ctx, "Enginefile"), `FROM ${BUSYBOX_IMAGE}\nCOPY hello.txt /\nRUN cat /hello.txt\n`);
    writeFileSync(join(ctx, "hello.txt"), "hello from the context\n");
    const ok = await runCaptured(["build", ctx, "-t", tag, "--builder", "classic"], { ENGINE_HOST: host });
    expect(ok.stderr).toMatch(/Sending build context: 2 entries/);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("hello from the context");
    const id = ok.stdout.trimEnd().split("\n").at(-1)!;
    expect(id).toMatch(/^(sha256:[0-9a-f]{64}|[0-9a-f]{12})$/);

    writeFileSync(join(ctx, "Enginefile"), `FROM ${BUSYBOX_IMAGE}\nRUN echo failing >&2; exit 7\n`);
    // --force-rm is honoured only by the classic builder: it is chosen without --builder
    const failed = await runCaptured(["build", ctx, "--force-rm"], { ENGINE_HOST: host });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/build failed: .*returned a non-zero code: 7/);
  });
});
