/**
 * A Compose service's `build.ssh` with `enginekit build --service` (compose-ssh-policy.ts): the repository's
 * choice of the user's SSH agent or key files is one line, exit 2, before any connection, unless the user
 * lists the project directory as safe or names the id on the command line. The engine address is
 * unreachable: a build the rule lets through fails at the connection instead.
 */
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

const UNREACHABLE = ["-H", "unix:///nonexistent/engine.sock"];

describe("a Compose file's build.ssh", () => {
  it("is refused in one line naming the entry, before any connection, unless the user agrees", async () => {
    const project = tree({
      "compose.yaml": [
        "services:",
        "  agent: {build: {context: ., ssh: [default]}}",
        "  named: {build: {context: ., ssh: [git]}}",
        "  key: {build: {context: ., ssh: [deploy=/home/u/.ssh/id_ed25519]}}",
        "",
      ].join("\n"),
      Enginefile: "FROM scratch\n",
    });
    // an agent socket, so that a build the rule lets through gets as far as the engine
    const socket = join(tree({}), "agent.sock");
    const agent = createServer((c) => c.end());
    await new Promise<void>((resolve) => agent.listen(socket, resolve));
    const env = { XDG_CONFIG_HOME: tree({}), SSH_AUTH_SOCK: socket };
    const build = (service: string, extra: NodeJS.ProcessEnv = {}, flags: string[] = []) =>
      runCaptured(["build", "--service", service, ...UNREACHABLE, ...flags], { ...env, ...extra }, project);
    try {
      const refusal = (service: string, value: string, what: string) =>
        `enginekit: --service ${service}: build.ssh ${value}: ${what} is not used: a repository's Compose file may not hand your SSH credentials to its build. Give --ssh ${value}, or list ${project} in ENGINEKIT_SAFE_DIRECTORIES or ~/.config/enginekit/safe-directories (docs/security.md)\n`;
      for (const [service, value, what] of [
        ["agent", "default", "your SSH agent (SSH_AUTH_SOCK)"],
        ["named", "git", "your SSH agent (SSH_AUTH_SOCK)"],
        ["key", "deploy=/home/u/.ssh/id_ed25519", "the key files or agent socket /home/u/.ssh/id_ed25519"],
      ] as const) {
        const r = await build(service);
        expect(r.stderr, service).toBe(refusal(service, value, what));
        expect(r.code, service).toBe(2);
      }
      // the user agrees: the folder is listed as safe (environment or user file), or the id is on the
      // command line; the build then goes on to the (unreachable) engine, or to reading the key file
      const goesOn = [
        await build("agent", { ENGINEKIT_SAFE_DIRECTORIES: project }),
        await build("agent", {}, ["--ssh", "default"]),
        await build("named", {}, ["--ssh", `git=${socket}`]),
      ];
      for (const r of goesOn) {
        expect(r.stderr).not.toContain("build.ssh");
        expect(r.stderr).toContain("/nonexistent/engine.sock");
      }
      const listed = tree({ "enginekit/safe-directories": `# mine\n${join(project, "..")}/*\n` });
      const key = await build("key", { XDG_CONFIG_HOME: listed });
      expect(key.stderr).toMatch(
        /--ssh "deploy=\/home\/u\/\.ssh\/id_ed25519": \/home\/u\/\.ssh\/id_ed25519 does not exist/,
      );
    } finally {
      agent.close();
    }
  });
});
