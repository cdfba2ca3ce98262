import { SecretsApiError, SecretsUsageError } from "@enginekit/api";
import { describe, expect, test } from "vitest";
import { clientFor, useDevServer } from "./fixture.js";

const ctx = useDevServer();

describe("KV version detection", () => {
  test("the preflight finds the mount and version; it runs once per mount", async () => {
    const fresh = clientFor(ctx.server);
    const before = ctx.server.requestCount;
    expect(await fresh.kv.mount("secret/app/db")).toEqual({ path: "secret/", version: 2 });
    expect(await fresh.kv.mount("kv/legacy/api")).toEqual({ path: "kv/", version: 1 });
    const afterPreflights = ctx.server.requestCount;
    expect(afterPreflights - before).toBe(2);
    await fresh.kv.read("secret/app/db");
    await fresh.kv.list("secret/app/");
    await fresh.kv.read("kv/legacy/api");
    expect(ctx.server.requestCount - afterPreflights).toBe(3);
    await fresh.close();
  });

  test("concurrent calls on one mount share a single preflight", async () => {
    const fresh = clientFor(ctx.server);
    const before = ctx.server.requestCount;
    await Promise.all([
      fresh.kv.list("secret/"),
      fresh.kv.list("secret/app/"),
      fresh.kv.read("secret/app/db"),
    ]);
    expect(ctx.server.requestCount - before).toBe(4);
    await fresh.close();
  });

  test("a shared preflight aborted by one caller does not fail the others", async () => {
    const fresh = clientFor(ctx.server);
    const controller = new AbortController();
    const aborted = fresh.kv.list("secret/app/", { signal: controller.signal });
    const other = fresh.kv.list("secret/ci/");
    controller.abort(new Error("completion cancelled"));
    await expect(aborted).rejects.toThrow("completion cancelled");
    expect(await other).toEqual(["registry"]);
    await fresh.close();
  });

  test("kvVersions skips the preflight for that mount", async () => {
    const fresh = clientFor(ctx.server, { kvVersions: { secret: 2 } });
    const before = ctx.server.requestCount;
    expect(await fresh.kv.list("secret/app")).toEqual(["cache", "db", "nested/"]);
    expect(ctx.server.requestCount - before).toBe(1);
    await fresh.close();
  });

  test("a preflight denied with 403 stops with a permission error, never a guess", async () => {
    const limited = clientFor(ctx.server, { token: undefined });
    await limited.loginUserpass("alice", "alice-password-123");
    const error = await limited.kv.list("kv/legacy/").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretsApiError);
    expect(error).toMatchObject({ status: 403, kind: "permission-denied" });
    expect((error as Error).message).toMatch(/preflight/);
    await limited.close();
  });
});

