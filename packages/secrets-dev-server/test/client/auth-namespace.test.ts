import { SecretsApiError } from "@enginekit/api";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clientFor, type DevServer, startServer } from "./fixture.js";

let server: DevServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe("logins", () => {
  test("userpass: the returned client token is used for later calls", async () => {
    const c = clientFor(server, { token: undefined });
    expect(c.hasToken).toBe(false);
    const session = await c.loginUserpass("alice", "alice-password-123");
    expect(session).toMatchObject({
      policies: ["default", "app-read"],
      renewable: true,
      leaseDuration: 2764800,
      metadata: { username: "alice" },
    });
    expect(c.hasToken).toBe(true);
    expect((await c.kv.read("secret/app/db"))?.data).toMatchObject({ username: "app" });
    expect((await c.lookupSelf()).path).toBe("auth/userpass/login/alice");
    await c.close();
  });

  test("approle: role id and secret id give a token; a wrong secret id is 400", async () => {
    const c = clientFor(server, { token: undefined });
    await expect(c.loginAppRole("ci-role-id", "wrong")).rejects.toMatchObject({ status: 400 });
    await c.loginAppRole("ci-role-id", "ci-secret-id-456");
    expect(await c.kv.list("secret/app/")).toContain("db");
    await c.close();
  });

  test("token login checks the token with lookup-self; a bad one is 403 and the old token stays", async () => {
    const c = clientFor(server, { token: undefined });
    const info = await c.loginWithToken(server.rootToken);
    expect(info.policies).toEqual(["root"]);
    expect(info).not.toHaveProperty("id");
    const e = await c.loginWithToken("hvs.bogus").catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SecretsApiError);
    expect(e).toMatchObject({ status: 403 });
    expect((await c.lookupSelf()).policies).toEqual(["root"]);
    await c.close();
  });

  test("Authorization: Bearer works like X-Svc-Token", async () => {
    const c = clientFor(server, { tokenHeader: "bearer" });
    expect((await c.kv.read("secret/app/db"))?.data).toMatchObject({ username: "app" });
    await c.close();
  });
});

describe("namespaces", () => {
  test("namespace as header and as path prefix reach the same secrets, lists and mounts", async () => {
    const header = clientFor(server, { namespace: "team-a/dev" });
    const prefix = clientFor(server, { namespace: "team-a/dev/", namespaceMode: "prefix" });
    const parent = clientFor(server, { namespace: "team-a" });
    for (const c of [header, prefix]) {
      expect((await c.kv.read("secret/svc"))?.data).toEqual({ a: "b" });
      expect(await c.kv.list("secret/")).toEqual(["svc"]);
      expect(await c.kv.mount("secret/svc")).toEqual({ path: "secret/", version: 2 });
    }
    // Split between header and path: the preflight path carries the child namespace (research §4 step 8b).
    expect(await parent.kv.mount("dev/secret/svc")).toEqual({ path: "dev/secret/", version: 2 });
    expect((await parent.kv.read("dev/secret/svc"))?.data).toEqual({ a: "b" });
    expect(header.namespace).toBe("team-a/dev/");
    for (const c of [header, prefix, parent]) await c.close();
  });

  test("listNamespaces gives the child namespaces of the client's namespace", async () => {
    const root = clientFor(server);
    const teamA = clientFor(server, { namespace: "team-a/" });
    const dev = clientFor(server, { namespace: "team-a/dev/" });
    expect(await root.listNamespaces()).toEqual(["team-a/"]);
    expect(await teamA.listNamespaces()).toEqual(["dev/"]);
    expect(await dev.listNamespaces()).toEqual([]);
    for (const c of [root, teamA, dev]) await c.close();
  });

  test("SVC_NAMESPACE selects the namespace; the root namespace does not see it", async () => {
    const c = clientFor(server, { env: { SVC_NAMESPACE: "team-a/dev/" } });
    expect((await c.kv.read("secret/svc"))?.data).toEqual({ a: "b" });
    const root = clientFor(server);
    expect(await root.kv.read("secret/svc")).toBeUndefined();
    await c.close();
    await root.close();
  });
});
