import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { type DevServer, startDevServer } from "@enginekit/secrets-dev-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CliIo } from "../src/io.js";
import { runCli } from "../src/program.js";
import { runCaptured } from "./run-in-process.js";

const SEED = {
  secrets: {
    "secret/app/db": { username: "app", password: "cli-test-db-password" },
    "secret/app/nested/x": { a: "cli-test-nested-value" },
    "kv/legacy/api": { api_key: "cli-test-legacy-key" },
  },
  policies: { nothing: [{ path: "other/*", capabilities: ["read" as const] }] },
  tokens: [{ id: "hvs.cli-limited-token", policies: ["nothing"] }],
};

describe("enginekit secrets ls", () => {
  let server: DevServer;
  let home: string;
  beforeAll(async () => {
    server = await startDevServer({ seed: SEED });
    home = mkdtempSync(join(tmpdir(), "ek-secrets-home-"));
  });
  afterAll(() => server.close());
  const env = () => ({ SVC_ADDR: server.address, SVC_TOKEN: server.rootToken, HOME: home });

  test("lists a KV v2 folder (folders end in /) and never prints values", async () => {
    const res = await runCaptured(["secrets", "ls", "secret/app/"], env());
    expect(res).toMatchObject({ code: 0, stdout: "db\nnested/\n" });
    expect(res.stdout + res.stderr).not.toMatch(/cli-test-/);
  });

  test("lists a KV v1 folder and the mounts", async () => {
    expect((await runCaptured(["secrets", "ls", "kv/legacy"], env())).stdout).toBe("api\n");
    expect((await runCaptured(["secrets", "ls", "/"], env())).stdout).toBe("secret/\nkv/\n");
  });

  test("an empty or missing folder prints nothing and succeeds", async () => {
    expect(await runCaptured(["secrets", "ls", "secret/none/"], env())).toMatchObject({
      code: 0,
      stdout: "",
    });
  });

  test("the token file ~/.svc-token is used when SVC_TOKEN is unset", async () => {
    const tokenHome = mkdtempSync(join(tmpdir(), "ek-secrets-token-"));
    writeFileSync(join(tokenHome, ".svc-token"), `${server.rootToken}\n`);
    const res = await runCaptured(["secrets", "ls", "secret/"], {
      SVC_ADDR: server.address,
      HOME: tokenHome,
    });
    expect(res).toMatchObject({ code: 0, stdout: "app/\n" });
  });

  test("permission denied is one line with exit code 3 and no token", async () => {
    const res = await runCaptured(["secrets", "ls", "secret/app/"], {
      ...env(),
      SVC_TOKEN: "hvs.cli-limited-token",
    });
    expect(res.code).toBe(3);
    expect(res.stdout).toBe("");
    expect(res.stderr.trim().split("\n")).toHaveLength(1);
    expect(res.stderr).toMatch(
      /^enginekit: secrets service: GET sys\/internal\/ui\/mounts\/secret\/app\/: 403 permission denied/,
    );
    expect(res.stderr).not.toContain("hvs.cli-limited-token");
  });

  test("an unreachable service is exit code 3; a bad SVC_ADDR or SVC_SKIP_VERIFY is exit code 2", async () => {
    const closed = await startDevServer();
    const address = closed.address;
    await closed.close();
    const down = await runCaptured(["secrets", "ls", "secret/"], { ...env(), SVC_ADDR: address });
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/cannot reach the secrets service/);
    expect((await runCaptured(["secrets", "ls", "secret/"], { ...env(), SVC_ADDR: "ftp://x" })).code).toBe(2);
    expect(
      (await runCaptured(["secrets", "ls", "secret/"], { ...env(), SVC_SKIP_VERIFY: "maybe" })).code,
    ).toBe(2);
  }, 30_000);

  test("VAULT_ADDR and VAULT_TOKEN work without SVC_*; an unreadable ~/.vault-token is one line, exit 2", async () => {
    const res = await runCaptured(["secrets", "ls", "secret/app/"], {
      VAULT_ADDR: server.address,
      VAULT_TOKEN: server.rootToken,
      HOME: home,
    });
    expect(res).toMatchObject({ code: 0, stdout: "db\nnested/\n", stderr: "" });
    const badHome = mkdtempSync(join(tmpdir(), "ek-secrets-badhome-"));
    mkdirSync(join(badHome, ".vault-token"));
    const bad = await runCaptured(["secrets", "ls", "secret/"], {
      VAULT_ADDR: server.address,
      HOME: badHome,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      `enginekit: cannot read the token file ${join(badHome, ".vault-token")} (EISDIR)\n`,
    );
  });

  test("a path segment ending in a period is refused with exit code 3", async () => {
    const res = await runCaptured(["secrets", "ls", "secret/../"], env());
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/unsupported path/);
  });
});

