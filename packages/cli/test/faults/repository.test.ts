/**
 * A repository is untrusted input (issue 29; docs/security.md "What a repository can make enginekit
 * do"): what a cloned repository contains — its configuration, ignore files, file names, symbolic
 * links — and what servers and helpers send back, run against the built command as a real process.
 * Each case failed before its fix: a token sent to a repository's address, a planted symbolic link
 * followed, a password echoed, a file of endless bytes read until memory ran out.
 */
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { type DevServer, startDevServer } from "@enginekit/secrets-dev-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEEDS_BUILD, skipIf } from "../../../../vitest.shared.js";
import { rpc } from "../lsp-client.js";
import { built, bundle, node, runEnginekit } from "./run-command.js";

const dir = mkdtempSync(join(tmpdir(), "enginekit-repository-"));
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder under the test's folder holding `files`. */
function tree(name: string, files: Record<string, string>): string {
  const root = join(dir, name);
  mkdirSync(root, { recursive: true, mode: 0o755 });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true, mode: 0o755 });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A TCP port free a moment ago on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("secrets dev --tls writes its CA into a private folder", skipIf(!built, NEEDS_BUILD), () => {
  it("a symbolic link planted under the old predictable name is not followed", async () => {
    const port = await freePort();
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "precious\n");
    const planted = join(tmpdir(), `enginekit-secrets-dev-${port}.pem`);
    rmSync(planted, { force: true });
    symlinkSync(victim, planted);
    try {
      const child = spawn(node, [bundle, "secrets", "dev", "--tls", "--port", String(port)], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      child.stdout.on("data", (d: Buffer) => {
        stdout += d;
      });
      const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
      const end = Date.now() + 20_000;
      while (!stdout.includes("SVC_CACERT=") && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      const ca = /SVC_CACERT=(.*)\n/.exec(stdout)?.[1];
      expect(ca).toBeDefined();
      const caFile = ca as string;
      expect(readFileSync(victim, "utf8")).toBe("precious\n");
      expect(lstatSync(planted).isSymbolicLink()).toBe(true);
      expect(caFile).not.toBe(planted);
      expect(lstatSync(caFile).isFile()).toBe(true);
      expect(statSync(dirname(caFile)).mode & 0o777).toBe(0o700);
      expect(readFileSync(caFile, "utf8")).toContain("-----BEGIN CERTIFICATE-----");
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      // the private folder goes with the server
      expect(existsSync(dirname(caFile))).toBe(false);
    } finally {
      rmSync(planted, { force: true });
    }
  });
});

describe("odd configuration files", skipIf(!built, NEEDS_BUILD), () => {
  it("a billion-laughs .enginekit.yaml is one file:line:column line, exit 2", async () => {
    const anchors = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++) {
      const [prev, cur] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
      anchors.push(`${cur}: &${cur} [${Array(10).fill(`*${prev}`).join(", ")}]`);
    }
    const root = tree("laughs", {
      ".enginekit.yaml": `${anchors.join("\n")}\nrules: *i\n`,
      Enginefile: "FROM alpine:3.19\n",
    });
    const r = await runEnginekit(["lint", "."], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^enginekit: .*laughs\/\.enginekit\.yaml:2:\d+: too many alias expansions \(YAML aliases expanding into a huge document are refused\)\n$/,
    );
  });
});

