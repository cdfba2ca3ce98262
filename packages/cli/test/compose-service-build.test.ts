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
const io = (cwd: string, env: Record<string, string> = {}) =>
  ({ stdout: () => {}, stderr: () => {}, env, cwd }) as never;

/** The one-line refusal of building `service` of the project in `dir`, or "no error". */
function refusal(dir: string, service: string, env: Record<string, string> = {}): string {
  try {
    composeServiceBuild(service, undefined, defaults, io(dir, env));
  } catch (error) {
    if (error instanceof CliError) return error.message;
    throw error;
  }
  return "no error";
}

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
      target: "cli",
      platform: "linux/arm64",
      cache: false,
    });
    expect(web.flags.tag.at(-1)).toBe("me:1");
    expect(web.secrets).toEqual([
      {
        id: "npm",
        origin: `${join(dir, "compose.yaml")}:13:17: build.secrets npm`,
        kind: "file",
        path: join(dir, "secrets/npmrc"),
      },
    ]);
    // an id given with --secret wins over the section's
    const given = composeServiceBuild("web", undefined, { ...defaults, secret: ["id=npm,env=X"] }, io(dir));
    expect(given.secrets).toEqual([]);
  });

  it("serves build secrets as Compose does, under the target, else the source; the repository's own files and .env only, unless the folder is safe", () => {
    const dir = tree({
      "compose.yaml": [
        "services:",
        "  web:",
        "    build:",
        "      context: .",
        "      secrets:",
        "        - source: dotenv",
        "          target: npmrc",
        "        - own",
        "  user-env: {build: {context: ., secrets: [user]}}",
        "  outside: {build: {context: ., secrets: [far]}}",
        "secrets:",
        "  dotenv: {environment: FROM_DOTENV}",
        "  own: {file: ./own.txt}",
        "  user: {environment: USER_TOKEN}",
        "  far: {file: /etc/hostname}",
        "",
      ].join("\n"),
      ".env": "FROM_DOTENV=value-from-dotenv\n",
    });
    const web = composeServiceBuild("web", undefined, defaults, io(dir));
    expect(web.secrets.map((s) => ({ ...s, origin: undefined }))).toEqual([
      {
        id: "npmrc",
        kind: "env",
        variable: "FROM_DOTENV",
        variables: { FROM_DOTENV: "value-from-dotenv" },
        origin: undefined,
      },
      { id: "own", kind: "file", path: join(dir, "own.txt"), origin: undefined },
    ]);
    expect(refusal(dir, "user-env", { USER_TOKEN: "t0k3n-value" })).toBe(
      `${join(dir, "compose.yaml")}:9:44: build.secrets user: the environment variable USER_TOKEN is not used: a repository's configuration may name only its own files and .env values. Give --secret id=user,…, or list ${dir} in ENGINEKIT_SAFE_DIRECTORIES or ~/.config/enginekit/safe-directories (docs/security.md)`,
    );
    expect(refusal(dir, "outside", {})).toMatch(
      /build\.secrets far: the file \/etc\/hostname, outside .*, is not used/,
    );
    // listed as safe: served, as docker compose serves them
    expect(refusal(dir, "user-env", { USER_TOKEN: "t0k3n-value", ENGINEKIT_SAFE_DIRECTORIES: dir })).toBe(
      "no error",
    );
    expect(refusal(dir, "outside", { ENGINEKIT_SAFE_DIRECTORIES: dir })).toBe("no error");
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
    expect(refusal(dir, "inline")).toMatch(
      /^--service inline: build\.dockerfile_inline is not supported by enginekit build/,
    );
    expect(refusal(dir, "multi")).toBe(
      "--service multi: build.platforms names 2 platforms; enginekit build builds one (--platform)",
    );
    expect(refusal(dir, "secret")).toBe(
      "--service secret: build.secrets: the project defines no secret nope",
    );
  });
});