describe("enginekit secrets dev", () => {
  /** Runs `enginekit secrets dev …` in-process and resolves once it printed its environment lines. */
  async function startDevCommand(args: string[]) {
    const out = { stdout: "", stderr: "" };
    const io: CliIo = {
      stdout: (text) => void (out.stdout += text),
      stderr: (text) => void (out.stderr += text),
      env: {},
      cwd: process.cwd(),
      isTTY: false,
      stdin: Readable.from([]),
    };
    const exit = runCli(["secrets", "dev", "--port", "0", ...args], io);
    const deadline = Date.now() + 10_000;
    while (!out.stdout.includes("SVC_TOKEN=") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const printed = Object.fromEntries(
      out.stdout
        .trim()
        .split("\n")
        .map((line) => line.split("=", 2) as [string, string]),
    );
    return { out, exit, printed };
  }

  test("starts the server, prints SVC_ADDR and SVC_TOKEN, serves the demo seed, stops on SIGINT", async () => {
    const { out, exit, printed } = await startDevCommand(["--seed"]);
    expect(out.stdout).toMatch(/^SVC_ADDR=http:\/\/127\.0\.0\.1:\d+\nSVC_TOKEN=hvs\.\S+\n$/);
    expect(out.stderr).toMatch(/seed .*demo\.yaml/);
    const listing = await runCaptured(["secrets", "ls", "secret/"], { ...printed, HOME: "/nonexistent" });
    expect(listing).toMatchObject({ code: 0, stdout: "app/\nci/\n" });
    process.emit("SIGINT");
    expect(await exit).toBe(0);
    expect(out.stderr).toMatch(/stopped/);
    expect((await runCaptured(["secrets", "ls", "secret/"], { ...printed, HOME: "/nonexistent" })).code).toBe(
      3,
    );
  }, 30_000);

  test("--tls serves HTTPS and prints SVC_CACERT; without it verification fails", async () => {
    const { out, exit, printed } = await startDevCommand(["--tls"]);
    expect(printed.SVC_ADDR).toMatch(/^https:\/\/127\.0\.0\.1:/);
    expect(printed.SVC_CACERT).toMatch(/\.pem$/);
    expect(await runCaptured(["secrets", "ls", "/"], { ...printed, HOME: "/nonexistent" })).toMatchObject({
      code: 0,
      stdout: "secret/\nkv/\n",
    });
    const { SVC_CACERT: _ca, ...withoutCa } = printed;
    const refused = await runCaptured(["secrets", "ls", "/"], { ...withoutCa, HOME: "/nonexistent" });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/TLS certificate verification failed/);
    process.emit("SIGINT");
    expect(await exit).toBe(0);
    expect(out.stderr).toMatch(/stopped/);
  }, 30_000);

  test("a bad seed file is exit code 2 naming file, line and column", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ek-seed-"));
    const file = join(dir, "seed.yaml");
    writeFileSync(file, "secrets:\n  secret/a: [1, 2]\n");
    const res = await runCaptured(["secrets", "dev", "--port", "0", "--seed", file], {});
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`${file}:2:`);
  });
});
