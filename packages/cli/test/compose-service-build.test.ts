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
const io = (cwd: string, env: NodeJS.ProcessEnv = {}) =>
  ({ stdout: () => {}, stderr: () => {}, env, cwd }) as never;

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

  it("a repository's Compose file may hand its build only its own files, unless the user lists it as safe (docs/security.md)", () => {
    const outside = tree({ credentials: "theirs" });
    const dir = tree({
      "compose.yaml": [
        "services:",
        "  own: {build: {context: ., secrets: [inside], ssh: [deploy=./keys/deploy]}}",
        "  file: {build: {context: ., secrets: [aws]}}",
        "  env: {build: {context: ., secrets: [token]}}",
        "  agent: {build: {context: ., ssh: [default]}}",
        "  named: {build: {context: ., ssh: [git]}}",
        `  key: {build: {context: ., ssh: ["k=${join(outside, "credentials")}"]}}`,
        "secrets:",
        "  inside: {file: ./ci/npmrc}",
        `  aws: {file: ${join(outside, "credentials")}}`,
        "  token: {environment: GITHUB_TOKEN}",
        "",
      ].join("\n"),
    });
    const run = (service: string, env: NodeJS.ProcessEnv = {}, flags: Partial<BuildFlags> = {}) => {
      try {
        return composeServiceBuild(service, undefined, { ...defaults, ...flags }, io(dir, env));
      } catch (error) {
        if (error instanceof CliError) return error.message;
        throw error;
      }
    };
    const notUsed = (entry: string, what: string, instead: string) =>
      `--service ${entry}: ${what} is not used: a repository's Compose file may name only its own files. Give ${instead}, or list ${dir} in ENGINEKIT_SAFE_DIRECTORIES or ~/.config/enginekit/safe-directories (docs/security.md)`;
    const noUserList = { XDG_CONFIG_HOME: tree({}) };
    expect(run("own", noUserList)).toMatchObject({
      flags: { secret: [`id=inside,src=${join(dir, "ci/npmrc")}`], ssh: ["deploy=./keys/deploy"] },
    });
    expect(run("file", noUserList)).toBe(
      notUsed(
        "file: build.secrets aws",
        `the file ${join(outside, "credentials")}, outside ${dir},`,
        "--secret id=aws,…",
      ),
    );
    expect(run("env", noUserList)).toBe(
      notUsed("env: build.secrets token", "the environment variable GITHUB_TOKEN", "--secret id=token,…"),
    );
    expect(run("agent", noUserList)).toBe(
      notUsed("agent: build.ssh default", "your SSH agent (SSH_AUTH_SOCK)", "--ssh default"),
    );
    expect(run("named", noUserList)).toBe(
      notUsed("named: build.ssh git", "your SSH agent (SSH_AUTH_SOCK)", "--ssh git=…"),
    );
    expect(run("key", noUserList)).toBe(
      notUsed(
        `key: build.ssh k=${join(outside, "credentials")}`,
        `the key file or agent socket ${join(outside, "credentials")}, outside ${dir},`,
        "--ssh k=…",
      ),
    );
    // listed as safe: all of them are used
    const safe = { ...noUserList, ENGINEKIT_SAFE_DIRECTORIES: dir };
    for (const service of ["file", "env", "agent", "named", "key"])
      expect(typeof run(service, safe), service).toBe("object");
    // the command line names the id: the user's own choice, not judged
    expect(typeof run("env", noUserList, { secret: ["id=token,env=MY_TOKEN"] })).toBe("object");
    expect(typeof run("agent", noUserList, { ssh: ["default"] })).toBe("object");
  });
});
