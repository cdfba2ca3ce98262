/**
 * The engine CLI's conventions against the real engine (ARCHITECTURE "Names"; docs/cli.md "Engine and
 * secrets service conventions"): `DOCKER_HOST` over unix, tcp (a loopback TCP → Unix socket relay) and
 * ssh (an sshd of the test's own on 127.0.0.1 whose sessions reach the engine through
 * `docker system dial-stdio`), contexts (`DOCKER_CONTEXT`, `currentContext`), `DOCKER_API_VERSION`, and
 * each bad input as one line naming its source with exit code 2.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { skipIf } from "../../../vitest.shared.js";
import { runCaptured } from "./run-in-process.js";

const engineHost = engineHostForTests();
if (!engineHost) console.warn(NO_ENGINE_MESSAGE);
const socketPath = engineHost?.startsWith("unix://") ? engineHost.slice("unix://".length) : undefined;

/** An environment with no engine variable of the runner's, and a config folder of the test's own. */
function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: "/nonexistent-home", ...extra };
}

/** Writes a context `name` with endpoint `host` into the store under `configFolder`. */
function writeContext(configFolder: string, name: string, host: string): void {
  const digest = createHash("sha256").update(name).digest("hex");
  const folder = join(configFolder, "contexts", "meta", digest);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, "meta.json"),
    JSON.stringify({ Name: name, Metadata: {}, Endpoints: { docker: { Host: host, SkipTLSVerify: false } } }),
  );
}

describe("engine address conventions: bad input is one line naming its source, exit 2", () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "enginekit-conventions-"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test("a wrong DOCKER_HOST scheme names DOCKER_HOST", async () => {
    const { code, stderr } = await runCaptured(["engine", "info"], cleanEnv({ DOCKER_HOST: "ftp://h:1" }));
    expect(code).toBe(2);
    expect(stderr).toBe(
      'enginekit: invalid engine address "ftp://h:1" (from DOCKER_HOST): unsupported scheme ftp (accepted: unix:///path/to/engine.sock, tcp://host:port or ssh://[user@]host[:port])\n',
    );
  });

  test("ENGINE_HOST wins over DOCKER_HOST, which wins over DOCKER_CONTEXT", async () => {
    const both = await runCaptured(
      ["engine", "info"],
      cleanEnv({ ENGINE_HOST: "tcp://bad", DOCKER_HOST: "unix:///x.sock", DOCKER_CONTEXT: "nope" }),
    );
    expect(both.stderr).toContain("(from ENGINE_HOST)");
    const docker = await runCaptured(
      ["engine", "info"],
      cleanEnv({ DOCKER_HOST: "tcp://bad", DOCKER_CONTEXT: "nope" }),
    );
    expect(docker.stderr).toContain("(from DOCKER_HOST)");
  });

  test("a context that does not exist names the context, where it was chosen, and the file", async () => {
    const { code, stderr } = await runCaptured(
      ["engine", "info"],
      cleanEnv({ DOCKER_CONFIG: folder, DOCKER_CONTEXT: "missing" }),
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^enginekit: context "missing" \(from DOCKER_CONTEXT\) does not exist: no \S+\/contexts\/meta\/[0-9a-f]{64}\/meta\.json\n$/,
    );
  });

  test("an unreadable config.json names the file", async () => {
    const config = join(folder, "unreadable");
    mkdirSync(join(config, "config.json"), { recursive: true }); // a folder: EISDIR for every user
    const { code, stderr } = await runCaptured(["engine", "info"], cleanEnv({ DOCKER_CONFIG: config }));
    expect(code).toBe(2);
    expect(stderr).toBe(
      `enginekit: cannot read the engine CLI configuration ${join(config, "config.json")} (EISDIR)\n`,
    );
  });

  test("a config.json that is not JSON names the file, never its content", async () => {
    const config = join(folder, "garbage");
    mkdirSync(config);
    writeFileSync(join(config, "config.json"), '{"auths": {"r": {"auth": "hunter2-secret"');
    const { code, stderr } = await runCaptured(["engine", "info"], cleanEnv({ DOCKER_CONFIG: config }));
    expect(code).toBe(2);
    expect(stderr).toBe(
      `enginekit: the engine CLI configuration ${join(config, "config.json")} is not valid JSON\n`,
    );
    expect(stderr).not.toContain("hunter2");
  });

  test("DOCKER_TLS_VERIFY with a missing certificate folder names DOCKER_CERT_PATH and the folder", async () => {
    const { code, stderr } = await runCaptured(
      ["engine", "info"],
      cleanEnv({
        DOCKER_HOST: "tcp://127.0.0.1:1",
        DOCKER_TLS_VERIFY: "1",
        DOCKER_CERT_PATH: "/nonexistent/certs",
      }),
    );
    expect(code).toBe(2);
    expect(stderr).toBe(
      "enginekit: TLS: the certificate folder DOCKER_CERT_PATH=/nonexistent/certs does not exist\n",
    );
  });

  test("ENGINE_TLS_VERIFY=1 without a certificate folder is refused, naming the default folder", async () => {
    const { code, stderr } = await runCaptured(
      ["engine", "info"],
      cleanEnv({ ENGINE_HOST: "tcp://127.0.0.1:1", ENGINE_TLS_VERIFY: "1" }),
    );
    expect(code).toBe(2);
    expect(stderr).toContain(
      "/nonexistent-home/.engine (the default certificate folder; ENGINE_TLS_VERIFY is set)",
    );
  });

  test("a malformed DOCKER_API_VERSION names the variable", async () => {
    const { code, stderr } = await runCaptured(
      ["engine", "info"],
      cleanEnv({ DOCKER_HOST: "unix:///x.sock", DOCKER_API_VERSION: "latest" }),
    );
    expect(code).toBe(2);
    expect(stderr).toBe('enginekit: DOCKER_API_VERSION="latest" is not a version like 1.24\n');
  });
});

