import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_SEED_FILE, type DevServer, loadSeedFile, SeedError, startDevServer } from "../src/index.js";
import { call } from "./helpers.js";

const SEED = {
  namespaces: ["team-a/", "team-a/dev/"],
  secrets: {
    "secret/app/db": { username: "app", password: "pw-1" },
    "secret/app/nested/deep": { k: "v" },
    "kv/legacy/api": { api_key: "k-1" },
    "team-a/dev/secret/svc": { a: "b" },
  },
  policies: { "app-read": [{ path: "secret/data/app/*", capabilities: ["read" as const] }] },
  users: { alice: { password: "alice-pw", policies: ["app-read"] } },
  approles: { ci: { role_id: "role-1", secret_id: "sid-1", policies: ["app-read"] } },
};

describe("dev server over HTTP", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startDevServer({ seed: SEED });
  });
  afterAll(() => server.close());

  test("listens on 127.0.0.1 only", () => {
    expect(server.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  test("KV v2 read answers the research's envelope with data.data and data.metadata", async () => {
    const res = await call(server, "GET", "secret/data/app/db");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(Object.keys(res.body).sort()).toEqual(
      [
        "auth",
        "data",
        "lease_duration",
        "lease_id",
        "mount_type",
        "renewable",
        "request_id",
        "warnings",
        "wrap_info",
      ].sort(),
    );
    expect(res.body.data.data).toEqual({ username: "app", password: "pw-1" });
    expect(res.body.data.metadata).toMatchObject({
      version: 1,
      deletion_time: "",
      destroyed: false,
      custom_metadata: null,
    });
  });

  test("LIST and GET ?list=true give the same keys; folders end in /; empty folder is 404 {errors: []}", async () => {
    const viaList = await call(server, "LIST", "secret/metadata/app/");
    const viaGet = await call(server, "GET", "secret/metadata/app?list=true");
    expect(viaList.body.data.keys).toEqual(["db", "nested/"]);
    expect(viaGet.body.data.keys).toEqual(["db", "nested/"]);
    const empty = await call(server, "GET", "secret/metadata/nothing/?list=true");
    expect(empty).toMatchObject({ status: 404, body: { errors: [] } });
    expect((await call(server, "GET", "secret/metadata/app?list=maybe")).status).toBe(400);
  });

  test("KV v1 mount: write 204, read with the default lease, list, delete", async () => {
    expect((await call(server, "POST", "kv/new/one", { body: { a: "1" } })).status).toBe(204);
    const read = await call(server, "GET", "kv/new/one");
    expect(read.body).toMatchObject({ data: { a: "1" }, lease_duration: 2764800 });
    expect((await call(server, "LIST", "kv/")).body.data.keys).toEqual(["legacy/", "new/"]);
    expect((await call(server, "DELETE", "kv/new/one")).status).toBe(204);
    expect((await call(server, "GET", "kv/new/one")).body).toEqual({ errors: [] });
  });

  test("KV v2 versions: delete gives 404 with an envelope, undelete restores, destroy is permanent", async () => {
    await call(server, "PUT", "secret/data/ver/x", { body: { data: { v: "2" } } });
    const w = await call(server, "POST", "secret/data/ver/x", {
      body: { data: { v: "3" }, options: { cas: 1 } },
    });
    expect(w.body.data.version).toBe(2);
    expect(
      (await call(server, "POST", "secret/data/ver/x", { body: { data: {}, options: { cas: 1 } } })).status,
    ).toBe(400);
    await call(server, "POST", "secret/delete/ver/x", { body: { versions: [2] } });
    const deleted = await call(server, "GET", "secret/data/ver/x");
    expect(deleted.status).toBe(404);
    expect(deleted.body.data.data).toBeNull();
    expect(deleted.body.data.metadata.deletion_time).not.toBe("");
    await call(server, "POST", "secret/undelete/ver/x", { body: { versions: [2] } });
    expect((await call(server, "GET", "secret/data/ver/x")).body.data.data).toEqual({ v: "3" });
    await call(server, "POST", "secret/destroy/ver/x", { body: { versions: [1] } });
    const v1 = await call(server, "GET", "secret/data/ver/x?version=1");
    expect(v1.body.data.metadata.destroyed).toBe(true);
    const meta = await call(server, "GET", "secret/metadata/ver/x");
    expect(meta.body.data).toMatchObject({
      current_version: 2,
      versions: { "1": { destroyed: true }, "2": { destroyed: false } },
    });
  });

  test("PATCH merges into a new version and needs the merge-patch content type", async () => {
    await call(server, "POST", "secret/data/patch/x", { body: { data: { a: "1", b: "2" } } });
    const wrongType = await call(server, "PATCH", "secret/data/patch/x", { body: { data: { a: "3" } } });
    expect(wrongType.status).toBe(415);
    const patched = await call(server, "PATCH", "secret/data/patch/x", {
      body: { data: { a: "3", b: null } },
      headers: { "content-type": "application/merge-patch+json" },
    });
    expect(patched.body.data.version).toBe(2);
    expect((await call(server, "GET", "secret/data/patch/x")).body.data.data).toEqual({ a: "3" });
  });

  test("v1-style path on a v2 mount is 404 with a warning; LIST on data/ is 405", async () => {
    const res = await call(server, "GET", "secret/app/db");
    expect(res.status).toBe(404);
    expect(res.body.warnings[0]).toMatch(/versioned K\/V/);
    expect((await call(server, "LIST", "secret/data/app/")).status).toBe(405);
  });

  test("unsupported methods are 405; a segment ending in a period is 404; %2F is not a separator", async () => {
    expect((await call(server, "OPTIONS", "secret/data/app/db")).status).toBe(405);
    expect(await call(server, "GET", "secret/data/app./db")).toMatchObject({
      status: 404,
      body: { errors: ["unsupported path"] },
    });
    expect((await call(server, "GET", "secret/data/app%2Fdb")).status).toBe(404);
    expect((await call(server, "GET", "secret/data/app/db")).status).toBe(200);
  });

  test("request bodies over 32 MiB are refused with 413", async () => {
    const big = `{"data":{"x":"${"a".repeat(32 * 1024 * 1024)}"}}`;
    const res = await call(server, "POST", "secret/data/big", { body: big });
    expect(res.status).toBe(413);
    expect((await call(server, "GET", "secret/data/big")).status).toBe(404);
  });

  test("no token or a bad token is 403; an ACL denial is 403 even for unknown paths", async () => {
    expect((await call(server, "GET", "secret/data/app/db", { token: null })).status).toBe(403);
    expect((await call(server, "GET", "secret/data/app/db", { token: "hvs.wrong" })).body.errors).toContain(
      "invalid token",
    );
    const login = await call(server, "POST", "auth/userpass/login/alice", {
      token: null,
      body: { password: "alice-pw" },
    });
    const token = login.body.auth.client_token as string;
    expect(login.body.auth).toMatchObject({ policies: ["default", "app-read"], renewable: true });
    expect((await call(server, "GET", "secret/data/app/db", { token })).status).toBe(200);
    expect((await call(server, "GET", "secret/data/ci/x", { token })).status).toBe(403);
    expect((await call(server, "GET", "nomount/x", { token })).status).toBe(403);
    expect((await call(server, "GET", "nomount/x")).status).toBe(404);
  });

  test("logins: wrong password 400; approle; lookup-self; token create limits policies", async () => {
    expect(
      (await call(server, "POST", "auth/userpass/login/alice", { token: null, body: { password: "x" } }))
        .status,
    ).toBe(400);
    const role = await call(server, "POST", "auth/approle/login", {
      token: null,
      body: { role_id: "role-1", secret_id: "sid-1" },
    });
    expect(role.status).toBe(200);
    const self = await call(server, "GET", "auth/token/lookup-self", { token: role.body.auth.client_token });
    expect(self.body.data).toMatchObject({ policies: ["app-read"], path: "auth/approle/login" });
    const child = await call(server, "POST", "auth/token/create", {
      body: { policies: ["app-read"], ttl: "1h" },
    });
    expect(child.body.auth.lease_duration).toBe(3600);
  });

  test("preflight: mount path and options.version; 403 for unknown mounts and no access", async () => {
    const v2 = await call(server, "GET", "sys/internal/ui/mounts/secret/app/db");
    expect(v2.body.data).toMatchObject({ path: "secret/", type: "kv", options: { version: "2" } });
    const v1 = await call(server, "GET", "sys/internal/ui/mounts/kv");
    expect(v1.body.data).toMatchObject({ path: "kv/", options: { version: "1" } });
    expect((await call(server, "GET", "sys/internal/ui/mounts/nomount/x")).status).toBe(403);
    const role = await call(server, "POST", "auth/approle/login", {
      token: null,
      body: { role_id: "role-1", secret_id: "sid-1" },
    });
    const token = role.body.auth.client_token;
    expect((await call(server, "GET", "sys/internal/ui/mounts/kv/legacy", { token })).status).toBe(403);
    const all = await call(server, "GET", "sys/internal/ui/mounts", { token });
    expect(Object.keys(all.body.data.secret)).toEqual(["secret/"]);
    expect((await call(server, "GET", "sys/mounts", { token })).status).toBe(403);
    const mounts = await call(server, "GET", "sys/mounts");
    expect(mounts.body["secret/"]).toMatchObject({ type: "kv", options: { version: "2" } });
    expect(mounts.body.data["kv/"]).toMatchObject({ type: "kv", options: { version: "1" } });
  });

  test("namespaces: header and path prefix split any way reach the same secret", async () => {
    const byPrefix = await call(server, "GET", "team-a/dev/secret/data/svc");
    const byHeader = await call(server, "GET", "secret/data/svc", {
      headers: { "X-Svc-Namespace": "team-a/dev" },
    });
    const split = await call(server, "GET", "dev/secret/data/svc", {
      headers: { "X-Svc-Namespace": "team-a/" },
    });
    for (const r of [byPrefix, byHeader, split]) expect(r.body.data.data).toEqual({ a: "b" });
    expect((await call(server, "GET", "secret/data/svc")).status).toBe(404);
    const pre = await call(server, "GET", "sys/internal/ui/mounts/dev/secret/svc", {
      headers: { "X-Svc-Namespace": "team-a/" },
    });
    expect(pre.body.data.path).toBe("dev/secret/");
  });

  test("help: OpenAPI paths are relative to the queried path", async () => {
    const mount = await call(server, "GET", "secret/?help=1");
    expect(Object.keys(mount.body.openapi.paths)).toContain("/data/{path}");
    const data = await call(server, "GET", "secret/data/?help=1");
    expect(Object.keys(data.body.openapi.paths)).toEqual(["/{path}"]);
    const leaf = await call(server, "GET", "secret/data/app/db?help=1");
    expect(Object.keys(leaf.body.openapi.paths)).toEqual(["/"]);
    expect(typeof leaf.body.help).toBe("string");
    expect((await call(server, "GET", "secret/?help=1", { token: null })).status).toBe(403);
  });

  test("faults: queued statuses with Retry-After are answered, then normal service resumes", async () => {
    server.failNext({ status: 429, retryAfterSeconds: 2, pathPrefix: "secret/" });
    const limited = await call(server, "GET", "secret/data/app/db");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("2");
    expect((await call(server, "GET", "secret/data/app/db")).status).toBe(200);
  });
});

describe("dev server states", () => {
  test("not initialised → 501; init → sealed 503; unseal → unsealed; health codes follow", async () => {
    const server = await startDevServer({ state: "uninitialized" });
    try {
      expect((await call(server, "GET", "secret/data/x")).status).toBe(501);
      expect((await call(server, "GET", "sys/health", { token: null })).status).toBe(501);
      const init = await call(server, "PUT", "sys/init", {
        token: null,
        body: { secret_shares: 1, secret_threshold: 1 },
      });
      expect(init.body.root_token).toBe(server.rootToken);
      expect((await call(server, "GET", "secret/data/x")).body).toEqual({ errors: ["service is sealed"] });
      expect((await call(server, "GET", "sys/seal-status", { token: null })).body).toMatchObject({
        initialized: true,
        sealed: true,
      });
      expect((await call(server, "PUT", "sys/unseal", { token: null, body: { key: "00" } })).status).toBe(
        400,
      );
      const unsealed = await call(server, "PUT", "sys/unseal", {
        token: null,
        body: { key: init.body.keys[0] },
      });
      expect(unsealed.body.sealed).toBe(false);
      expect((await call(server, "GET", "sys/health", { token: null })).status).toBe(200);
      expect((await call(server, "POST", "sys/seal")).status).toBe(204);
      expect((await call(server, "GET", "sys/health", { token: null })).status).toBe(503);
    } finally {
      await server.close();
    }
  });
});

describe("seed files", () => {
  test("the shipped demo seed loads and has the documented secrets", async () => {
    const server = await startDevServer({ seed: DEMO_SEED_FILE });
    try {
      expect((await call(server, "LIST", "secret/metadata/")).body.data.keys).toEqual(["app/", "ci/"]);
      expect((await call(server, "GET", "kv/legacy/api")).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test("errors name file, line and column", () => {
    const dir = new URL("./fixtures/", import.meta.url).pathname;
    expect(() => loadSeedFile(`${dir}bad-capability.yaml`)).toThrow(
      /bad-capability\.yaml:4:\d+: unknown capability "fly"/,
    );
    expect(() => loadSeedFile(`${dir}bad-syntax.yaml`)).toThrow(SeedError);
    expect(() => loadSeedFile(`${dir}bad-syntax.yaml`)).toThrow(/bad-syntax\.yaml:\d+:\d+: /);
  });
});
