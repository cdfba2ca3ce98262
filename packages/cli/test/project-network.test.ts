/**
 * `.enginekit.yaml`'s network settings (`engine:` time limits, `secrets:` address, namespace and time
 * limit) for `build`, `engine`, `secrets ls` and `lint --online`: the configuration fills what the
 * environment leaves unset, flags win over both (docs/cli.md "Time-outs and limits"). The time limits are
 * checked against servers on 127.0.0.1 that accept connections and never answer.
 */
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyNetworkConfig } from "../src/actions/project-network.js";
import { runCaptured } from "./run-in-process.js";

describe("applyNetworkConfig: the configuration fills only what no variable sets", () => {
  const config = {
    engine: { connectTimeout: "3s", timeout: 20, idleTimeout: "5m" },
    secrets: { address: "https://config.example:8200", namespace: "team/", timeout: "7s" },
  };

  it("gives each setting as the variable it stands for (numbers are seconds)", () => {
    expect(applyNetworkConfig({ HOME: "/h" }, config)).toEqual({
      HOME: "/h",
      ENGINE_CONNECT_TIMEOUT: "3s",
      ENGINE_TIMEOUT: "20",
      ENGINE_IDLE_TIMEOUT: "5m",
      SVC_ADDR: "https://config.example:8200",
      SVC_NAMESPACE: "team/",
      SVC_CLIENT_TIMEOUT: "7s",
    });
  });

  it("any variable of the same setting wins, the engine tools' and Vault's names included", () => {
    const env = {
      DOCKER_CLIENT_TIMEOUT: "30",
      VAULT_ADDR: "http://127.0.0.1:8200",
      VAULT_NAMESPACE: "other/",
      SVC_CLIENT_TIMEOUT: "1s",
      ENGINE_CONNECT_TIMEOUT: "2s",
    };
    const out = applyNetworkConfig(env, config);
    expect(out).toEqual({ ...env, ENGINE_IDLE_TIMEOUT: "5m" });
  });

  it("an empty variable counts as unset; the input is not changed", () => {
    const env = { ENGINE_TIMEOUT: "  " };
    expect(applyNetworkConfig(env, config).ENGINE_TIMEOUT).toBe("20");
    expect(env).toEqual({ ENGINE_TIMEOUT: "  " });
  });
});

describe("time limits from .enginekit.yaml reach the clients", () => {
  let server: Server;
  let address: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.push(socket);
      socket.resume();
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });

  function project(yaml: string): string {
    const dir = mkdtempSync(join(tmpdir(), "ek-network-config-"));
    writeFileSync(join(dir, ".enginekit.yaml"), yaml);
    writeFileSync(join(dir, "Enginefile"), "FROM scratch\n");
    return dir;
  }

  it("engine.timeout bounds engine info and build; ENGINE_TIMEOUT and --timeout win over it", async () => {
    const dir = project("engine:\n  timeout: 700ms\n");
    const host = `tcp://${address}`;
    const info = await runCaptured(["engine", "info"], { ENGINE_HOST: host }, dir);
    expect(info).toMatchObject({
      code: 3,
      stderr: `enginekit: the engine at ${host} did not answer within 700 ms: check that it is running\n`,
    });
    const build = await runCaptured(["build", ".", "-H", host], {}, dir);
    expect(build.code).toBe(3);
    expect(build.stderr).toContain("did not answer within 700 ms");
    const env = await runCaptured(["engine", "info"], { ENGINE_HOST: host, ENGINE_TIMEOUT: "600ms" }, dir);
    expect(env.stderr).toContain("did not answer within 600 ms");
    const flag = await runCaptured(["engine", "--timeout", "500ms", "info"], { ENGINE_HOST: host }, dir);
    expect(flag.stderr).toContain("did not answer within 500 ms");
  });

  it("secrets.timeout and the address bound secrets ls; --timeout wins", async () => {
    const dir = project(`secrets:\n  address: http://${address}\n  timeout: 700ms\n`);
    const home = mkdtempSync(join(tmpdir(), "ek-network-home-"));
    // The user's token may go to the repository's address once the user lists the folder as safe.
    const env = { HOME: home, SVC_TOKEN: "hvs.network-config-token", ENGINEKIT_SAFE_DIRECTORIES: dir };
    const started = Date.now();
    const fromConfig = await runCaptured(["secrets", "ls", "secret/"], env, dir);
    expect(fromConfig.code).toBe(3);
    expect(fromConfig.stderr).toMatch(/^enginekit: secrets service: .*700 ms/);
    expect(fromConfig.stderr).not.toContain("hvs.network-config-token");
    const fromFlag = await runCaptured(["secrets", "ls", "--timeout", "400ms", "secret/"], env, dir);
    expect(fromFlag.stderr).toMatch(/400 ms/);
    // one retry at most in interactive use: bounded in time
    expect(Date.now() - started).toBeLessThan(10_000);
    const bad = await runCaptured(["secrets", "ls", "--timeout", "later", "secret/"], env, dir);
    expect(bad).toMatchObject({
      code: 2,
      stderr: 'enginekit: --timeout "later": expected a duration like 10s, 2m or 500ms\n',
    });
  });

  it("a value that is not a duration is a configuration error with its file, line and column", async () => {
    const dir = project("engine:\n  connectTimeout: soon\n");
    const r = await runCaptured(["engine", "info"], { ENGINE_HOST: `tcp://${address}` }, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `enginekit: ${join(dir, ".enginekit.yaml")}:2:19: engine.connectTimeout: expected a duration like 10s, 2m or 500ms, or a number of seconds\n`,
    );
  });
});
