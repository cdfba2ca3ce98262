/**
 * `enginekit lint --online` against the real engine (`tools/engine`): BuildKit's InvalidBaseImagePlatform
 * check reads each base image's platform from `GET /images/{name}/json`. A linux/arm64 image is made on the
 * engine with `POST /images/load` (an image tarball whose config says arm64: the engine here is amd64 and
 * pulls nothing), so the mismatch is the engine's own answer. Skips outside CI without ENGINE_HOST.
 */
import { createHash } from "node:crypto";
import { EngineClient } from "@enginekit/api";
import { encodeHeader, TypeFlag } from "@enginekit/build-context";
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

const ARM_IMAGE = `enginekit-test/arm64-base:${process.pid}`;

/** A tar archive of `files` (ustar, each file mode 0644). */
function tarOf(files: [string, Buffer][]): Buffer {
  const parts: Buffer[] = [];
  for (const [name, data] of files) {
    parts.push(encodeHeader({ name, type: TypeFlag.file, mode: 0o644, size: data.length, mtime: 0 }));
    parts.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/** An image tarball (`docker save` layout) of one empty layer whose config names linux/arm64. */
function armImageTarball(tag: string): Buffer {
  const layer = Buffer.alloc(1024);
  const diffId = `sha256:${createHash("sha256").update(layer).digest("hex")}`;
  const config = {
    architecture: "arm64",
    os: "linux",
    config: {},
    rootfs: { type: "layers", diff_ids: [diffId] },
  };
  const manifest = [{ Config: "config.json", RepoTags: [tag], Layers: ["layer.tar"] }];
  return tarOf([
    ["config.json", Buffer.from(JSON.stringify(config))],
    ["layer.tar", layer],
    ["manifest.json", Buffer.from(JSON.stringify(manifest))],
  ]);
}

describe.skipIf(!host)("lint --online reads base images' platforms from the real engine", () => {
  const engine = new EngineClient({ host: host ?? "unix:///nonexistent" });
  beforeAll(async () => {
    for await (const _ of await engine.images.load(armImageTarball(ARM_IMAGE))) {
      // drain the progress messages
    }
  });
  afterAll(async () => {
    await engine.images.remove(ARM_IMAGE, { force: true }).catch(() => undefined);
    await engine.close();
  });

  it("reports a base image of another architecture, at the FROM's image, in BuildKit's words", async () => {
    const root = tree({
      Enginefile: `FROM ${ARM_IMAGE} AS arm\nFROM --platform=linux/arm64 ${ARM_IMAGE}\nFROM ${BUSYBOX_IMAGE}\nFROM enginekit-test/never-pulled:1\n`,
    });
    const env = { ENGINE_HOST: host };
    const r = await runCaptured(
      ["lint", "--online", "--no-shellcheck", "--format", "json", "Enginefile"],
      env,
      root,
    );
    const out = JSON.parse(r.stdout) as {
      files: {
        findings: {
          ruleId: string;
          message: string;
          range: { start: { line: number; column: number } };
        }[];
      }[];
    };
    const found = out.files[0]!.findings.filter((f) => f.ruleId === "invalid-base-image-platform");
    const engineVersion = await engine.system.version();
    expect(engineVersion.Arch).toBe("amd64");
    expect(found.map((f) => [f.range.start.line, f.range.start.column, f.message])).toEqual([
      [
        1,
        6,
        `Base image ${ARM_IMAGE} was pulled with platform "linux/arm64", expected "linux/amd64" for current build.`,
      ],
    ]);
    expect(r.stderr).toContain("svc: references are not checked");
    // offline, the check is silent
    const offline = await runCaptured(
      ["lint", "--no-shellcheck", "--format", "json", "Enginefile"],
      env,
      root,
    );
    expect(offline.stdout).not.toContain("invalid-base-image-platform");
  });
});
