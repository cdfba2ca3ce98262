/**
 * A Compose service's `build.ssh` with `enginekit build --service` (compose-ssh-policy.ts): the repository's
 * choice of the user's SSH agent or key files is one line, exit 2, before anything is sent, unless the user
 * lists the project directory as safe or names the id on the command line.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BuildFlags } from "../src/actions/build.js";
import { composeServiceBuild } from "../src/actions/compose-service-build.js";
import { CliError } from "../src/errors.js";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

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

describe("a Compose file's build.ssh", () => {
  const dir = () =>
    tree({
      "compose.yaml": [
        "services:",
        "  agent: {build: {context: ., ssh: [default]}}",
        "  named: {build: {context: ., ssh: [git]}}",
        "  key: {build: {context: ., ssh: [deploy=/home/u/.ssh/id_ed25519]}}",
        "  none: {build: {context: .}}",
        "",
      ].join("\n"),
    });
  const run = (project: string, service: string, env: NodeJS.ProcessEnv, ssh: string[] = []) => {
    const io = { stdout: () => {}, stderr: () => {}, env, cwd: project } as never;
    try {
      return composeServiceBuild(service, undefined, { ...defaults, ssh }, io).flags.ssh;
    } catch (error) {
      if (error instanceof CliError) return error.message;
      throw error;
    }
  };

  it("is refused in one line naming the entry, unless the user agrees", () => {
    const project = dir();
    const env = { XDG_CONFIG_HOME: tree({}) };
    const refusal = (service: string, value: string, what: string) =>
      `--service ${service}: build.ssh ${value}: ${what} is not used: a repository's Compose file may not hand your SSH credentials to its build. Give --ssh ${value}, or list ${project} in ENGINEKIT_SAFE_DIRECTORIES or ~/.config/enginekit/safe-directories (docs/security.md)`;
    expect(run(project, "agent", env)).toBe(refusal("agent", "default", "your SSH agent (SSH_AUTH_SOCK)"));
    expect(run(project, "named", env)).toBe(refusal("named", "git", "your SSH agent (SSH_AUTH_SOCK)"));
    expect(run(project, "key", env)).toBe(
      refusal(
        "key",
        "deploy=/home/u/.ssh/id_ed25519",
        "the key files or agent socket /home/u/.ssh/id_ed25519",
      ),
    );
    expect(run(project, "none", env)).toEqual([]);
    // the user agrees: the folder is listed as safe (environment or user file), or the id is on the command line
    expect(run(project, "agent", { ...env, ENGINEKIT_SAFE_DIRECTORIES: project })).toEqual(["default"]);
    const userFile = tree({ "enginekit/safe-directories": `# mine\n${join(project, "..")}/*\n` });
    expect(run(project, "key", { XDG_CONFIG_HOME: userFile })).toEqual(["deploy=/home/u/.ssh/id_ed25519"]);
    expect(run(project, "agent", env, ["default"])).toEqual(["default", "default"]);
    expect(run(project, "named", env, ["git=/run/agent.sock"])).toEqual(["git", "git=/run/agent.sock"]);
  });

  it("stops enginekit build before any connection: one line, exit 2", async () => {
    const project = dir();
    const r = await runCaptured(
      ["build", "--service", "agent", "-H", "unix:///nonexistent/engine.sock"],
      { XDG_CONFIG_HOME: tree({}), SSH_AUTH_SOCK: "/nonexistent/agent.sock" },
      project,
    );
    expect(r.stderr).toMatch(
      /^enginekit: --service agent: build\.ssh default: your SSH agent \(SSH_AUTH_SOCK\) is not used: /,
    );
    expect(r.stderr.split("\n")).toHaveLength(2);
    expect(r.code).toBe(2);
  });
});
