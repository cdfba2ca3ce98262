/**
 * Test fixture: the real dev server (packages/secrets-dev-server, imported by path because it depends on
 * this package) over real HTTP on 127.0.0.1, and clients pointed at it with fast retry settings.
 */

import { SecretsClient, type SecretsClientOptions } from "@enginekit/api";
import { afterAll, beforeAll } from "vitest";
import { type DevServer, type DevServerOptions, startDevServer } from "../../src/index.js";

export type { DevServer };

/** Secrets, policies and logins every client test can rely on. Values are test data. */
export const TEST_SEED = {
  namespaces: ["team-a/", "team-a/dev/"],
  secrets: {
    "secret/app/db": { username: "app", password: "s3cr3t-db-password" },
    "secret/app/cache": { url: "redis://cache:6379" },
    "secret/app/nested/deep": { k: "v" },
    "secret/ci/registry": { username: "ci", password: "ci-registry-password" },
    "kv/legacy/api": { api_key: "legacy-api-key-value" },
    "team-a/dev/secret/svc": { a: "b" },
  },
  policies: {
    "app-read": [
      { path: "secret/data/app/*", capabilities: ["read" as const] },
      { path: "secret/metadata/app/*", capabilities: ["list" as const] },
    ],
  },
  users: { alice: { password: "alice-password-123", policies: ["app-read"] } },
  approles: { ci: { role_id: "ci-role-id", secret_id: "ci-secret-id-456", policies: ["app-read"] } },
};

/** Starts a dev server with {@link TEST_SEED} (plus `options`). */
export function startServer(options: DevServerOptions = {}): Promise<DevServer> {
  return startDevServer({ seed: TEST_SEED, ...options });
}

/** A client for `server` with the root token, no environment and millisecond retry waits. */
export function clientFor(server: DevServer, options: SecretsClientOptions = {}): SecretsClient {
  return new SecretsClient({
    address: server.address,
    token: server.rootToken,
    env: {},
    homeDir: "/nonexistent",
    caCertPem: server.caCertPem,
    retry: { maxRetries: 2, minWaitMs: 5, maxWaitMs: 10, maxElapsedMs: 2000 },
    ...options,
  });
}

/** A dev server and a root client shared by the tests of one file (started before, closed after them). */
export function useDevServer(options: DevServerOptions = {}): { server: DevServer; client: SecretsClient } {
  const ctx = {} as { server: DevServer; client: SecretsClient };
  beforeAll(async () => {
    ctx.server = await startServer(options);
    ctx.client = clientFor(ctx.server);
  });
  afterAll(async () => {
    await ctx.client.close();
    await ctx.server.close();
  });
  return ctx;
}
