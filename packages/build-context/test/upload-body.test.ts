/**
 * The upload body as the engine receives it, through the real HTTP client (EngineClient over undici) to a
 * loopback server on 127.0.0.1: the archive sent with recycled buffers is byte for byte the archive
 * packed with fresh ones, across many arena wrap-arounds, and carries its exact `Content-Length`
 * (uncompressed) or is chunked (gzip, size unknown in advance).
 */
import { writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { EngineClient } from "@enginekit/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packContext, planContext, RECYCLE_ARENA_BYTES, runBuild } from "../src/index.js";
import { collect, makeTree } from "./pack-helpers.js";

let server: Server;
let engine: EngineClient;
let last: { headers: IncomingHttpHeaders; body: Buffer } | undefined;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (req.url?.endsWith("/version")) {
      res.end(JSON.stringify({ ApiVersion: "1.41", MinAPIVersion: "1.12" }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    last = { headers: req.headers, body: Buffer.concat(chunks) };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(`${JSON.stringify({ aux: { ID: `sha256:${"ef".repeat(32)}` } })}\r\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  engine = new EngineClient({ host: `tcp://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

afterAll(async () => {
  await engine.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A context of small files, and large files of uneven sizes totalling well over the arena. */
function mixedContext(): string {
  const files: Record<string, string> = { Enginefile: "FROM scratch\n" };
  for (let i = 0; i < 300; i++) files[`small/f${i}.txt`] = `${i}`.repeat(100 + i * 7);
  const root = makeTree(files);
  for (const [i, size] of [3 * 1024 * 1024 + 17, 64 * 1024, 1024 * 1024 + 1, 9 * 1024 * 1024 - 3].entries()) {
    const data = Buffer.alloc(size);
    for (let o = 0; o + 4 <= size; o += 4096) data.writeUInt32LE(o ^ (i << 24), o);
    writeFileSync(join(root, `large${i}.bin`), data);
  }
  return root;
}

describe("the upload body", () => {
  it("is the packed archive byte for byte, recycled across arena wrap-arounds, with its Content-Length", async () => {
    const plan = await planContext({ context: mixedContext() });
    expect(plan.totalBytes).toBeGreaterThan(RECYCLE_ARENA_BYTES);
    const result = await runBuild({ plan, parameters: {}, engine });
    expect(result.imageId).toBe(`sha256:${"ef".repeat(32)}`);
    const fresh = await collect(packContext(plan));
    expect(last!.body.length).toBe(plan.totalBytes);
    expect(last!.body.equals(fresh)).toBe(true);
    expect(last!.headers["content-length"]).toBe(String(plan.totalBytes));
    expect(last!.headers["transfer-encoding"]).toBeUndefined();
  });

  it("is chunked when gzipped, and unpacks to the same archive", async () => {
    const plan = await planContext({ context: mixedContext() });
    await runBuild({ plan, parameters: {}, engine, gzip: true });
    expect(last!.headers["transfer-encoding"]).toBe("chunked");
    expect(last!.headers["content-length"]).toBeUndefined();
    expect(gunzipSync(last!.body).equals(await collect(packContext(plan)))).toBe(true);
  });
});
