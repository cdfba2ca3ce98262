/**
 * The flags a Compose service's `build:` section becomes (compose-service-build.ts), for the forms the
 * engine test (build-service.engine.test.ts) does not build: `build: <path>`, list and map forms, a file
 * secret, a URL context, the command line winning, and the keys refused.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BuildFlags } from "../src/actions/build.js";
import { composeServiceBuild } from "../src/actions/compose-service-build.js";
import { CliError } from "../src/errors.js";
import { tree } from "./build-fixtures.js";

const defaults: BuildFlags = {
  tag: [],
  cache: true,
  buildArg: [],
  label: [],
  registryAuth: [],
  exceptions: "exact",
  addHost: [],
  cacheFrom: [],
  noCacheFilter: [],
  ulimit: [],
  secret: [],
  ssh: [],
  rm: true,
};
const io = (cwd: string) => ({ stdout: () => {}, stderr: () => {}, env: {}, cwd }) as never;

describe("a service's build section as build flags", () => {
  it("reads the short form, lists and maps, file secrets relative to their file, and lets the command line win", () => {
    const dir = tree({
      "compose.yaml": [
        "name: proj",
        "services:",
        "  api:",
        "    build: ./api",
        "  web:",
        "    platform: linux/arm64",
        "    build:",
        "      context: web",
        "      args: [A=1, B]",
        "      labels: [x=y]",
        "      extra_hosts: {db: 10.0.0.1}",
        "      cache_from: [c:1]",
        "      secrets: [npm]",
        "      target: t",
        "      no_cache: true",
        "secrets:",
        "  npm:",
        "    file: ./secrets/npmrc",
        "",
      ].join("\n"),
    });
    const api = composeServiceBuild("api", undefined, defaults, io(dir));
    expect(api.context).toBe(join(dir, "api"));
    expect(api.flags.tag).toEqual(["proj-api"]);
    const web = composeServiceBuild(
      "web",
      join(dir, "compose.yaml"),
      { ...defaults, target: "cli", tag: ["me:1"] },
      io("/"),
    );
    expect(web.context).toBe(join(dir, "web"));
    expect(web.flags).toMatchObject({
      buildArg: ["A=1", "B"],
      label: ["x=y"],
      addHost: ["db:10.0.0.1"],
      cacheFrom: ["c:1"],
      secret: [`id=npm,src=${join(dir, "secrets/npmrc")}`],
      target: "cli",
      platform: "linux/arm64",
      cache: false,
    });
    expect(web.flags.tag.at(-1)).toBe("me:1");
  });

  it("a Git context is --remote; unsupported keys, several platforms and unknown secrets are refused", () => {
    const dir = tree({
      "compose.yaml": [
        "services:",
        "  git: {build: {context: 'https://example.com/r.git#main'}}",
        "  inline: {build: {dockerfile_inline: 'FROM a'}}",
        "  multi: {build: {context: ., platforms: [linux/amd64, linux/arm64]}}",
        "  secret: {build: {context: ., secrets: [nope]}}",
        "",
      ].join("\n"),
    });
    const git = composeServiceBuild("git", undefined, defaults, io(dir));
    expect(git.context).toBeUndefined();
    expect(git.flags.remote).toBe("https://example.com/r.git#main");
    const refusal = (service: string) => {
      try {
        composeServiceBuild(service, undefined, defaults, io(dir));
      } catch (error) {
        if (error instanceof CliError) return error.message;
        throw error;
      }
      return "no error";
    };
    expect(refusal("inline")).toMatch(
      /^--service inline: build\.dockerfile_inline is not supported by enginekit build/,
    );
    expect(refusal("multi")).toBe(
      "--service multi: build.platforms names 2 platforms; enginekit build builds one (--platform)",
    );
    expect(refusal("secret")).toBe("--service secret: build.secrets: the project defines no secret nope");
  });
});
