/** Which builder runs (docs/build.md "Which builder runs"), and the extra `/build` parameters of the flags. */
import { describe, expect, it } from "vitest";
import { builderParameters, checkFlagSupport, chooseBuilder, explicitBuilder } from "../src/index.js";

const engine2010 = { apiVersion: "1.41", builderVersion: undefined, osType: "linux" };

describe("choosing the builder", () => {
  it("follows the flag, then ENGINE_BUILDKIT, then DOCKER_BUILDKIT (Go ParseBool values)", () => {
    expect(explicitBuilder("classic", { DOCKER_BUILDKIT: "1" })).toEqual({
      builder: "classic",
      reason: "--builder classic",
    });
    expect(explicitBuilder(undefined, { ENGINE_BUILDKIT: "0", DOCKER_BUILDKIT: "1" })?.builder).toBe(
      "classic",
    );
    expect(explicitBuilder(undefined, { DOCKER_BUILDKIT: "true" })?.builder).toBe("buildkit");
    expect(explicitBuilder(undefined, { DOCKER_BUILDKIT: "" })).toBeUndefined();
    expect(() => explicitBuilder(undefined, { DOCKER_BUILDKIT: "yes" })).toThrow(
      'DOCKER_BUILDKIT "yes": expected 1 (BuildKit) or 0 (classic builder)',
    );
    expect(() => explicitBuilder("kit", {})).toThrow('--builder "kit": expected classic or buildkit');
  });

  it("uses BuildKit on 20.10 (no Builder-Version header, API 1.41) and the engine's own default when it sends one", () => {
    expect(chooseBuilder(undefined, engine2010).builder).toBe("buildkit");
    expect(chooseBuilder(undefined, { ...engine2010, apiVersion: "1.47", builderVersion: "1" }).builder).toBe(
      "classic",
    );
    expect(chooseBuilder(undefined, { ...engine2010, apiVersion: "1.38" })).toEqual({
      builder: "classic",
      reason: "the engine speaks API 1.38; BuildKit needs API 1.39 (engine 18.09) or newer",
    });
    expect(chooseBuilder(undefined, { ...engine2010, osType: "windows" }).builder).toBe("classic");
  });

  it("refuses BuildKit asked for on an engine that cannot run it, naming what asked", () => {
    expect(() =>
      chooseBuilder(
        { builder: "buildkit", reason: "DOCKER_BUILDKIT=1" },
        { ...engine2010, apiVersion: "1.30" },
      ),
    ).toThrow(
      'DOCKER_BUILDKIT "1": the engine speaks API 1.30; BuildKit needs API 1.39 (engine 18.09) or newer; use the classic builder (--builder classic)',
    );
  });
});

describe("flags beyond the v1.24 document", () => {
  it("encodes them as the engine CLI does", () => {
    expect(
      builderParameters({
        target: "build",
        platform: "linux/amd64",
        network: "none",
        addHost: ["db:10.0.0.2", "cache=10.0.0.3"],
        cacheFrom: ["app:latest"],
        ulimit: ["nofile=1024:2048", "nproc=64"],
      }),
    ).toEqual({
      target: "build",
      platform: "linux/amd64",
      networkmode: "none",
      extrahosts: ["db:10.0.0.2", "cache:10.0.0.3"],
      cachefrom: '["app:latest"]',
      ulimits: '[{"Name":"nofile","Hard":2048,"Soft":1024},{"Name":"nproc","Hard":64,"Soft":64}]',
    });
    expect(builderParameters({ network: "default" })).toEqual({});
  });

  it("refuses malformed values in one line", () => {
    expect(() => builderParameters({ ulimit: ["nofile=10:5"] })).toThrow(
      '--ulimit "nofile=10:5": the soft limit is above the hard limit',
    );
    expect(() => builderParameters({ addHost: ["db"] })).toThrow('--add-host "db": expected host:ip');
    expect(() => builderParameters({ platform: "linux/amd64,linux/arm64" })).toThrow(/one os\[\/arch/);
  });

  it("refuses what the engine's version or builder does not honour", () => {
    expect(() => checkFlagSupport(["--no-cache-filter"], "buildkit", "1.41")).toThrow(
      /^--no-cache-filter: the engine's POST \/build has no parameter/,
    );
    expect(() => checkFlagSupport(["--platform"], "classic", "1.30")).toThrow(
      "--platform: the engine speaks API 1.30; POST /build reads it from API 1.32",
    );
    // checked on 20.10: its BuildKit ignores ulimits and shmsize
    expect(() => checkFlagSupport(["--ulimit"], "buildkit", "1.41")).toThrow(
      "--ulimit: BuildKit ignores it on this engine (API 1.41); use --builder classic",
    );
    expect(() => checkFlagSupport(["--ulimit", "--shm-size", "--target"], "classic", "1.41")).not.toThrow();
    expect(() => checkFlagSupport(["--shm-size"], "buildkit", "1.43")).not.toThrow();
    expect(() => checkFlagSupport(["--force-rm"], "buildkit", "1.43")).toThrow(
      /--force-rm: BuildKit ignores it/,
    );
  });
});