describe("KV version 2", () => {
  test("read returns data and the version's metadata; missing is undefined", async () => {
    const secret = await ctx.client.kv.read("secret/app/db");
    expect(secret).toMatchObject({
      kvVersion: 2,
      data: { username: "app" },
      deleted: false,
      metadata: { version: 1 },
    });
    expect(await ctx.client.kv.read("secret/app/nothing")).toBeUndefined();
  });

  test("write makes versions (check-and-set), read a given version", async () => {
    const first = await ctx.client.kv.write("secret/versions/a", { v: "1" });
    expect(first?.version).toBe(1);
    expect((await ctx.client.kv.write("secret/versions/a", { v: "2" }, { cas: 1 }))?.version).toBe(2);
    await expect(ctx.client.kv.write("secret/versions/a", { v: "x" }, { cas: 1 })).rejects.toMatchObject({
      status: 400,
    });
    expect((await ctx.client.kv.read("secret/versions/a", { version: 1 }))?.data).toEqual({ v: "1" });
    expect((await ctx.client.kv.read("secret/versions/a"))?.data).toEqual({ v: "2" });
  });

  test("delete, undelete and destroy versions; a deleted version reads as deleted", async () => {
    await ctx.client.kv.write("secret/versions/b", { v: "1" });
    await ctx.client.kv.write("secret/versions/b", { v: "2" });
    await ctx.client.kv.delete("secret/versions/b");
    const deleted = await ctx.client.kv.read("secret/versions/b");
    expect(deleted).toMatchObject({ deleted: true, data: null });
    expect(deleted?.metadata?.deletion_time).not.toBe("");
    await ctx.client.kv.undelete("secret/versions/b", [2]);
    expect((await ctx.client.kv.read("secret/versions/b"))?.data).toEqual({ v: "2" });
    await ctx.client.kv.delete("secret/versions/b", { versions: [1] });
    expect((await ctx.client.kv.read("secret/versions/b", { version: 1 }))?.deleted).toBe(true);
    await ctx.client.kv.destroy("secret/versions/b", [1]);
    expect((await ctx.client.kv.read("secret/versions/b", { version: 1 }))?.metadata?.destroyed).toBe(true);
  });

  test("metadata read/write/delete", async () => {
    await ctx.client.kv.write("secret/meta/x", { a: "1" });
    await ctx.client.kv.writeMetadata("secret/meta/x", {
      max_versions: 3,
      custom_metadata: { owner: "team-a" },
    });
    const meta = await ctx.client.kv.readMetadata("secret/meta/x");
    expect(meta).toMatchObject({ max_versions: 3, current_version: 1, custom_metadata: { owner: "team-a" } });
    expect(Object.keys(meta?.versions ?? {})).toEqual(["1"]);
    await ctx.client.kv.deleteMetadata("secret/meta/x");
    expect(await ctx.client.kv.readMetadata("secret/meta/x")).toBeUndefined();
  });

  test("mount config read/write", async () => {
    await ctx.client.kv.writeConfig("secret", { max_versions: 7 });
    expect(await ctx.client.kv.readConfig("secret/")).toMatchObject({ max_versions: 7, cas_required: false });
    await ctx.client.kv.writeConfig("secret", { max_versions: 0 });
  });

  test("list: folders end in /; an empty or missing folder is an empty list; LIST verb works too", async () => {
    expect(await ctx.client.kv.list("secret/")).toEqual(expect.arrayContaining(["app/", "ci/"]));
    expect(await ctx.client.kv.list("secret/app")).toEqual(["cache", "db", "nested/"]);
    expect(await ctx.client.kv.list("secret/no/such/folder/")).toEqual([]);
    const listVerb = clientFor(ctx.server, { listMethod: "list" });
    expect(await listVerb.kv.list("secret/app/")).toEqual(["cache", "db", "nested/"]);
    expect(await listVerb.kv.list("secret/empty/")).toEqual([]);
    await listVerb.close();
  });

  test("names with spaces, # and ? are encoded per segment and round-trip", async () => {
    await ctx.client.kv.write("secret/odd names/a b#c?d", { ok: "yes" });
    expect((await ctx.client.kv.read("secret/odd names/a b#c?d"))?.data).toEqual({ ok: "yes" });
    expect(await ctx.client.kv.list("secret/odd names/")).toEqual(["a b#c?d"]);
  });
});

describe("KV version 1", () => {
  test("read, write, list, delete without versions", async () => {
    expect((await ctx.client.kv.read("kv/legacy/api"))?.data).toEqual({ api_key: "legacy-api-key-value" });
    expect(await ctx.client.kv.write("kv/legacy/new", { x: "1" })).toBeUndefined();
    expect(await ctx.client.kv.list("kv/legacy")).toEqual(["api", "new"]);
    await ctx.client.kv.delete("kv/legacy/new");
    expect(await ctx.client.kv.read("kv/legacy/new")).toBeUndefined();
  });

  test("version operations are refused on a version 1 mount", async () => {
    await expect(ctx.client.kv.undelete("kv/legacy/api", [1])).rejects.toBeInstanceOf(SecretsUsageError);
    await expect(ctx.client.kv.readMetadata("kv/legacy/api")).rejects.toThrow(/KV version 2/);
  });
});

describe("mounts and help", () => {
  test("listMounts gives the first path segments with their KV versions", async () => {
    const mounts = await ctx.client.listMounts();
    expect(mounts.map((m) => [m.path, m.kvVersion])).toEqual([
      ["secret/", 2],
      ["kv/", 1],
    ]);
  });

  test("help returns markdown and OpenAPI paths relative to the path", async () => {
    const help = await ctx.client.help("secret/");
    expect(help.help).toMatch(/## PATHS/);
    expect(Object.keys(help.openapi.paths)).toContain("/metadata/{path}");
  });
});
