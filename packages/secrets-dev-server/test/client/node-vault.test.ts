/**
 * A widely used third-party client, `node-vault`, against the dev server over real HTTP with its defaults
 * (`X-Vault-Token`, the `LIST` verb, `/v1/` paths): writing, reading, listing and deleting KV v1 and KV v2
 * secrets, and a namespace through `X-Vault-Namespace` (docs/secrets.md decision 9).
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startServer } from "./fixture.js";

interface NodeVaultClient {
  write(path: string, data: object): Promise<unknown>;
  read(path: string): Promise<{ data: Record<string, unknown> }>;
  list(path: string): Promise<{ data: { keys: string[] } }>;
  delete(path: string): Promise<unknown>;
}
type NodeVault = (options: {
  apiVersion: string;
  endpoint: string;
  token: string;
  namespace?: string;
}) => NodeVaultClient;

const nodeVault = createRequire(import.meta.url)("node-vault") as NodeVault;

let server: DevServer;
let vault: NodeVaultClient;
beforeAll(async () => {
  server = await startServer();
  vault = nodeVault({ apiVersion: "v1", endpoint: server.address, token: server.rootToken });
});
afterAll(() => server.close());

describe("node-vault with its defaults", () => {
  it("KV v2 (secret/): write, read, list, delete", async () => {
    await vault.write("secret/data/nv/app", { data: { user: "nv", password: "nv-pass" } });
    const read = await vault.read("secret/data/nv/app");
    expect(read.data.data).toEqual({ user: "nv", password: "nv-pass" });
    expect(read.data.metadata).toMatchObject({ version: 1 });
    await vault.write("secret/data/nv/other", { data: { a: "1" } });
    expect((await vault.list("secret/metadata/nv")).data.keys.sort()).toEqual(["app", "other"]);
    await vault.delete("secret/data/nv/app");
    await expect(vault.read("secret/data/nv/app")).rejects.toMatchObject({ response: { statusCode: 404 } });
  });

  it("KV v1 (kv/): write, read, list, delete", async () => {
    await vault.write("kv/nv/one", { key: "v1-value" });
    expect((await vault.read("kv/nv/one")).data).toEqual({ key: "v1-value" });
    await vault.write("kv/nv/sub/two", { key: "x" });
    expect((await vault.list("kv/nv")).data.keys.sort()).toEqual(["one", "sub/"]);
    await vault.delete("kv/nv/one");
    await expect(vault.read("kv/nv/one")).rejects.toMatchObject({ response: { statusCode: 404 } });
  });

  it("a namespace through X-Vault-Namespace reaches that namespace's mounts", async () => {
    const scoped = nodeVault({
      apiVersion: "v1",
      endpoint: server.address,
      token: server.rootToken,
      namespace: "team-a/dev",
    });
    expect((await scoped.read("secret/data/svc")).data.data).toEqual({ a: "b" });
  });

  it("a wrong token is refused with 403", async () => {
    const wrong = nodeVault({ apiVersion: "v1", endpoint: server.address, token: "not-a-token" });
    await expect(wrong.read("secret/data/app/db")).rejects.toMatchObject({ response: { statusCode: 403 } });
  });
});
