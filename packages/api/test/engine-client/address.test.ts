import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  DEFAULT_ENGINE_HOSTS,
  EngineAddressError,
  parseEngineAddress,
  resolveEngineConfig,
} from "../../src/engine/client/index.js";
import { resolveEngineSettings } from "../../src/engine/conventions/environment.js";

describe("parseEngineAddress", () => {
  test.each([
    ["unix:///var/run/engine.sock", { kind: "unix", socketPath: "/var/run/engine.sock" }],
    ["tcp://127.0.0.1:2375", { kind: "tcp", host: "127.0.0.1", port: 2375 }],
    ["tcp://engine.example:2376/", { kind: "tcp", host: "engine.example", port: 2376 }],
    ["tcp://[::1]:2375", { kind: "tcp", host: "::1", port: 2375 }],
    [
      "ssh://builder@engine.example:2222",
      { kind: "ssh", host: "engine.example", user: "builder", port: 2222 },
    ],
    ["ssh://engine.example", { kind: "ssh", host: "engine.example", user: undefined, port: undefined }],
  ])("%s", (value, expected) => {
    expect(parseEngineAddress(value)).toMatchObject(expected);
  });

  test.each([
    ["unix://relative.sock", "absolute"],
    ["tcp://host", "port is missing"],
    ["tcp://host:99999", "not a host:port"],
    ["tcp://host:2375/path", "only host:port"],
    ["http://host:2375", "unsupported scheme http"],
    ["ssh://host/var/run/engine.sock", "no path"],
    ["ssh://-oProxyCommand=x@host", "must not start with -"],
    ["/var/run/engine.sock", "no scheme"],
    ["", "no scheme"],
  ])("%s is rejected naming the value and the accepted forms", (value, reason) => {
    const error = (() => {
      try {
        parseEngineAddress(value);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(EngineAddressError);
    expect((error as Error).message).toContain(JSON.stringify(value));
    expect((error as Error).message).toContain(reason);
    expect((error as Error).message).toContain(
      "unix:///path/to/engine.sock, tcp://host:port or ssh://[user@]host[:port]",
    );
  });
});

describe("a password in an engine address is never echoed (issue 29)", () => {
  test.each([
    ["ssh://alice:pw-ssh-1@host", "ssh://alice:xxxxx@host", "no password"],
    ["tcp://alice:pw-tcp-2@host:2375", "tcp://alice:xxxxx@host:2375", "no password"],
    ["tcp://alice:p@w:d-3@host:2375", "tcp://alice:xxxxx@host:2375", "no password"],
    ["ssh://alice:pw-4@[::1", "ssh://alice:xxxxx@[::1", "not ssh://"],
  ])("%s", (value, shown, reason) => {
    let error: unknown;
    try {
      parseEngineAddress(value, "DOCKER_HOST");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EngineAddressError);
    const message = (error as EngineAddressError).message;
    expect(message).toContain(JSON.stringify(shown));
    expect(message).toContain(reason);
    expect(message).not.toMatch(/pw-|p@w/);
    expect((error as EngineAddressError).value).toBe(shown);
  });
});

describe("resolveEngineConfig", () => {
  test("defaults to the documented socket when ENGINE_HOST is unset", () => {
    const config = resolveEngineConfig({ env: {}, homeDir: "/nonexistent" });
    expect(config.target).toEqual({ origin: "http://engine", socketPath: "/var/run/engine.sock" });
    expect(config.display).toBe("unix:///var/run/engine.sock");
  });

  test("reads ENGINE_HOST; the option wins over it", () => {
    expect(resolveEngineConfig({ env: { ENGINE_HOST: "tcp://10.0.0.1:2375" } }).target.origin).toBe(
      "http://10.0.0.1:2375",
    );
    expect(
      resolveEngineConfig({ host: "unix:///x.sock", env: { ENGINE_HOST: "tcp://10.0.0.1:2375" } }).target
        .socketPath,
    ).toBe("/x.sock");
  });

  test("ENGINE_TLS_VERIFY with a missing certificate folder is refused, naming the variable and folder", () => {
    expect(() =>
      resolveEngineConfig({
        env: { ENGINE_HOST: "tcp://h:2376", ENGINE_TLS_VERIFY: "1", ENGINE_CERT_PATH: "/nonexistent" },
      }),
    ).toThrow("TLS: the certificate folder ENGINE_CERT_PATH=/nonexistent does not exist");
    expect(
      resolveEngineConfig({ env: { ENGINE_HOST: "tcp://h:2376", ENGINE_TLS_VERIFY: "0" } }).target.origin,
    ).toBe("http://h:2376");
  });
});

describe("the default address with nothing set (issue 30: Docker users' engine)", () => {
  let folder: string;
  let servers: Server[] = [];
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "enginekit-default-socket-"));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    servers = [];
    rmSync(folder, { recursive: true, force: true });
  });
  const listen = async (path: string) => {
    const server = createServer();
    servers.push(server);
    await new Promise<void>((r) => server.listen(path, r));
  };
  const hosts = () => [`unix://${join(folder, "engine.sock")}`, `unix://${join(folder, "docker.sock")}`];
  const resolved = () =>
    resolveEngineSettings({ env: {}, homeDir: "/nonexistent", defaultHosts: hosts() }).host;

  test("tries the engine's socket, then the Docker engine's, as the engine CLI does", async () => {
    expect(DEFAULT_ENGINE_HOSTS).toEqual(["unix:///var/run/engine.sock", "unix:///var/run/docker.sock"]);
    // neither exists: the engine's own socket, which the error then names
    expect(resolved()).toBe(hosts()[0]);
    await listen(join(folder, "docker.sock"));
    expect(resolved()).toBe(hosts()[1]);
    await listen(join(folder, "engine.sock"));
    expect(resolved()).toBe(hosts()[0]);
  });

  test("a context, DOCKER_HOST or ENGINE_HOST still wins over an existing socket", () => {
    const settings = resolveEngineSettings({
      env: { DOCKER_HOST: "tcp://10.0.0.1:2375" },
      homeDir: "/nonexistent",
      defaultHosts: hosts(),
    });
    expect(settings.host).toBe("tcp://10.0.0.1:2375");
  });
});
