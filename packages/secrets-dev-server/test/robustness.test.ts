import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";
import { call } from "./helpers.js";

let server: DevServer;
beforeAll(async () => {
  server = await startDevServer({ seed: { secrets: { "secret/a/b": { k: "v" }, "kv/a/b": { k: "v" } } } });
});
afterAll(() => server.close());

const pathSegment = fc.oneof(
  fc.constantFrom(
    "secret",
    "kv",
    "sys",
    "auth",
    "data",
    "metadata",
    "delete",
    "undelete",
    "destroy",
    "config",
    "a",
    "b",
    "",
    "token",
    "internal",
    "ui",
    "mounts",
    "namespaces",
    "userpass",
    "login",
    "approle",
  ),
  fc.string({ maxLength: 6 }).map(encodeURIComponent),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.json(),
  fc.string({ maxLength: 20 }),
  fc
    .record(
      { data: fc.jsonValue(), options: fc.jsonValue(), versions: fc.jsonValue(), password: fc.jsonValue() },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
);

test("no request, however malformed, makes the dev server answer 500 or stop answering", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("GET", "POST", "PUT", "DELETE", "LIST", "PATCH", "HEAD", "OPTIONS"),
      fc.array(pathSegment, { maxLength: 5 }),
      fc.constantFrom("", "?list=true", "?list=x", "?help=1", "?version=abc", "?version=1"),
      body,
      fc.boolean(),
      async (method, segments, query, payload, withToken) => {
        const res = await call(server, method, `${segments.join("/")}${query}`, {
          body: method === "GET" || method === "HEAD" ? undefined : payload,
          token: withToken ? undefined : null,
          headers: { "content-type": "application/merge-patch+json" },
        });
        expect(res.status).toBeGreaterThanOrEqual(200);
        expect(res.status).not.toBe(500);
      },
    ),
    { numRuns: 300 },
  );
  expect((await call(server, "GET", "secret/data/a/b")).status).toBe(200);
});