describe(
  "engine address conventions against the real engine",
  skipIf(!socketPath, "the engine is not on a unix socket (ENGINE_HOST unset or not unix://)"),
  () => {
    let folder: string;
    let relay: Server;
    let relayPort: number;
    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), "enginekit-conventions-"));
      // A loopback TCP → Unix socket relay: DOCKER_HOST=tcp:// reaches the same engine.
      relay = createServer((client) => {
        const upstream = connect(socketPath!);
        client.pipe(upstream).pipe(client);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", end).on("close", end);
        upstream.on("error", end).on("close", end);
      });
      relay.listen(0, "127.0.0.1");
      await once(relay, "listening");
      relayPort = (relay.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      rmSync(folder, { recursive: true, force: true });
    });

    test("DOCKER_HOST=unix://…", async () => {
      const { code, stdout, stderr } = await runCaptured(
        ["engine", "info"],
        cleanEnv({ DOCKER_HOST: engineHost }),
      );
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(stdout).toContain(`Address:        ${engineHost} (DOCKER_HOST)\n`);
    });

    test("DOCKER_HOST=tcp://127.0.0.1:<port>", async () => {
      const host = `tcp://127.0.0.1:${relayPort}`;
      const { code, stdout, stderr } = await runCaptured(["engine", "info"], cleanEnv({ DOCKER_HOST: host }));
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(stdout).toContain(`Address:        ${host} (DOCKER_HOST)\n`);
    });

    test("DOCKER_API_VERSION pins the version (no negotiation)", async () => {
      const { code, stdout } = await runCaptured(
        ["engine", "info", "--json"],
        cleanEnv({ DOCKER_HOST: engineHost, DOCKER_API_VERSION: "1.30" }),
      );
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ apiVersion: "1.30", engineApiMax: null });
    });

    test("DOCKER_CONTEXT, currentContext of config.json and --context select a stored context", async () => {
      writeContext(folder, "relay", `tcp://127.0.0.1:${relayPort}`);
      writeContext(folder, "socket", engineHost!);
      const byVariable = await runCaptured(
        ["engine", "info"],
        cleanEnv({ DOCKER_CONFIG: folder, DOCKER_CONTEXT: "relay" }),
      );
      expect(byVariable.code).toBe(0);
      expect(byVariable.stdout).toContain(`(context "relay" (DOCKER_CONTEXT))`);
      writeFileSync(join(folder, "config.json"), JSON.stringify({ currentContext: "socket" }));
      const byConfig = await runCaptured(["engine", "info"], cleanEnv({ DOCKER_CONFIG: folder }));
      expect(byConfig.code).toBe(0);
      expect(byConfig.stdout).toContain(
        `${engineHost} (context "socket" (currentContext in ${join(folder, "config.json")}))`,
      );
      const byFlag = await runCaptured(
        ["engine", "--context", "relay", "info"],
        cleanEnv({ DOCKER_CONFIG: folder, DOCKER_CONTEXT: "socket" }),
      );
      expect(byFlag.code).toBe(0);
      expect(byFlag.stdout).toContain(`tcp://127.0.0.1:${relayPort} (context "relay" (--context))`);
      const fallback = await runCaptured(
        ["engine", "info"],
        cleanEnv({ DOCKER_CONFIG: folder, DOCKER_CONTEXT: "default" }),
      );
      expect(fallback.stderr).toContain("unix:///var/run/engine.sock");
    });
  },
);

