/**
 * `# syntax=` on the real engine (tools/engine, docker.io 20.10, no registry): the note before the build,
 * and the engine's failure to pull the frontend image, or to start a local one without a default network
 * (tools/engine has `--bridge=none`), replaced by one line naming the directive (exit 1).
 * Skips outside CI without ENGINE_HOST.
 */
import { EngineClient } from "@enginekit/api";
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

/** Whether the engine lacks the default network `bridge` (tools/engine runs with `--bridge=none`). */
async function lacksBridge(engineHost: string): Promise<boolean> {
  const engine = new EngineClient({ host: engineHost });
  try {
    return !(await engine.networks.list()).some((n) => n.Name === "bridge");
  } finally {
    await engine.close();
  }
}
const bridgeless = host ? await lacksBridge(host) : false;

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

  it(
    "a local frontend image on an engine without a bridge network: one line naming the missing default network, not --network",
    skipIf(!bridgeless, "the engine has a bridge network (tools/engine starts one without)"),
    async () => {
      const engine = new EngineClient({ host: host! });
      // Two local frontend images (busybox: not a frontend, but only starting it matters): without the label
      // the container needs the default network; with moby.buildkit.frontend.network.none=true it starts
      // without one (and then fails as busybox is no frontend).
      const bare = `docker/dockerfile:1.4-enginekit-bare-${process.pid}`;
      const labelled = `docker/dockerfile:1.4-enginekit-none-${process.pid}`;
      const [repo, tag] = bare.split(":") as [string, string];
      await engine.images.tag(BUSYBOX_IMAGE, { repo, tag });
      try {
        const label = tree({
          Enginefile: `FROM ${BUSYBOX_IMAGE}\nLABEL moby.buildkit.frontend.network.none="true"\n`,
        });
        const made = await runCaptured(["build", label, "-t", labelled, "--builder", "classic", "-q"], {
          ENGINE_HOST: host!,
        });
        expect(made.code).toBe(0);
        const build = (image: string) =>
          runCaptured(
            [
              "build",
              tree({ Enginefile: `# syntax=${image}\nFROM ${BUSYBOX_IMAGE}\nRUN true\n` }),
              "--network",
              "none",
            ],
            { ENGINE_HOST: host! },
          );
        const r = await build(bare);
        expect(r.stderr.trimEnd().split("\n").at(-1)).toBe(
          `enginekit: Enginefile:1: # syntax=${bare}: the engine cannot start the frontend image docker.io/${bare} (network bridge not found): a frontend runs on the engine's default network, whatever --network says, and this engine has none (started with --bridge=none); remove the directive to build with the engine's built-in Dockerfile frontend, build on an engine with a bridge network, or label the image moby.buildkit.frontend.network.none=true`,
        );
        expect(r.stderr).not.toContain("pass --network none");
        expect(r.code).toBe(1);
        const started = await build(labelled);
        expect(started.code).toBe(1);
        expect(started.stderr).not.toContain("network bridge not found");
      } finally {
        for (const image of [bare, labelled]) await engine.images.remove(image).catch(() => undefined);
        await engine.close();
      }
    },
  );
});