describe("engine addresses", skipIf(!built, NEEDS_BUILD), () => {
  it("a password in DOCKER_HOST is never echoed", async () => {
    for (const host of ["ssh://alice:hunter2@engine.example", "tcp://alice:hunter2@127.0.0.1:2375"]) {
      // ENGINE_HOST (set when the suite runs beside a private engine) would win over DOCKER_HOST
      const r = await runEnginekit(["engine", "info"], {
        cwd: dir,
        env: { ENGINE_HOST: "", DOCKER_HOST: host },
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("invalid engine address");
      expect(r.stderr).toContain("alice:xxxxx@");
      expect(r.stderr).not.toContain("hunter2");
    }
  });
});

describe(
  "a repository's .enginekit.yaml cannot send the user's token elsewhere",
  skipIf(!built, NEEDS_BUILD),
  () => {
    const USER_TOKEN = "user-token-29";
    let user: DevServer;
    let attacker: DevServer;
    let home: string;
    let repo: string;
    beforeAll(async () => {
      const seed = { secrets: { "secret/app/db": { password: "pw" } } };
      user = await startDevServer({ rootToken: USER_TOKEN, seed });
      attacker = await startDevServer({ rootToken: "attacker-token", seed });
      home = tree("home", { ".vault-token": `${USER_TOKEN}\n` });
      repo = tree("cloned", {
        ".enginekit.yaml": `secrets:\n  address: ${attacker.address}\n`,
        "web.container.yaml": "Image: alpine:3.20\nEnv:\n  - DB=svc:secret/data/app/db#password\n",
      });
    });
    afterAll(async () => {
      await user?.close();
      await attacker?.close();
    });
    const clean = {
      SVC_ADDR: "",
      VAULT_ADDR: "",
      SVC_TOKEN: "",
      VAULT_TOKEN: "",
      ENGINEKIT_SAFE_DIRECTORIES: "",
    };

    it("with ~/.vault-token and the address from the repository only: refused, nothing sent", async () => {
      for (const args of [
        ["lint", "--online", "."],
        ["secrets", "ls", "secret/"],
      ]) {
        const r = await runEnginekit(args, {
          cwd: repo,
          env: { ...clean, HOME: home, XDG_CONFIG_HOME: home },
        });
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(
          /^enginekit: .*cloned\/\.enginekit\.yaml: secrets\.address "http:\/\/127\.0\.0\.1:\d+" is not used: a repository's configuration cannot send your token \(~\/\.vault-token\) to a service it names\./,
        );
        expect(r.stderr).not.toContain(USER_TOKEN);
      }
      const viaEnv = await runEnginekit(["lint", "--online", "."], {
        cwd: repo,
        env: { ...clean, HOME: home, VAULT_TOKEN: USER_TOKEN },
      });
      expect(viaEnv.code).toBe(2);
      expect(viaEnv.stderr).toContain("(VAULT_TOKEN)");
      expect(attacker.requestCount).toBe(0);
    });

    it("the user's own address (environment) wins: the token goes there only", async () => {
      const r = await runEnginekit(["lint", "--online", "-f", "json", "."], {
        cwd: repo,
        env: { ...clean, HOME: home, VAULT_ADDR: user.address },
      });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(user.requestCount).toBeGreaterThan(0);
      expect(attacker.requestCount).toBe(0);
    });

    it("a folder the user lists as safe may name the address (git's safe.directory)", async () => {
      const before = attacker.requestCount;
      const listed = tree("config-home", { "enginekit/safe-directories": `# mine\n${repo}\n` });
      const r = await runEnginekit(["lint", "--online", "-f", "json", "."], {
        cwd: repo,
        env: { ...clean, HOME: home, XDG_CONFIG_HOME: listed },
      });
      // the attacker's service does not know the user's token: a finding, and the request did arrive
      expect(r.code).toBe(1);
      expect(r.stdout).toContain("secret-ref/forbidden");
      expect(attacker.requestCount).toBeGreaterThan(before);
    });

    it("without a credential of the user's, the repository's address is used as before", async () => {
      const before = attacker.requestCount;
      const empty = tree("empty-home", {});
      const r = await runEnginekit(["lint", "--online", "-f", "json", "."], {
        cwd: repo,
        env: { ...clean, HOME: empty, XDG_CONFIG_HOME: empty },
      });
      expect(r.stdout).toContain("secret-ref/forbidden");
      expect(attacker.requestCount).toBeGreaterThan(before);
    });
  },
);

describe("files read from a repository are regular files, and bounded", skipIf(!built, NEEDS_BUILD), () => {
  it(".enginekit.yaml linked to /dev/zero: lint stops at once naming the file, exit 2", async () => {
    const root = tree("zero-config", { Enginefile: "FROM alpine:3.19\n" });
    symlinkSync("/dev/zero", join(root, ".enginekit.yaml"));
    const r = await runEnginekit(["lint", "."], { cwd: root });
    expect(r).toMatchObject({ code: 2, stdout: "" });
    expect(r.stderr).toMatch(
      /^enginekit: .*zero-config\/\.enginekit\.yaml:1:1: the configuration file is not a regular file \(a character device\)\n$/,
    );
  });

  it("a configuration file over 4 MiB is refused naming it", async () => {
    const root = tree("big-config", {
      Enginefile: "FROM alpine:3.19\n",
      ".enginekit.yaml": `# ${"x".repeat(4 * 1024 * 1024)}\n`,
    });
    const r = await runEnginekit(["lint", "."], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /big-config\/\.enginekit\.yaml:1:1: the configuration file is larger than 4 MiB, the limit enginekit reads\n$/,
    );
  });

  it(".engineignore linked to /dev/zero or /dev/urandom: build and lint refuse it at once", async () => {
    for (const device of ["/dev/zero", "/dev/urandom"]) {
      const root = tree(`ignore-${device.slice(5)}`, { Enginefile: "FROM alpine:3.19\nCOPY . /app\n" });
      symlinkSync(device, join(root, ".engineignore"));
      const started = Date.now();
      const build = await runEnginekit(["build", "--list", "."], { cwd: root });
      expect(build.code).toBe(2);
      expect(build.stderr).toMatch(
        /\.engineignore:1:1: the ignore file is not a regular file \(a character device\)/,
      );
      const lint = await runEnginekit(["lint", ".engineignore"], { cwd: root });
      expect(lint.code).toBe(3);
      expect(lint.stderr).toBe(
        "enginekit: .engineignore: the ignore file is larger than 4 MiB, the limit enginekit reads\n",
      );
      expect(Date.now() - started).toBeLessThan(15_000);
    }
  });

  it("lint - reads standard input up to 16 MiB, as a file", async () => {
    const root = tree("stdin", {});
    const r = await runEnginekit(["lint", "-", "--stdin-filename", "Enginefile"], {
      cwd: root,
      stdin: Buffer.alloc(17 * 1024 * 1024, "#"),
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe("enginekit: standard input is larger than 16 MiB, the limit enginekit reads\n");
  });

  it("the language server answers with .enginekit.yaml linked to /dev/zero", async () => {
    const root = tree("lsp-zero", {});
    symlinkSync("/dev/zero", join(root, ".enginekit.yaml"));
    const child = spawn(node, [bundle, "lsp", "--stdio"], { stdio: ["pipe", "pipe", "ignore"] });
    /** `promise`, or a failure after 15 s: the server must answer, not freeze. */
    const soon = <T>(promise: Promise<T>) =>
      Promise.race([
        promise,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("no answer from the language server within 15 s")), 15_000),
        ),
      ]);
    try {
      const client = rpc(child.stdout, child.stdin);
      const uri = pathToFileURL(join(root, "Enginefile")).href;
      await soon(
        client.request("initialize", {
          processId: null,
          rootUri: pathToFileURL(root).href,
          capabilities: {},
        }),
      );
      client.notify("initialized", {});
      const published = client.next("textDocument/publishDiagnostics");
      client.notify("textDocument/didOpen", {
        textDocument: {
          uri,
          languageId: "dockerfile",
          version: 1,
          text: "FROM alpine:3.19\nRUN sudo true\n",
        },
      });
      expect(((await soon(published)) as { uri: string }).uri).toBe(uri);
      await soon(
        client.request("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 1 } }),
      );
      await soon(client.request("shutdown", null));
    } finally {
      child.kill();
    }
  }, 40_000);
});

describe("names that are not valid UTF-8", skipIf(!built, NEEDS_BUILD), () => {
  it("lint DIR lints the rest, names the folder and file it cannot read, exit 3", async () => {
    const root = tree("utf8", { "ok/Enginefile": "FROM alpine:3.19\n" });
    const rootBytes = Buffer.from(root);
    const bad = Buffer.concat([rootBytes, Buffer.from("/bad\xff", "latin1")]);
    mkdirSync(bad);
    writeFileSync(Buffer.concat([bad, Buffer.from("/Enginefile")]), "FROM alpine:3.19\n");
    writeFileSync(
      Buffer.concat([rootBytes, Buffer.from("/x\xfe.Enginefile", "latin1")]),
      "FROM alpine:3.19\n",
    );
    const r = await runEnginekit(["lint", ".", "-f", "json"], { cwd: root });
    expect(r.code).toBe(3);
    expect((JSON.parse(r.stdout) as { files: { path: string }[] }).files.map((f) => f.path)).toEqual([
      "ok/Enginefile",
    ]);
    const reason =
      "the name is not valid UTF-8 (shown with \uFFFD): enginekit cannot read it; rename it, or exclude it with an ignore pattern";
    expect(r.stderr).toBe(`enginekit: bad\uFFFD: ${reason}\nenginekit: x\uFFFD.Enginefile: ${reason}\n`);
  });
});

describe("credential helpers", skipIf(!built, NEEDS_BUILD), () => {
  /** A folder with `config.json` naming the helper `ek<name>` and that helper on PATH. */
  function withHelper(name: string, script: string): { env: NodeJS.ProcessEnv; root: string } {
    const root = tree(`helper-${name}`, {
      "docker/config.json": JSON.stringify({ credsStore: `ek${name}` }),
      "ctx/Enginefile": "FROM alpine:3.19\n",
    });
    const bin = join(root, "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, `docker-credential-ek${name}`), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
    return {
      root,
      // the engine address is a closed port: the build stops there, after the credentials are read
      env: {
        PATH: `${bin}:/usr/bin:/bin`,
        DOCKER_CONFIG: join(root, "docker"),
        ENGINE_HOST: "tcp://127.0.0.1:9",
      },
    };
  }

  it("a helper that answers and leaves a child holding its output does not hold the build", async () => {
    const { root, env } = withHelper(
      "daemon",
      `# a daemon of the helper keeps standard output open for 50 s
sleep 50 & echo $! > "${join(dir, "helper-daemon.pid")}"
case "$1" in
  list) echo '{"https://index.docker.io/v1/":"u"}' ;;
  get) read url; echo '{"ServerURL":"https://index.docker.io/v1/","Username":"u","Secret":"s"}' ;;
esac`,
    );
    const started = Date.now();
    try {
      const r = await runEnginekit(["build", "ctx"], { cwd: root, env });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(r.stderr).not.toContain("credential helper");
      expect(r.code).toBe(3);
    } finally {
      process.kill(Number(readFileSync(join(dir, "helper-daemon.pid"), "utf8")), "SIGKILL");
    }
  });

  it("a helper printing without end is stopped at 1 MiB", async () => {
    const { root, env } = withHelper("flood", "exec yes credential");
    const started = Date.now();
    const r = await runEnginekit(["build", "ctx"], { cwd: root, env });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^enginekit: credential helper docker-credential-ekflood \(credsStore in .*config\.json\) printed more than 1 MiB for list: stopped\n$/,
    );
  });
});

describe(
  "lint --online against a service that accepts and never answers",
  skipIf(!built, NEEDS_BUILD),
  () => {
    it("fails fast after the first time-out: 40 references cost one time limit, not 40", async () => {
      const sockets: Socket[] = [];
      const silent = createServer((socket) => {
        sockets.push(socket);
        socket.resume();
      });
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      const { port } = silent.address() as { port: number };
      const references = Array.from({ length: 40 }, (_, i) => `  - K${i}=svc:secret/data/app/s${i}#f`);
      const root = tree("silent-service", {
        "web.container.yaml": `Image: alpine:3.20\nEnv:\n${references.join("\n")}\n`,
      });
      const started = Date.now();
      try {
        const r = await runEnginekit(["lint", "--online", "-f", "json", "."], {
          cwd: root,
          env: { SVC_ADDR: `http://127.0.0.1:${port}`, SVC_TOKEN: "t", SVC_CLIENT_TIMEOUT: "2s" },
        });
        const elapsed = Date.now() - started;
        expect(r.code).toBe(3);
        const findings = (JSON.parse(r.stdout) as { files: { findings: { ruleId: string }[] }[] }).files[0]!
          .findings;
        expect(findings).toHaveLength(40);
        expect(new Set(findings.map((f) => f.ruleId))).toEqual(new Set(["secret-ref/unreachable"]));
        // one 2 s limit (and its retry) for the first requests in flight; before: ~2 s for every reference
        expect(elapsed).toBeLessThan(15_000);
      } finally {
        for (const socket of sockets) socket.destroy();
        silent.close();
      }
    }, 60_000);
  },
);

describe("enginekit secrets dev parses LIST with Node's HTTP parser", skipIf(!built, NEEDS_BUILD), () => {
  it("a LIST whose head is split across TCP segments, and a LIST after a GET on one connection", async () => {
    const port = await freePort();
    const seed = join(tree("list-seed", {}), "seed.json");
    writeFileSync(seed, JSON.stringify({ secrets: { "secret/app/db": { password: "pw" } } }));
    const child = spawn(node, [bundle, "secrets", "dev", "--port", String(port), "--seed", seed], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d;
    });
    try {
      const end = Date.now() + 20_000;
      while (!stdout.includes("SVC_TOKEN=") && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      const token = /SVC_TOKEN=(.*)\n/.exec(stdout)?.[1] as string;
      const socket = connect(port, "127.0.0.1");
      await new Promise((r) => socket.once("connect", r));
      let received = "";
      socket.on("data", (d: Buffer) => {
        received += d;
      });
      const answers = async (count: number) => {
        const until = Date.now() + 10_000;
        while ((received.match(/HTTP\/1\.1 /g) ?? []).length < count || !received.endsWith("}")) {
          if (Date.now() > until) throw new Error(`no answer: ${JSON.stringify(received)}`);
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      const pause = () => new Promise((r) => setTimeout(r, 60));
      // the method, the path and the headers in separate segments
      for (const part of [
        "LI",
        "ST /v1/secret/meta",
        `data/app/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Svc-Token: ${token}\r\n`,
        "\r\n",
      ]) {
        socket.write(part);
        await pause();
      }
      await answers(1);
      expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(received).toContain('"keys":["db"]');
      // the connection stays open: a GET, then a LIST again
      received = "";
      socket.write(`GET /v1/secret/data/app/db HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Svc-Token: ${token}\r\n\r\n`);
      await answers(1);
      expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      received = "";
      socket.write(`LIST /v1/secret/metadata/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Svc-Token: ${token}\r\n\r\n`);
      await answers(1);
      expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(received).toContain('"keys":["app/"]');
      socket.destroy();
    } finally {
      child.kill("SIGTERM");
    }
  }, 40_000);
});

describe("integers beyond 2^53 in manifests", skipIf(!built, NEEDS_BUILD), () => {
  it("Memory: 9223372036854775807 (int64's maximum, which the engine runs) is valid in YAML and JSON", async () => {
    const root = tree("int64", {
      "max.container.yaml": "Image: busybox\nHostConfig:\n  Memory: 9223372036854775807\n",
      "max.container.json": '{"Image": "busybox", "HostConfig": {"Memory": 9223372036854775807}}\n',
    });
    const r = await runEnginekit(["lint", "-f", "json", "."], { cwd: root });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    writeFileSync(
      join(root, "over.container.yaml"),
      "Image: busybox\nHostConfig:\n  Memory: 9223372036854775808\n",
    );
    const over = await runEnginekit(["lint", "over.container.yaml"], { cwd: root });
    expect(over.code).toBe(1);
    expect(over.stdout).toContain("manifest/invalid-type      Memory must be an integer.");
  });
});
