/**
 * The frontend image of a BuildKit build (syntax-frontend.ts): a `# syntax=` directive or the
 * `BUILDKIT_SYNTAX` build argument (which wins, as in BuildKit), the note said before the build and the one
 * line that replaces the engine's message when it cannot get the image. The engine's messages are the ones
 * docker.io 20.10 gave (checked on the real engine in build-syntax.engine.test.ts).
 */
import { describe, expect, it } from "vitest";
import {
  explainSyntaxFailure,
  syntaxFrontend,
  syntaxNote,
} from "../src/actions/build-progress/syntax-frontend.js";

const file = (text: string) => ({ name: "app/Enginefile", text });
const PULL_FAILED =
  'failed to solve with frontend dockerfile.v0: failed to solve with frontend gateway.v0: failed to do request: Head "https://registry-1.docker.io/v2/docker/dockerfile/manifests/1.4": dial tcp: lookup registry-1.docker.io on 10.255.255.53:53: no such host';

/** docker.io 20.10 on an engine started with --bridge=none, for a local frontend image (build-syntax.engine.test.ts). */
const NO_BRIDGE =
  "failed to solve with frontend dockerfile.v0: failed to solve with frontend gateway.v0: network bridge not found";

describe("the frontend image of a build", () => {
  it("comes from the # syntax= directive, normalised as the engine resolves it", () => {
    expect(syntaxFrontend(file("# syntax=docker/dockerfile:1.4\nFROM a\n"), undefined)).toEqual({
      image: "docker/dockerfile:1.4",
      reference: "docker.io/docker/dockerfile:1.4",
      origin: "app/Enginefile:1: # syntax=docker/dockerfile:1.4",
    });
    const second = syntaxFrontend(file("# escape=`\n#syntax = ghcr.io/o/front:2\nFROM a\n"), {});
    expect(second?.reference).toBe("ghcr.io/o/front:2");
    expect(second?.origin).toBe("app/Enginefile:2: # syntax=ghcr.io/o/front:2");
    expect(syntaxFrontend(file("# syntax=front\nFROM a\n"), {})?.reference).toBe("docker.io/library/front");
  });

  it("BUILDKIT_SYNTAX wins over the directive; without either the engine's own frontend builds", () => {
    const f = syntaxFrontend(file("# syntax=docker/dockerfile:1.4\nFROM a\n"), {
      BUILDKIT_SYNTAX: "docker/dockerfile-upstream:master",
    });
    expect(f?.reference).toBe("docker.io/docker/dockerfile-upstream:master");
    expect(f?.origin).toBe("--build-arg BUILDKIT_SYNTAX=docker/dockerfile-upstream:master");
    expect(syntaxFrontend(file("FROM a\n# syntax=docker/dockerfile:1.4\n"), {})).toBeUndefined();
    expect(syntaxFrontend(file("FROM a\n"), { BUILDKIT_SYNTAX: null })).toBeUndefined();
    expect(syntaxFrontend(undefined, undefined)).toBeUndefined();
  });

  it("is said in one line before the build", () => {
    const official = syntaxFrontend(file("# syntax=docker/dockerfile:1\nFROM a\n"), {})!;
    expect(syntaxNote(official)).toBe(
      "app/Enginefile:1: # syntax=docker/dockerfile:1: the engine builds with the Dockerfile frontend image docker.io/docker/dockerfile:1, from its own images or else pulled from its registry, not with its built-in Dockerfile frontend",
    );
    const other = syntaxFrontend(file("# syntax=tonistiigi/pack\nFROM a\n"), {})!;
    expect(syntaxNote(other)).toContain("with the frontend image docker.io/tonistiigi/pack,");
  });

  it("an image the engine cannot get is one line naming the directive; a failure inside the frontend is not", () => {
    const f = syntaxFrontend(file("# syntax=docker/dockerfile:1.4\nFROM a\n"), {})!;
    expect(explainSyntaxFailure(PULL_FAILED, f)).toBe(
      `app/Enginefile:1: # syntax=docker/dockerfile:1.4: the engine could not get the frontend image docker.io/docker/dockerfile:1.4 (${PULL_FAILED.slice(PULL_FAILED.indexOf("failed to do request"))}); remove the directive to build with the engine's built-in Dockerfile frontend, or load the image into the engine (docker load)`,
    );
    const arg = syntaxFrontend(file("FROM a\n"), { BUILDKIT_SYNTAX: "docker/dockerfile:1.4" })!;
    expect(explainSyntaxFailure(PULL_FAILED, arg)).toContain("; drop the build argument to build with");
    expect(
      explainSyntaxFailure(
        'failed to solve with frontend dockerfile.v0: failed to solve with frontend gateway.v0: rpc error: code = Unknown desc = failed to compute cache key: "/x" not found',
        f,
      ),
    ).toBeUndefined();
    expect(
      explainSyntaxFailure("failed to solve with frontend dockerfile.v0: exit code: 1", f),
    ).toBeUndefined();
  });

  it("a frontend the engine cannot start for want of a default network says so, not to pass --network", () => {
    const f = syntaxFrontend(file("# syntax=docker/dockerfile:1.4\nFROM a\n"), {})!;
    expect(explainSyntaxFailure(NO_BRIDGE, f)).toBe(
      "app/Enginefile:1: # syntax=docker/dockerfile:1.4: the engine cannot start the frontend image docker.io/docker/dockerfile:1.4 (network bridge not found): a frontend runs on the engine's default network, whatever --network says, and this engine has none (started with --bridge=none); remove the directive to build with the engine's built-in Dockerfile frontend, build on an engine with a bridge network, or label the image moby.buildkit.frontend.network.none=true",
    );
    const arg = syntaxFrontend(file("FROM a\n"), { BUILDKIT_SYNTAX: "docker/dockerfile:1.4" })!;
    expect(explainSyntaxFailure(NO_BRIDGE, arg)).toContain("; drop the build argument to build with");
    // a RUN of the frontend's own build without a network is the frontend's failure, not the image's
    expect(
      explainSyntaxFailure(
        "failed to solve with frontend dockerfile.v0: failed to solve with frontend gateway.v0: rpc error: code = Unknown desc = network bridge not found",
        f,
      ),
    ).toBeUndefined();
  });
});
