/**
 * `--secret` through BuildKit's session on the real engine (tools/engine, 20.10): a secret from a file, the
 * environment and the secrets dev server reaches the RUN (the step prints its SHA-256 and length, never the
 * value), and the value appears in no output, image layer or history; a missing secret is one line before
 * anything is sent; `--ssh` relays a local agent socket read-only (OpenSSH's ssh-agent on the host, its
 * ssh-add in the step; a real ssh in the step logs in to the host's sshd through it) and serves key files.
 * Skips outside CI without ENGINE_HOST.
 */

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { basename, join } from "node:path";
import { buffer } from "node:stream/consumers";
import { EngineClient } from "@enginekit/api";
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { startDevServer } from "@enginekit/secrets-dev-server";
import { afterAll, describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

const hasSshAdd = ["ssh-keygen", "ssh-add", "ldd"].every(
  (tool) => spawnSync(tool, ["--version"], { stdio: "ignore" }).error === undefined,
);
if (!hasSshAdd)
  console.warn("skipped: build-secrets.engine.test.ts > --ssh ID=KEYFILE: no OpenSSH client or ldd");
const hasSshAgent = hasSshAdd && spawnSync("ssh-agent", ["-h"], { stdio: "ignore" }).error === undefined;

/**
 * Copies the host's OpenSSH `tools` (default `ssh-add` and `ssh-keygen`) into `dir` with their loader
 * (`ld.so`) and libraries, for a step to run as `/ssh/ld.so --library-path /ssh /ssh/ssh-add`: the busybox
 * image has no OpenSSH client, and CI has no registry to pull one from.
 */
function copyOpenSshClient(dir: string, tools = ["ssh-add", "ssh-keygen"]): void {
  mkdirSync(dir);
  for (const tool of tools) {
    const libraries = execFileSync("ldd", [`/usr/bin/${tool}`], { encoding: "utf8" })
      .split("\n")
      .map((line) => /(\/\S+) \(0x/.exec(line)?.[1])
      .filter((path): path is string => path !== undefined);
    for (const library of libraries) {
      const name = library.includes("ld-linux") ? "ld.so" : basename(library);
      copyFileSync(realpathSync(library), join(dir, name));
    }
    copyFileSync(`/usr/bin/${tool}`, join(dir, tool));
  }
}

/** The host's OpenSSH server, which a test can run as root on a port of its own. */
const SSHD = "/usr/sbin/sshd";
const canRunSshd = hasSshAdd && existsSync(SSHD) && process.getuid?.() === 0;

/** A port nobody listens on now, on 127.0.0.1. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Waits until `ready()` holds, at most `ms`. */
async function until(ready: () => boolean, ms = 5000): Promise<void> {
  for (let waited = 0; !ready() && waited < ms; waited += 50) await new Promise((r) => setTimeout(r, 50));
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

/** An Enginefile whose RUN reads secret `id` and prints only its hash and length. */
const hashing = (ids: string[]) =>
  [
    `FROM ${BUSYBOX_IMAGE}`,
    ...ids.map(
      (id) =>
        `RUN --mount=type=secret,id=${id},required=true echo "${id}: $(sha256sum < /run/secrets/${id} | cut -c1-64) $(wc -c < /run/secrets/${id})" && ls -la /run/secrets > /listing-${id}`,
    ),
    "",
  ].join("\n");

describe("enginekit build --secret on the real engine", skipIf(!host, NEEDS_ENGINE), () => {
  const tag = `enginekit-test/secrets:${process.pid}`;
  const env = { ENGINE_HOST: host! };
  afterAll(async () => {
    const engine = new EngineClient({ host: host! });
    await engine.images.remove(tag, { force: true }).catch(() => undefined);
    await engine.close();
  });

  it("file, environment and secrets-service values reach the RUN and appear in no output, layer or history", async () => {
    const fromFile = "file-secret-Zq7";
    const fromEnv = "env-secret-Xk9";
    const fromSvc = "//registry.example/:_authToken=svc-secret-Wp3";
    const outside = tree({ "npm.token": fromFile });
    const svc = await startDevServer({ seed: { secrets: { "secret/ci": { npmrc: fromSvc } } } });
    try {
      const ctx = tree({ Enginefile: hashing(["file", "env", "npm"]) });
      const r = await runCaptured(
        // biome-ignore format: one flag and its value per pair
        [
          "build", ctx, "-t", tag, "--network", "none", "--progress", "plain", "--no-cache",
          "--secret", `id=file,src=${join(outside, "npm.token")}`,
          "--secret", "id=env,env=FROM_ENV",
          "--secret", "id=npm,svc=secret/ci#npmrc",
        ],
        { ...env, FROM_ENV: fromEnv, SVC_ADDR: svc.address, SVC_TOKEN: svc.rootToken },
      );
      expect(r.stderr).not.toMatch(/enginekit:/);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`file: ${sha(fromFile)} ${fromFile.length}`);
      expect(r.stderr).toContain(`env: ${sha(fromEnv)} ${fromEnv.length}`);
      expect(r.stderr).toContain(`npm: ${sha(fromSvc)} ${fromSvc.length}`);
      for (const value of [fromFile, fromEnv, "svc-secret-Wp3"]) {
        expect(r.stdout).not.toContain(value);
        expect(r.stderr).not.toContain(value);
      }
      const engine = new EngineClient({ host: host! });
      try {
        const history = JSON.stringify(await engine.images.history(tag));
        const inspect = JSON.stringify(await engine.images.inspect(tag));
        const layers = (await buffer(await engine.images.get(tag))).toString("latin1");
        for (const value of [fromFile, fromEnv, "svc-secret-Wp3"]) {
          expect(history).not.toContain(value);
          expect(inspect).not.toContain(value);
          expect(layers).not.toContain(value);
        }
        // the mount was there during the RUN, and is gone from the image
        expect(layers).toContain("listing-npm");
      } finally {
        await engine.close();
      }
    } finally {
      await svc.close();
    }
  });

  it("build.secrets of .enginekit.yaml serve the ids no --secret gives (the command line wins)", async () => {
    const fromFile = "cfg-file-secret-Qa1";
    const fromEnv = "cfg-env-secret-Rb2";
    const fromFlag = "flag-env-secret-Sc3";
    const fromSvc = "cfg-svc-secret-Td4";
    const svc = await startDevServer({ seed: { secrets: { "secret/ci": { npmrc: fromSvc } } } });
    try {
      const ctx = tree({
        Enginefile: hashing(["file", "env", "npm", "won"]),
        "ci/tok.txt": fromFile,
        ".engineignore": "ci/\n",
        ".enginekit.yaml": [
          "build:",
          "  secrets:",
          "    file: {src: ci/tok.txt}",
          "    env: {env: CFG_ENV}",
          "    npm: {svc: secret/ci#npmrc}",
          "    won: {env: CFG_ENV}",
          "",
        ].join("\n"),
      });
      const r = await runCaptured(
        // biome-ignore format: one flag and its value per pair
        ["build", ".", "-t", tag, "--network", "none", "--progress", "plain", "--no-cache", "--secret", "id=won,env=FROM_FLAG"],
        {
          ...env,
          CFG_ENV: fromEnv,
          FROM_FLAG: fromFlag,
          SVC_ADDR: svc.address,
          SVC_TOKEN: svc.rootToken,
          ENGINEKIT_SAFE_DIRECTORIES: ctx,
          XDG_CONFIG_HOME: tree({}),
        },
        ctx,
      );
      expect(r.stderr).not.toMatch(/enginekit:/);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`file: ${sha(fromFile)} ${fromFile.length}`);
      expect(r.stderr).toContain(`env: ${sha(fromEnv)} ${fromEnv.length}`);
      expect(r.stderr).toContain(`npm: ${sha(fromSvc)} ${fromSvc.length}`);
      expect(r.stderr).toContain(`won: ${sha(fromFlag)} ${fromFlag.length}`);
      for (const value of [fromFile, fromEnv, fromFlag, fromSvc]) {
        expect(r.stdout).not.toContain(value);
        expect(r.stderr).not.toContain(value);
      }
    } finally {
      await svc.close();
    }
  });

  it("a repository's build.secrets may name only its own files unless the folder is listed as safe", async () => {
    const outside = tree({ "key.txt": "outside" });
    const cases: [string, string][] = [
      ["env: {env: HOME}", "build.secrets.a: the environment variable HOME is not used"],
      [
        "svc: {svc: secret/ci#npmrc}",
        "build.secrets.a: the secrets service's svc:secret/ci#npmrc is not used",
      ],
      [`src: {src: ${join(outside, "key.txt")}}`, "build.secrets.a: the file"],
      ["src: {src: ../../../../etc/passwd}", "build.secrets.a: the file ../../../../etc/passwd, outside"],
    ];
    for (const [entry, message] of cases) {
      const ctx = tree({
        Enginefile: hashing(["a"]),
        ".enginekit.yaml": `build:\n  secrets:\n    a: {${entry.slice(entry.indexOf("{") + 1)}\n`,
      });
      const r = await runCaptured(
        ["build", ".", "-H", "unix:///nonexistent/engine.sock"],
        { XDG_CONFIG_HOME: tree({}) },
        ctx,
      );
      expect(r.stderr).toContain(`enginekit: ${join(ctx, ".enginekit.yaml")}: ${message}`);
      expect(r.stderr).toContain(`list ${ctx} in ENGINEKIT_SAFE_DIRECTORIES`);
      expect(r.stderr.split("\n").length).toBe(2);
      expect(r.code).toBe(2);
    }
    // a missing value names the configuration entry
    const ctx = tree({
      Enginefile: hashing(["a"]),
      ".enginekit.yaml": "build:\n  secrets:\n    a: {src: nothere}\n",
    });
    const r = await runCaptured(["build", ".", "-H", "unix:///nonexistent/engine.sock"], {}, ctx);
    expect(r.stderr).toBe(
      `enginekit: ${join(ctx, ".enginekit.yaml")}: build.secrets.a: cannot read ${join(ctx, "nothere")} (ENOENT)\n`,
    );
    expect(r.code).toBe(2);
  });

  it("a value the RUN prints is masked in the output", async () => {
    const ctx = tree({
      Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN --mount=type=secret,id=tok cat /run/secrets/tok; echo; exit 1\n`,
    });
    const r = await runCaptured(
      ["build", ctx, "--network", "none", "--progress", "plain", "--no-cache", "--secret", "id=tok,env=TOK"],
      { ...env, TOK: "printed-by-mistake-42" },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/#\d+ \d+\.\d{3} \*\*\*\*\n/);
    expect(r.stderr).not.toContain("printed-by-mistake-42");
  });

  it("a missing secret is one line before anything is sent", async () => {
    const ctx = tree({ Enginefile: hashing(["a"]) });
    const svc = await startDevServer({ seed: { secrets: { "secret/ci": { other: "x" } } } });
    try {
      const cases: [string[], NodeJS.ProcessEnv, string][] = [
        [
          ["--secret", "id=a,env=NOT_SET_ANYWHERE"],
          {},
          "--secret id=a: the environment variable NOT_SET_ANYWHERE is not set",
        ],
        [
          ["--secret", "id=a,src=/nonexistent/file"],
          {},
          "--secret id=a: cannot read /nonexistent/file (ENOENT)",
        ],
        [
          ["--secret", "id=a,svc=secret/ci#npmrc"],
          { SVC_ADDR: svc.address, SVC_TOKEN: svc.rootToken },
          "--secret id=a: the secret at svc:secret/ci has no field npmrc",
        ],
        [
          ["--secret", "id=a,svc=secret/nothing#f"],
          { SVC_ADDR: svc.address, SVC_TOKEN: svc.rootToken },
          "--secret id=a: no secret at svc:secret/nothing#f",
        ],
        [["--secret", "src=x"], {}, '--secret "src=x": id= is required'],
      ];
      for (const [args, extra, message] of cases) {
        // an unreachable engine: the line comes before any connection
        const r = await runCaptured(["build", ctx, "-H", "unix:///nonexistent/engine.sock", ...args], extra);
        expect(r.stderr).toBe(`enginekit: ${message}\n`);
        expect(r.code).toBe(2);
      }
    } finally {
      await svc.close();
    }
  });

  it(
    "--ssh ID=KEYFILE serves the keys as an agent: OpenSSH's ssh-add and ssh-keygen in the RUN list them and sign with them",
    skipIf(!hasSshAdd, "OpenSSH's ssh-add and ssh-keygen are not installed (Debian openssh-client)"),
    async () => {
      // The step runs the host's own ssh-add (with its loader and libraries, bind-mounted from the
      // context): the busybox image has no OpenSSH client, and CI has no registry to pull one from.
      const keys = tree({});
      execFileSync("ssh-keygen", [
        "-t",
        "ed25519",
        "-q",
        "-N",
        "",
        "-C",
        "deploy@ci",
        "-f",
        join(keys, "id"),
      ]);
      execFileSync("ssh-keygen", ["-t", "ecdsa", "-q", "-N", "", "-C", "second@ci", "-f", join(keys, "id2")]);
      const files: Record<string, string> = {
        Enginefile: [
          `FROM ${BUSYBOX_IMAGE}`,
          "RUN --mount=type=bind,source=ssh,target=/ssh --mount=type=ssh,id=deploy,required=true \\",
          "    run() { /ssh/ld.so --library-path /ssh /ssh/$@; } && run ssh-add -l && echo message > /tmp/m && \\",
          "    for key in id id2; do run ssh-keygen -Y sign -f /ssh/$key.pub -n file /tmp/m && \\",
          "      run ssh-keygen -Y check-novalidate -n file -f /ssh/$key.pub -s /tmp/m.sig < /tmp/m && rm /tmp/m.sig; done",
          "",
        ].join("\n"),
      };
      const ctx = tree(files);
      copyOpenSshClient(join(ctx, "ssh"));
      for (const name of ["id", "id2"])
        copyFileSync(join(keys, `${name}.pub`), join(ctx, "ssh", `${name}.pub`));
      const r = await runCaptured(
        // biome-ignore format: one flag and its value per pair
        ["build", ctx, "--network", "none", "--progress", "plain", "--no-cache", "--ssh", `deploy=${join(keys, "id")},${join(keys, "id2")}`],
        env,
      );
      expect(r.stderr).not.toMatch(/enginekit:/);
      expect(r.code).toBe(0);
      for (const name of ["id", "id2"]) {
        const fingerprint = execFileSync("ssh-keygen", ["-l", "-f", join(keys, `${name}.pub`)], {
          encoding: "utf8",
        });
        expect(r.stderr).toContain(fingerprint.split(" ")[1]!);
      }
      expect(r.stderr).toMatch(/deploy@ci \(ED25519\)/);
      expect(r.stderr).toMatch(/second@ci \(ECDSA\)/);
      // and it signs: OpenSSH's ssh-keygen in the step signs through it and checks the signature
      expect(r.stderr).toMatch(/Good "file" signature with ED25519 key/);
      expect(r.stderr).toMatch(/Good "file" signature with ECDSA key/);
    },
  );

  it(
    "--ssh ID=SOCKET relays the user's ssh-agent read-only: the step lists and signs, but cannot remove, add or lock keys",
    skipIf(
      !hasSshAgent,
      "OpenSSH's ssh-agent, ssh-add and ssh-keygen are not installed (Debian openssh-client)",
    ),
    async () => {
      const keys = tree({});
      for (const [type, name, comment] of [
        ["ed25519", "id", "user@host"],
        ["ecdsa", "id2", "second@host"],
        ["ed25519", "planted", "planted@build"],
      ] as const)
        execFileSync("ssh-keygen", ["-t", type, "-q", "-N", "", "-C", comment, "-f", join(keys, name)]);
      // The user's agent: OpenSSH's ssh-agent in the foreground, on a socket of this test, holding two keys.
      const socket = join(keys, "agent.sock");
      const agent = spawn("ssh-agent", ["-D", "-a", socket], { stdio: "ignore" });
      try {
        for (let i = 0; i < 100 && !existsSync(socket); i++) await new Promise((r) => setTimeout(r, 50));
        const userEnv = { ...process.env, SSH_AUTH_SOCK: socket };
        execFileSync("ssh-add", ["-q", join(keys, "id"), join(keys, "id2")], {
          env: userEnv,
          stdio: "ignore",
        });
        const before = execFileSync("ssh-add", ["-l"], { env: userEnv, encoding: "utf8" });
        expect(before.trim().split("\n")).toHaveLength(2);
        // Each change is tried and must fail (the step fails if one succeeds); listing and signing work
        // before and after. The planted key comes on standard input (ssh-add checks a file's mode, not that).
        const ctx = tree({
          Enginefile: [
            `FROM ${BUSYBOX_IMAGE}`,
            "RUN --mount=type=bind,source=ssh,target=/ssh --mount=type=ssh,id=deploy,required=true \\",
            "    run() { /ssh/ld.so --library-path /ssh /ssh/$@; } && run ssh-add -l && \\",
            "    if run ssh-add -D; then echo removed-all; exit 1; fi && \\",
            "    if run ssh-add -d /ssh/id.pub; then echo removed-one; exit 1; fi && \\",
            "    if run ssh-add - < /ssh/planted; then echo planted; exit 1; fi && \\",
            "    if printf 'pw\\npw\\n' | run ssh-add -x; then echo locked; exit 1; fi && \\",
            "    if printf 'pw\\n' | run ssh-add -X; then echo unlocked; exit 1; fi && \\",
            "    run ssh-add -l && echo message > /tmp/m && run ssh-keygen -Y sign -f /ssh/id.pub -n file /tmp/m && \\",
            "    run ssh-keygen -Y check-novalidate -n file -f /ssh/id.pub -s /tmp/m.sig < /tmp/m && echo step-done",
            "",
          ].join("\n"),
        });
        copyOpenSshClient(join(ctx, "ssh"));
        copyFileSync(join(keys, "id.pub"), join(ctx, "ssh", "id.pub"));
        copyFileSync(join(keys, "planted"), join(ctx, "ssh", "planted"));
        const r = await runCaptured(
          [
            "build",
            ctx,
            "--network",
            "none",
            "--progress",
            "plain",
            "--no-cache",
            "--ssh",
            `deploy=${socket}`,
          ],
          env,
        );
        expect(r.stderr).not.toMatch(/enginekit:/);
        expect(r.code).toBe(0);
        // OpenSSH's own words for an agent's SSH_AGENT_FAILURE, one per refused change
        expect(r.stderr).toContain("Failed to remove all identities.");
        expect(r.stderr).toMatch(/Could not remove identity "\/ssh\/id\.pub": agent refused operation/);
        expect(r.stderr).toMatch(/Could not add identity "\(stdin\)": agent refused operation/);
        expect(r.stderr).toContain("Failed to lock agent: agent refused operation");
        expect(r.stderr).toContain("Failed to unlock agent: agent refused operation");
        expect(r.stderr).toMatch(/Good "file" signature with ED25519 key/);
        expect(r.stderr).toContain("step-done");
        // and the user's agent is as it was: both keys, nothing planted, not locked
        const after = execFileSync("ssh-add", ["-l"], { env: userEnv, encoding: "utf8" });
        expect(after).toBe(before);
        expect(after).not.toContain("planted@build");
      } finally {
        agent.kill();
      }
    },
  );

  it(
    "a real ssh in a RUN logs in to an SSH server with the user's agent through the read-only relay (RSA, rsa-sha2 signature)",
    skipIf(!canRunSshd, "needs root, /usr/sbin/sshd and OpenSSH's client tools"),
    async () => {
      const dir = tree({});
      for (const [name, type] of [
        ["hostkey", "ed25519"],
        ["id", "rsa"],
      ] as const)
        execFileSync("ssh-keygen", ["-q", "-t", type, "-N", "", "-C", `${name}@host`, "-f", join(dir, name)]);
      copyFileSync(join(dir, "id.pub"), join(dir, "authorized_keys"));
      const port = await freePort();
      // the host's sshd, on 127.0.0.1 only, accepting the agent's key for root
      const config = join(dir, "sshd_config");
      writeFileSync(
        config,
        [
          `Port ${port}`,
          "ListenAddress 127.0.0.1",
          `HostKey ${join(dir, "hostkey")}`,
          `AuthorizedKeysFile ${join(dir, "authorized_keys")}`,
          "PidFile none",
          "UsePAM no",
          "StrictModes no",
          "PasswordAuthentication no",
          "KbdInteractiveAuthentication no",
          "PermitRootLogin prohibit-password",
          "",
        ].join("\n"),
      );
      mkdirSync("/run/sshd", { recursive: true });
      const sshd = spawn(SSHD, ["-D", "-e", "-f", config], { stdio: "ignore" });
      const socket = join(dir, "agent.sock");
      const agent = spawn("ssh-agent", ["-D", "-a", socket], { stdio: "ignore" });
      try {
        await until(() => existsSync(socket));
        execFileSync("ssh-add", ["-q", join(dir, "id")], { env: { ...process.env, SSH_AUTH_SOCK: socket } });
        const ctx = tree({
          Enginefile: [
            `FROM ${BUSYBOX_IMAGE}`,
            "RUN --mount=type=bind,source=ssh,target=/ssh --mount=type=ssh,id=deploy,required=true \\",
            "    echo root:x:0:0:root:/root:/bin/sh > /etc/passwd && \\",
            `    /ssh/ld.so --library-path /ssh /ssh/ssh -p ${port} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \\`,
            "      -o BatchMode=yes root@127.0.0.1 echo logged-in-through-the-relay",
            "",
          ].join("\n"),
        });
        copyOpenSshClient(join(ctx, "ssh"), ["ssh"]);
        // host network: the step reaches the server on the host's 127.0.0.1
        const r = await runCaptured(
          [
            "build",
            ctx,
            "--network",
            "host",
            "--progress",
            "plain",
            "--no-cache",
            "--ssh",
            `deploy=${socket}`,
          ],
          env,
        );
        expect(r.stderr).not.toMatch(/enginekit:/);
        expect(r.code).toBe(0);
        expect(r.stderr).toMatch(/#\d+ \d+\.\d{3} logged-in-through-the-relay\n/);
      } finally {
        agent.kill();
        sshd.kill();
      }
    },
  );

  it("--ssh mounts the agent in RUN --mount=type=ssh (the relay itself: build-session.test.ts)", async () => {
    const dir = tree({});
    const socket = join(dir, "agent.sock");
    const agent = createServer((c) => c.end());
    await new Promise<void>((resolve) => agent.listen(socket, resolve));
    try {
      const ctx = tree({
        Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN --mount=type=ssh,id=deploy,required=true test -S "$SSH_AUTH_SOCK" && echo agent-at-$SSH_AUTH_SOCK\n`,
      });
      const r = await runCaptured(
        ["build", ctx, "--network", "none", "--progress", "plain", "--no-cache", "--ssh", `deploy=${socket}`],
        env,
      );
      expect(r.stderr).not.toMatch(/enginekit:/);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/#\d+ \d+\.\d{3} agent-at-\/run\/buildkit\/ssh_agent\.0\n/);
      const key = join(dir, "id_ed25519");
      writeFileSync(key, "not a socket");
      const refused = await runCaptured(["build", ctx, "--ssh", `deploy=${key}`], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/id_ed25519: not an agent socket nor a private key enginekit can read/);
      expect(refused.stderr.split("\n")).toHaveLength(2);
    } finally {
      agent.close();
    }
  });
});
