import { SecretsClient } from "@enginekit/api";
import { type DevServer, startDevServer } from "@enginekit/secrets-dev-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkManifest, checkSecretReferences, type Finding, type SecretsReader } from "../src/index.js";
import { applyEdits, summary, textAt } from "./helpers.js";

const MANIFEST = [
  "Image: busybox",
  "Env:",
  "  - DB_USER=svc:secret/data/app/db#username", // ok on KV v2
  "  - DB_PASS=svc:secret/app/db#password", // KV v2 without data/
  '  - "API=svc:secret/data/app/db#passwrd"', // no such field
  "  - GONE=svc:secret/data/app/none#x", // no such secret
  "  - OLD=svc:kv/legacy/api#api_key", // ok on KV v1
  "  - BAD=svc:secret#x", // syntax problem: skipped online
  "Labels: {x: 'svc:nope/a/b#c'}", // unknown mount
  "",
].join("\n");

const SECRET_VALUES = ["app-user", "pw-1", "k-1"];

/** The online findings of MANIFEST against a reader. */
async function online(reader: SecretsReader): Promise<{ findings: Finding[]; text: string }> {
  const checked = checkManifest(MANIFEST, { fileName: "app.container.yaml" });
  const references = checked.documents.flatMap((d) => d.references);
  expect(references).toHaveLength(7);
  const findings = await checkSecretReferences(references, reader, { text: MANIFEST, lines: checked.lines });
  return { findings: findings.sort((a, b) => a.range.start.offset - b.range.start.offset), text: MANIFEST };
}

/** The expected online findings; the unknown mount `nope/` is refused with a 403 (permission denied). */
function expectOnlineFindings(findings: Finding[], text: string): void {
  expect(summary(findings)).toEqual([
    "secret-ref/kv2-path@3:12-3:38",
    "secret-ref/field-not-found@4:32-4:39",
    "secret-ref/not-found@5:9-5:35",
    "secret-ref/forbidden@8:13-8:27",
  ]);
  const [kv2, field, , away] = findings;
  expect(kv2!.message).toBe(
    '"secret/" is a KV version 2 mount: the reference must read svc:secret/data/app/db#password.',
  );
  expect(applyEdits(text, kv2!.fix!.edits)).toContain("  - DB_PASS=svc:secret/data/app/db#password\n");
  expect(field!.suggestion).toBe("password");
  expect(textAt(text, field!.range)).toBe("passwrd");
  expect(applyEdits(text, field!.fix!.edits)).toContain('"API=svc:secret/data/app/db#password"');
  expect(away!.severity).toBe("error");
  expect(away!.message).toBe(
    'The secrets service refused to look up the mount of "nope/a/b" (permission denied): nothing is stored there, or the token\'s policies do not allow reading it.',
  );
  for (const finding of findings) {
    for (const value of SECRET_VALUES) expect(finding.message).not.toContain(value);
  }
}

describe("checkSecretReferences against a fake reader", () => {
  const store: Record<string, Record<string, string>> = {
    "secret/app/db": { username: "app-user", password: "pw-1" },
    "kv/legacy/api": { api_key: "k-1" },
  };
  const reads: string[] = [];
  const fake: SecretsReader = {
    async mount(path) {
      if (path.startsWith("secret/")) return { path: "secret/", version: 2 };
      if (path.startsWith("kv/")) return { path: "kv/", version: 1 };
      // as SecretsApiError: the status of the service's answer
      throw Object.assign(new Error(`GET sys/internal/ui/mounts/${path}: 403 permission denied`), {
        status: 403,
      });
    },
    async read(path) {
      reads.push(path);
      const data = store[path];
      return data ? { data, deleted: false } : undefined;
    },
  };

  it("finds the KV v2 path without data/, missing secrets and fields, and refused mounts", async () => {
    const { findings, text } = await online(fake);
    expectOnlineFindings(findings, text);
    // one read per secret path, user paths without data/ (the client inserts it)
    expect(reads.sort()).toEqual(["kv/legacy/api", "secret/app/db", "secret/app/none"]);
  });

  it("offers the data/ fix inside a block scalar too (reference written verbatim)", async () => {
    const text =
      "Image: busybox\nCmd:\n  - sh\n  - -c\n  - |\n    login --token=svc:secret/app/db#username\n";
    const checked = checkManifest(text, { fileName: "a.container.yaml" });
    const findings = await checkSecretReferences(checked.documents[0]!.references, fake, {
      text,
      lines: checked.lines,
    });
    expect(summary(findings)).toEqual(["secret-ref/kv2-path@5:18-5:44"]);
    expect(applyEdits(text, findings[0]!.fix!.edits)).toContain(
      "login --token=svc:secret/data/app/db#username\n",
    );
  });

  it("never rejects: a reader that throws synchronously or answers nonsense gives findings", async () => {
    const text = "Env: [A=svc:secret/data/x#y, B=svc:kv/z#w]\n";
    const checked = checkManifest(text, { fileName: "a.container.yaml" });
    const broken: SecretsReader = {
      mount: (path) => {
        if (path.startsWith("kv/")) throw new TypeError("boom");
        return Promise.resolve({ path: "secret/", version: 2 });
      },
      read: () => {
        throw new Error("socket hang up");
      },
    };
    const findings = await checkSecretReferences(checked.documents[0]!.references, broken, {
      text,
      lines: checked.lines,
    });
    expect(findings.map((f) => [f.code, f.severity, f.message])).toEqual([
      ["secret-ref/unreachable", "warning", 'Could not read the secret at "secret/data/x": socket hang up'],
      ["secret-ref/unreachable", "warning", 'Could not look up the mount of "kv/z": boom'],
    ]);
    const odd: SecretsReader = { mount: fake.mount, read: async () => ({ data: undefined as never }) };
    const more = await checkSecretReferences(checked.documents[0]!.references.slice(0, 1), odd, {
      text,
      lines: checked.lines,
    });
    expect(more.map((f) => f.code)).toEqual(["secret-ref/not-found"]);
  });

  it("reports a deleted latest version as not found", async () => {
    const deleted: SecretsReader = { mount: fake.mount, read: async () => ({ data: null, deleted: true }) };
    const text = "Env: [A=svc:secret/data/x#y]\n";
    const checked = checkManifest(text, { fileName: "a.container.yaml" });
    const findings = await checkSecretReferences(checked.documents[0]!.references, deleted, {
      text,
      lines: checked.lines,
    });
    expect(findings.map((f) => f.message)).toEqual([
      'The latest version of the secret at "secret/data/x" is deleted.',
    ]);
  });
});

describe("checkSecretReferences against the real secrets dev server over HTTP", () => {
  let server: DevServer;
  let client: SecretsClient;
  beforeAll(async () => {
    server = await startDevServer({
      seed: {
        secrets: {
          "secret/app/db": { username: "app-user", password: "pw-1" },
          "kv/legacy/api": { api_key: "k-1" },
        },
      },
    });
    client = new SecretsClient({
      address: server.address,
      token: server.rootToken,
      env: {},
      homeDir: "/nonexistent",
      retry: { maxRetries: 0 },
      timeoutMs: 5000,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("gives the same findings with SecretsClient.kv as the reader", async () => {
    const reader: SecretsReader = client.kv; // type-checks: the real client satisfies the interface
    const { findings, text } = await online(reader);
    expectOnlineFindings(findings, text);
    expect(server.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
