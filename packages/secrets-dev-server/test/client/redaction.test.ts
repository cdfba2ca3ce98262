import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import type { SecretsClient } from "@enginekit/api";
import { afterAll, beforeAll, expect, test } from "vitest";
import { clientFor, type DevServer, startServer, TEST_SEED } from "./fixture.js";

let server: DevServer;
beforeAll(async () => {
  server = await startServer({ rootToken: "hvs.ROOT-TOKEN-must-not-leak" });
});
afterAll(() => server.close());

test("tokens and secret values appear in no error message, stack, log line or printed object", async () => {
  const WRITTEN = "written-value-must-not-leak";
  const secrets = [
    server.rootToken,
    WRITTEN,
    TEST_SEED.users.alice.password,
    TEST_SEED.approles.ci.secret_id,
    TEST_SEED.secrets["secret/app/db"].password,
    "hvs.bogus-token-must-not-leak",
  ];
  const seen: string[] = [];
  const logger = (line: string) => seen.push(line);
  const collect = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (error) {
      const e = error as Error;
      seen.push(e.message, e.stack ?? "", String(e), inspect(e, { depth: 10 }), JSON.stringify(e));
    }
  };
  const clients: SecretsClient[] = [];
  const make = (options: Parameters<typeof clientFor>[1] = {}) => {
    const c = clientFor(server, { logger, ...options });
    clients.push(c);
    return c;
  };

  const root = make();
  await root.kv.read("secret/app/db");
  await root.kv.write("secret/leak/x", { value: WRITTEN });
  // The service echoing a secret value or the token in an error must not leak it.
  server.failNext({
    status: 500,
    count: 3,
    errors: [`cannot store ${WRITTEN} for ${server.rootToken}`],
    pathPrefix: "secret/data/leak",
  });
  await collect(root.kv.write("secret/leak/x", { value: WRITTEN }));
  server.failNext({ status: 400, errors: [`bad token ${server.rootToken}`], pathPrefix: "secret/data/app" });
  await collect(root.kv.read("secret/app/db"));
  await collect(root.kv.read("secret/app./db"));
  await collect(root.kv.write("secret/leak/big", { value: WRITTEN, big: "x".repeat(33 * 1024 * 1024) }));
  await collect(make({ token: "hvs.bogus-token-must-not-leak" }).kv.list("secret/"));
  await collect(
    make({ token: "hvs.bogus-token-must-not-leak" }).loginWithToken("hvs.bogus-token-must-not-leak"),
  );
  await collect(make({ token: undefined }).loginUserpass("alice", `${TEST_SEED.users.alice.password}-wrong`));
  const alice = make({ token: undefined });
  const session = await alice.loginUserpass("alice", TEST_SEED.users.alice.password);
  const approle = make({ token: undefined });
  const roleSession = await approle.loginAppRole(
    TEST_SEED.approles.ci.role_id,
    TEST_SEED.approles.ci.secret_id,
  );
  await collect(alice.kv.read("secret/ci/registry"));
  seen.push(
    inspect(session),
    JSON.stringify(session),
    inspect(roleSession),
    inspect(await alice.lookupSelf()),
  );

  // TLS failure and timeout messages.
  const tls = await startServer({ tls: true, rootToken: server.rootToken });
  const tlsClient = clientFor(tls, { caCertPem: undefined, logger });
  clients.push(tlsClient);
  await collect(tlsClient.kv.read("secret/app/db"));
  const silent = createServer(() => {});
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  await collect(
    make({
      address: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      timeoutMs: 100,
      retry: { maxRetries: 0 },
    }).kv.read("secret/app/db"),
  );

  for (const c of clients)
    seen.push(
      inspect(c, { depth: 10, showHidden: true }),
      String(c),
      JSON.stringify(c),
      inspect(c.kv, { showHidden: true }),
    );
  expect(seen.length).toBeGreaterThan(40);
  expect(seen.some((s) => s.includes("[redacted]"))).toBe(true);
  const text = seen.join("\n");
  for (const secret of secrets) expect(text).not.toContain(secret);
  // The alice login token is not known to the test in advance: check it through lookup-self on the server side.
  for (const token of server.state.tokens.keys()) expect(text).not.toContain(token);

  for (const c of clients) await c.close();
  silent.closeAllConnections();
  silent.close();
  await tls.close();
});
