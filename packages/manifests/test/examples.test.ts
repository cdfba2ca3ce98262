import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EngineClient } from "@enginekit/api";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { checkManifest, KIND_KEYS } from "../src/index.js";
import { applyEdits } from "./helpers.js";

const EXAMPLES = join(import.meta.dirname, "../../../examples/manifests");
const read = (name: string) => readFileSync(join(EXAMPLES, name), "utf8");
const CLEAN = readdirSync(EXAMPLES).filter((name) => !name.startsWith("broken."));

describe("example manifests (examples/manifests, the README demo)", () => {
  it.each(CLEAN.filter((name) => name !== "stack.yaml"))("%s has no findings", (name) => {
    const result = checkManifest(read(name), { fileName: name });
    expect(result.findings).toEqual([]);
    expect(result.documents[0]!.kind).toBe(name.split(".")[1]);
  });

  it("stack.yaml holds a network, a volume and a container, each clean", () => {
    const result = checkManifest(read("stack.yaml"), { fileName: "stack.yaml" });
    expect(result.findings).toEqual([]);
    expect(result.documents.map((d) => [d.kind, d.kindSource])).toEqual([
      ["network", "kind-key"],
      ["volume", "kind-key"],
      ["container", "kind-key"],
    ]);
    expect(result.documents[2]!.references.map((r) => r.text)).toEqual(["svc:secret/data/db/root#password"]);
  });

  it("broken.container.yaml shows one finding per deliberate mistake", () => {
    const text = read("broken.container.yaml");
    const result = checkManifest(text, { fileName: "broken.container.yaml" });
    expect(
      result.findings.map(
        (f) => `${f.range.start.line + 1}:${f.range.start.character + 1} ${f.code} ${f.path.join(".")}`,
      ),
    ).toEqual([
      "5:17 secret/plain-value Env.0",
      "6:15 secret-ref/syntax Env.1",
      "7:31 secret-ref/syntax Env.2",
      "10:13 manifest/limit Healthcheck.Interval",
      "12:3 manifest/unknown-key HostConfig.Memroy",
      "13:15 manifest/constraint HostConfig.MemorySwap",
      "14:16 manifest/limit HostConfig.BlkioWeight",
      "15:21 manifest/limit HostConfig.MemorySwappiness",
      "16:15 manifest/invalid-type HostConfig.Privileged",
      "19:19 manifest/invalid-type HostConfig.PortBindings.80/tcp.0.HostPort",
      "21:11 manifest/invalid-value HostConfig.RestartPolicy.Name",
    ]);
    for (const finding of result.findings) expect(finding.message).not.toContain("hunter2");
  });

  it("applying every quick fix of broken.container.yaml removes exactly the fixed findings", () => {
    const text = read("broken.container.yaml");
    const before = checkManifest(text, { fileName: "broken.container.yaml" }).findings;
    const fixable = before.filter((f) => f.fix);
    expect(fixable.map((f) => f.code)).toEqual([
      "manifest/unknown-key",
      "manifest/invalid-type",
      "manifest/invalid-type",
      "manifest/invalid-value",
    ]);
    const fixed = applyEdits(
      text,
      fixable.flatMap((f) => f.fix!.edits),
    );
    const after = checkManifest(fixed, { fileName: "broken.container.yaml" }).findings;
    // Renaming Memroy → Memory also satisfies "MemorySwap needs Memory" — but then MemorySwap < Memory.
    expect(after.map((f) => `${f.code} ${f.path.join(".")}`)).toEqual([
      "secret/plain-value Env.0",
      "secret-ref/syntax Env.1",
      "secret-ref/syntax Env.2",
      "manifest/limit Healthcheck.Interval",
      "manifest/constraint HostConfig.MemorySwap",
      "manifest/limit HostConfig.BlkioWeight",
      "manifest/limit HostConfig.MemorySwappiness",
    ]);
    expect(fixed).toContain('HostPort: "8080"');
    expect(fixed).toContain("Privileged: true");
    expect(fixed).toContain("Name: always");
  });
});

const engineHost = engineHostForTests();
if (!engineHost) console.warn(NO_ENGINE_MESSAGE);

describe("example manifests against the real engine", skipIf(!engineHost, NEEDS_ENGINE), () => {
  const client = () => new EngineClient({ host: engineHost!, onWarning: () => {} });

  it("the engine creates a container from web.container.yaml (what we call clean, it accepts)", async () => {
    const body = parse(read("web.container.yaml")) as Record<string, unknown>;
    for (const key of [...KIND_KEYS, "Name"]) delete body[key];
    const engine = client();
    const name = `ek-manifests-web-${process.pid}-${Date.now()}`;
    const created = await engine.containers.create(body as never, { name });
    try {
      const inspect = await engine.containers.inspect(created.Id);
      expect(inspect.HostConfig?.BlkioWeight ?? 0).toBe(0);
      expect(inspect.Config?.Healthcheck?.Interval).toBe(30_000_000_000);
    } finally {
      await engine.containers.remove(created.Id, { force: true });
    }
  });

  it("the engine rejects the Healthcheck interval we report as below its bound", async () => {
    const text = "Image: enginekit/busybox:latest\nHealthcheck: {Test: [CMD, 'true'], Interval: 500}\n";
    expect(checkManifest(text, { fileName: "h.container.yaml" }).findings.map((f) => f.code)).toEqual([
      "manifest/limit",
    ]);
    await expect(
      client().containers.create(parse(text), { name: `ek-manifests-hc-${process.pid}` }),
    ).rejects.toThrow(/1ms|Interval/i);
  });
});
