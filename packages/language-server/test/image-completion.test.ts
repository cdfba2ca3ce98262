import { createServer, type Server, type Socket } from "node:net";
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { afterAll, describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { atCursor, startTestClient, type TestClient } from "./lsp-harness.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

type Item = { label: string; detail?: string; textEdit?: { newText: string; range: unknown } };
const clients: TestClient[] = [];
const servers: Server[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
  for (const s of servers) s.close();
});

async function completeWith(
  env: Record<string, string>,
  text: string,
  settings: Record<string, unknown> = {},
) {
  const t = await startTestClient({ diagnosticsDelayMs: 10_000, ...settings }, undefined, {
    env: { ...process.env, ...env },
  });
  clients.push(t);
  const { text: source, position } = atCursor(text);
  const uri = `file:///images/${clients.length}/Enginefile`;
  await t.open(uri, source, "dockerfile");
  return {
    t,
    items: await t.request<Item[]>("textDocument/completion", { textDocument: { uri }, position }),
  };
}

describe("FROM completion from the engine's local images (real engine)", skipIf(!host, NEEDS_ENGINE), () => {
  it("offers name:tag of local images after FROM, replacing the typed word, with stage names", async () => {
    const { items } = await completeWith({ ENGINE_HOST: host! }, "FROM alpine AS base\nFROM b|");
    const busybox = items.find((i) => i.label === BUSYBOX_IMAGE);
    expect(busybox?.detail).toBe("local image");
    expect(busybox?.textEdit).toEqual({
      newText: BUSYBOX_IMAGE,
      range: { start: { line: 1, character: 5 }, end: { line: 1, character: 6 } },
    });
    expect(items.map((i) => i.label)).toContain("base");
    expect(items.map((i) => i.label)).not.toContain("<none>:<none>");
  });

  it("offers local images after a Compose service's image:, replacing the typed name:tag", async () => {
    const t = await startTestClient({ diagnosticsDelayMs: 10_000 }, undefined, {
      env: { ...process.env, ENGINE_HOST: host! },
    });
    clients.push(t);
    const { text, position } = atCursor("services:\n  web:\n    image: enginekit/busybox:|\n");
    const uri = `file:///images/${clients.length}/compose.yaml`;
    await t.open(uri, text, "dockercompose");
    const items = await t.request<Item[]>("textDocument/completion", { textDocument: { uri }, position });
    const busybox = items.find((i) => i.label === BUSYBOX_IMAGE);
    expect(busybox?.detail).toBe("local image");
    expect(busybox?.textEdit).toEqual({
      newText: BUSYBOX_IMAGE,
      range: { start: { line: 2, character: 11 }, end: position },
    });
  });

  it("offers tags after name: and never stage names there", async () => {
    const { items } = await completeWith(
      { ENGINE_HOST: host! },
      "FROM alpine AS base\nFROM enginekit/busybox:|",
    );
    expect(items.map((i) => i.label)).toContain(BUSYBOX_IMAGE);
    expect(items.map((i) => i.label)).not.toContain("base");
  });

  it("is off with images.completion: false", async () => {
    const { items } = await completeWith({ ENGINE_HOST: host! }, "FROM enginekit/bu|", {
      images: { completion: false },
    });
    expect(items).toEqual([]);
  });
});

describe(
  "online: base images' platforms from the real engine (invalid-base-image-platform)",
  skipIf(!host, NEEDS_ENGINE),
  () => {
    it("reports a FROM whose platform is not the image's, with enginekit.online, and nothing without it", async () => {
      const text = `FROM --platform=linux/arm64 ${BUSYBOX_IMAGE}\nFROM ${BUSYBOX_IMAGE}\n`;
      const codes = async (settings: Record<string, unknown>) => {
        const t = await startTestClient({ diagnosticsDelayMs: 0, ...settings }, undefined, {
          env: { ...process.env, ENGINE_HOST: host! },
        });
        clients.push(t);
        const uri = `file:///platforms/${clients.length}/Enginefile`;
        const published = t.nextDiagnostics(uri);
        await t.open(uri, text, "dockerfile");
        return (await published).map((d) => [d.code, d.range.start.line, d.range.start.character, d.message]);
      };
      const online = (await codes({ online: true })).filter((d) => d[0] === "invalid-base-image-platform");
      expect(online).toEqual([
        [
          "invalid-base-image-platform",
          0,
          28,
          `Base image ${BUSYBOX_IMAGE} was pulled with platform "linux/amd64", expected "linux/arm64" for current build.`,
        ],
      ]);
      expect((await codes({})).filter((d) => d[0] === "invalid-base-image-platform")).toEqual([]);
    });
  },
);

describe("FROM completion without an engine", () => {
  it("is silent and bounded when the engine never answers", async () => {
    const server = createServer((s: Socket) => s.resume());
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    const started = performance.now();
    const { t, items } = await completeWith(
      { ENGINE_HOST: `tcp://127.0.0.1:${port}`, ENGINE_TLS_VERIFY: "" },
      "FROM alp|",
      {
        images: { timeoutMs: 300 },
      },
    );
    expect(items).toEqual([]);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(t.messages).toEqual([]);
    expect(t.logs.filter((l) => l.includes("failed"))).toEqual([]);
  });
});
