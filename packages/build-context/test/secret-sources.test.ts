/** The forms of `--secret` and `--ssh` (docker buildx's, and enginekit's `svc=`), and their one-line refusals. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSecretFlag, parseSshFlag, readSecrets } from "../src/index.js";

describe("--secret", () => {
  it("reads the forms buildx accepts and svc=", () => {
    expect(parseSecretFlag("id=npm,src=.npmrc")).toEqual({ id: "npm", kind: "file", path: ".npmrc" });
    expect(parseSecretFlag("id=npm,source=/x")).toEqual({ id: "npm", kind: "file", path: "/x" });
    expect(parseSecretFlag("id=tok,env=GITHUB_TOKEN")).toEqual({
      id: "tok",
      kind: "env",
      variable: "GITHUB_TOKEN",
    });
    expect(parseSecretFlag("env=GITHUB_TOKEN")).toEqual({
      id: "GITHUB_TOKEN",
      kind: "env",
      variable: "GITHUB_TOKEN",
    });
    expect(parseSecretFlag("id=T,type=env")).toEqual({ id: "T", kind: "env", variable: "T" });
    expect(parseSecretFlag("id=npm,svc=secret/ci#npmrc")).toEqual({
      id: "npm",
      kind: "svc",
      location: "secret/ci",
      field: "npmrc",
    });
    expect(parseSecretFlag("id=npm,svc=svc:secret/data/ci#npmrc")).toMatchObject({
      location: "secret/data/ci",
    });
  });

  it("refuses malformed values in one line", () => {
    expect(() => parseSecretFlag("src=x")).toThrow('--secret "src=x": id= is required');
    expect(() => parseSecretFlag("id=a,svc=secret/ci")).toThrow("expected svc=<mount>/<path>#<field>");
    expect(() => parseSecretFlag("id=a,src=x,env=Y")).toThrow("give one of src=, env= and svc=");
    expect(() => parseSecretFlag("id=a,required")).toThrow('expected key=value, not "required"');
    expect(() => parseSecretFlag("id=a b,env=X")).toThrow("the id may hold letters");
  });
});

describe("secret values", () => {
  it("reads a file up to BuildKit's 500 KiB and refuses a larger file or an endless stream in one line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ek-secret-"));
    try {
      writeFileSync(join(dir, "max"), Buffer.alloc(500 * 1024, 1));
      writeFileSync(join(dir, "over"), Buffer.alloc(500 * 1024 + 1, 1));
      const read = (path: string) =>
        readSecrets([{ id: "s", kind: "file", path }], { cwd: dir, env: {}, secrets: () => ({}) as never });
      expect((await read("max")).get("s")!.length).toBe(500 * 1024);
      await expect(read("over")).rejects.toThrow(
        "--secret id=s: over is larger than the 500 KiB a secret file may hold (BuildKit's limit)",
      );
      // not a regular file, so no size to go by: read no further than the limit
      await expect(read("/dev/zero")).rejects.toThrow("/dev/zero is larger than the 500 KiB");
      await expect(read("missing")).rejects.toThrow("--secret id=s: cannot read missing (ENOENT)");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("--ssh", () => {
  it("takes SSH_AUTH_SOCK for default and ID, a socket for ID=PATH, and refuses what is no key file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ek-ssh-"));
    const socket = join(dir, "agent.sock");
    const agent = createServer();
    await new Promise<void>((resolve) => agent.listen(socket, resolve));
    try {
      expect(await parseSshFlag("default", { SSH_AUTH_SOCK: socket }, dir)).toEqual({
        id: "default",
        socket,
      });
      expect(await parseSshFlag("deploy=agent.sock", {}, dir)).toEqual({ id: "deploy", socket });
      await expect(parseSshFlag("default", {}, dir)).rejects.toThrow("SSH_AUTH_SOCK is not set");
      writeFileSync(join(dir, "id_ed25519"), "key");
      await expect(parseSshFlag("x=id_ed25519", {}, dir)).rejects.toThrow(
        "id_ed25519: not an agent socket nor a private key enginekit can read",
      );
      await expect(parseSshFlag("x=a,b", {}, dir)).rejects.toThrow("a does not exist");
      await expect(parseSshFlag("x=agent.sock,agent.sock", {}, dir)).rejects.toThrow(
        "one agent socket per id, without key files",
      );
    } finally {
      agent.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