const sshd = "/usr/sbin/sshd";
const canRunSshd = Boolean(socketPath) && existsSync(sshd) && process.getuid?.() === 0;

describe(
  "DOCKER_HOST=ssh://… through the test's own sshd",
  skipIf(!canRunSshd, "needs root, /usr/sbin/sshd and the engine on a unix socket"),
  () => {
    let folder: string;
    let daemon: ChildProcess;
    let port: number;
    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), "enginekit-ssh-"));
      for (const key of ["host_key", "user_key"]) {
        execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", join(folder, key)]);
      }
      execFileSync("cp", [join(folder, "user_key.pub"), join(folder, "authorized_keys")]);
      // A free port: bind, read, release (sshd binds it right after).
      const probe = createServer().listen(0, "127.0.0.1");
      await once(probe, "listening");
      port = (probe.address() as AddressInfo).port;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      writeFileSync(
        join(folder, "sshd_config"),
        [
          `Port ${port}`,
          "ListenAddress 127.0.0.1",
          `HostKey ${join(folder, "host_key")}`,
          `AuthorizedKeysFile ${join(folder, "authorized_keys")}`,
          "StrictModes no",
          "PasswordAuthentication no",
          "KbdInteractiveAuthentication no",
          "UsePAM no",
          "PermitRootLogin prohibit-password",
          `PidFile ${join(folder, "sshd.pid")}`,
          `SetEnv DOCKER_HOST=${engineHost}`,
          "",
        ].join("\n"),
      );
      // The client: the user's `ssh` with this test's key and no known-hosts check, first on PATH.
      const bin = join(folder, "bin");
      mkdirSync(bin);
      writeFileSync(
        join(bin, "ssh"),
        `#!/bin/sh\nexec /usr/bin/ssh -F /dev/null -i ${join(folder, "user_key")} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR "$@"\n`,
      );
      chmodSync(join(bin, "ssh"), 0o755);
      mkdirSync("/run/sshd", { recursive: true });
      daemon = spawn(sshd, ["-D", "-e", "-f", join(folder, "sshd_config")], {
        stdio: ["ignore", "ignore", "pipe"],
      });
      let log = "";
      daemon.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
      const deadline = Date.now() + 10_000;
      while (!log.includes("Server listening") && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      if (!log.includes("Server listening")) throw new Error(`sshd did not start: ${log}`);
    });
    afterAll(() => {
      daemon?.kill();
      rmSync(folder, { recursive: true, force: true });
    });

    const env = () =>
      cleanEnv({
        PATH: `${join(folder, "bin")}:${process.env.PATH}`,
        DOCKER_HOST: `ssh://root@127.0.0.1:${port}`,
      });

    test("engine info reaches the engine through `ssh … docker system dial-stdio`", async () => {
      const { code, stdout, stderr } = await runCaptured(["engine", "info"], env());
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Engine version: \S+\n/);
      expect(stdout).toContain(`Address:        ssh://root@127.0.0.1:${port} (DOCKER_HOST)\n`);
    });

    test("a build over ssh sends the context and prints the image ID", async () => {
      const context = join(folder, "context");
      mkdirSync(context);
      writeFileSync(join(context, "Enginefile"), "FROM scratch\nCOPY hello.txt /\n");
      writeFileSync(join(context, "hello.txt"), "hello over ssh\n");
      const { code, stdout, stderr } = await runCaptured(["build", "-q", context], env());
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(stdout).toMatch(/^sha256:[0-9a-f]{64}\n$/);
    });

    test("a refused key is one line naming ssh's own reason, exit 3", async () => {
      const { code, stderr } = await runCaptured(
        ["engine", "info"],
        cleanEnv({
          PATH: `${join(folder, "bin")}:${process.env.PATH}`,
          DOCKER_HOST: `ssh://nobody-here@127.0.0.1:${port}`,
        }),
      );
      expect(code).toBe(3);
      expect(stderr.split("\n").filter(Boolean)).toHaveLength(1);
      expect(stderr).toContain("Permission denied");
    });
  },
);
