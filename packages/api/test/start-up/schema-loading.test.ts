/**
 * Start-up (src/lazy-schema.ts): creating a client, and making the calls `enginekit build` makes, must not
 * evaluate zod schema modules those calls do not need. Every module of `src/` that imports zod as a value
 * (and zod itself) is watched through `vi.doMock` with a factory that records its evaluation and returns the
 * real module, so a static value import of a schema slipped into a client module fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { describe, expect, test, vi } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../../vitest.shared.js";
// Type-only: erased, so it does not evaluate the client before the watch is set up.
import type { EngineClient } from "../../src/engine/client/index.js";
import { sendJson, startLoopbackServer } from "../engine-client/loopback-server.js";
import { engineHost, IMAGE, tarOf } from "../engine-integration/engine.js";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));

/** `src/`-relative paths of the modules that build zod schemas when evaluated (they import `z` as a value). */
function schemaModules(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return schemaModules(path);
    const text = entry.name.endsWith(".ts") ? readFileSync(path, "utf8") : "";
    return /^import \{[^}]*\bz\b[^}]*\} from "zod";$/m.test(text) ? [relative(SRC, path)] : [];
  });
}
const SCHEMA_MODULES = schemaModules();

/**
 * A fresh module registry in which evaluating zod or any schema module is recorded; `load` imports the
 * entry under test (a literal `import()` the test runner can resolve).
 */
async function watchedImport<M>(load: () => Promise<M>): Promise<{ module: M; evaluated: Set<string> }> {
  vi.resetModules();
  const evaluated = new Set<string>();
  vi.doMock("zod", async (importOriginal) => {
    evaluated.add("zod");
    return importOriginal();
  });
  for (const file of SCHEMA_MODULES) {
    vi.doMock(join(SRC, file), async (importOriginal) => {
      evaluated.add(file);
      return importOriginal();
    });
  }
  return { module: await load(), evaluated };
}

/** The recorded modules, sorted (for exact comparisons). */
const sorted = (evaluated: Set<string>) => [...evaluated].sort();

test("the watch list holds the schema modules (and not the clients)", () => {
  expect(SCHEMA_MODULES).toContain("engine/schemas/host-config.ts");
  expect(SCHEMA_MODULES).toContain("secrets/schemas/kv.ts");
  expect(SCHEMA_MODULES.filter((file) => file.includes("/client/"))).toEqual([]);
});

test("importing the client modules and creating an EngineClient evaluates neither zod nor any schema", async () => {
  const { module, evaluated } = await watchedImport(() => import("../../src/engine/client/index.js"));
  const client = new module.EngineClient({ host: "unix:///nonexistent/engine.sock" });
  expect(client.images).toBeDefined();
  await client.close();
  expect(sorted(evaluated)).toEqual([]);
});

test("the POST /build query schema builds its own helpers, not HostConfig or the response schemas", async () => {
  const { module, evaluated } = await watchedImport(
    () => import("../../src/engine/schemas/queries/images.js"),
  );
  expect(module.BuildQuery.safeParse({ dockerfile: "Enginefile", cpuperiod: 10 }).success).toBe(false);
  expect(sorted(evaluated)).toEqual([
    "engine/schemas/common.ts",
    "engine/schemas/formats.ts",
    "engine/schemas/limits.ts",
    "engine/schemas/queries/images.ts",
    "engine/schemas/queries/query-fields.ts",
    "engine/schemas/request-object.ts",
    "meta.ts",
    "zod",
  ]);
});

describe("calls against the real engine", skipIf(!engineHost, NEEDS_ENGINE), () => {
  const context = () => tarOf({ Enginefile: `FROM ${IMAGE}\nLABEL enginekit.test=schema-loading\n` });

  /** Runs a build and returns its messages (throws on an in-stream error). */
  async function build(client: EngineClient): Promise<unknown[]> {
    const messages: unknown[] = [];
    for await (const message of await client.images.build(context(), { dockerfile: "Enginefile" })) {
      messages.push(message);
    }
    return messages;
  }

  test("without validateResponses: version negotiation, version, info and a build evaluate no schema", async () => {
    if (!engineHost) throw new Error(NO_ENGINE_MESSAGE);
    const { module, evaluated } = await watchedImport(() => import("../../src/engine/client/index.js"));
    const client = new module.EngineClient({ host: engineHost, onWarning: () => {} });
    try {
      expect((await client.apiVersion()).version).toMatch(/^\d+\.\d+$/);
      expect((await client.system.version()).ApiVersion).toBeDefined();
      expect((await client.system.info()).ID).toBeDefined();
      expect((await build(client)).length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
    expect(sorted(evaluated)).toEqual([]);
  });

  test("with validateResponses: each call evaluates its own response schema module only", async () => {
    if (!engineHost) throw new Error(NO_ENGINE_MESSAGE);
    const { module, evaluated } = await watchedImport(() => import("../../src/engine/client/index.js"));
    const client = new module.EngineClient({
      host: engineHost,
      onWarning: () => {},
      validateResponses: true,
    });
    try {
      await client.apiVersion();
      expect(sorted(evaluated)).toEqual([]);
      await client.system.version();
      expect(sorted(evaluated)).toEqual([
        "engine/schemas/common.ts",
        "engine/schemas/request-object.ts",
        "engine/schemas/system.ts",
        "meta.ts",
        "zod",
      ]);
      evaluated.clear();
      await build(client);
      expect(sorted(evaluated)).toEqual(["engine/schemas/stream.ts"]);
    } finally {
      await client.close();
    }
  });
});

test("a SecretsClient evaluates no schema until a call, then only the schemas of that call", async () => {
  const server = await startLoopbackServer((request, response) => {
    expect(request.url).toBe("/v1/secret/app/db");
    sendJson(response, 200, {
      request_id: "0f6f5b0e-0000-4000-8000-000000000000",
      lease_id: "",
      renewable: false,
      lease_duration: 2_764_800,
      data: { password: "not-a-real-secret" },
      wrap_info: null,
      warnings: null,
      auth: null,
    });
  });
  try {
    const { module, evaluated } = await watchedImport(() => import("../../src/secrets/client/index.js"));
    const client = new module.SecretsClient({
      address: server.host.replace("tcp://", "http://"),
      token: "test-token",
      kvVersions: { "secret/": 1 },
      env: {},
    });
    expect(sorted(evaluated)).toEqual([]);
    const secret = await client.kv.read("secret/app/db");
    expect(secret?.data).toEqual({ password: "not-a-real-secret" });
    await client.close();
    expect(sorted(evaluated)).toEqual([
      "meta.ts",
      "secrets/schemas/envelope.ts",
      "secrets/schemas/kv.ts",
      "zod",
    ]);
  } finally {
    await server.close();
  }
});
