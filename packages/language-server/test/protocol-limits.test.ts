import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ANALYSED_CHARS } from "../src/documents/analysis-cache.js";
import { startTestClient, type TestClient } from "./lsp-harness.js";
import { METHODS } from "./request-methods.js";

let t: TestClient;
beforeAll(async () => {
  // ShellCheck off: a background run in flight holds its document until the process ends (seconds for
  // these files), which is not what the memory test measures.
  t = await startTestClient({ diagnosticsDelayMs: 0, rules: { shellcheck: "off" } });
});
afterAll(async () => t.close());

const hover = (uri: string) =>
  t.request<{ contents: { value: string } } | null>("textDocument/hover", {
    textDocument: { uri },
    position: { line: 0, character: 1 },
  });

/** A raw frame as a client would write it. */
const frame = (body: string, length: string = String(Buffer.byteLength(body))) =>
  `Content-Length: ${length}\r\n\r\n${body}`;

describe("protocol errors (#14 item 9)", () => {
  it("answers null or malformed params with InvalidParams, never a TypeError's text, for every method", async () => {
    for (const method of [...METHODS, "textDocument/diagnostic"])
      for (const params of [null, {}, { textDocument: null }, { textDocument: { uri: 5 } }]) {
        const error = await t.request(method, params).then(
          () => undefined,
          (e: { code: number; message: string }) => e,
        );
        expect(error, `${method} ${JSON.stringify(params)}`).toMatchObject({ code: -32602 });
        expect(error!.message).toContain(method);
        expect(error!.message).not.toMatch(/Cannot read properties/);
      }
    const missingPosition = await t
      .request("textDocument/hover", { textDocument: { uri: "file:///x/Enginefile" } })
      .then(
        () => undefined,
        (e: { code: number; message: string }) => e,
      );
    expect(missingPosition?.message).toContain("params.position");
    // the server still serves
    await t.open("file:///protocol/Enginefile", "FROM alpine\n", "dockerfile");
    expect((await hover("file:///protocol/Enginefile"))?.contents.value).toContain("**FROM**");
  });

  it("survives bad framing without losing the next message", async () => {
    const uri = "file:///framing/Enginefile";
    await t.open(uri, "FROM alpine\n", "dockerfile");
    for (const bad of [
      "Content-Length: -5\r\n\r\n",
      "Content-Length: abc\r\n\r\n",
      "Content-Type: application/json\r\n\r\n",
      "Content-Length: 0\r\n\r\n",
    ]) {
      t.writeRaw(bad);
      // the request right after the bad header is answered
      expect((await hover(uri))?.contents.value, JSON.stringify(bad)).toContain("**FROM**");
    }
    // a header and request in one write, after the bad one
    t.writeRaw(
      `Content-Length: -5\r\n\r\n${frame(JSON.stringify({ jsonrpc: "2.0", method: "$/ping-unknown", params: {} }))}`,
    );
    expect((await hover(uri))?.contents.value).toContain("**FROM**");
    expect(t.framingProblems).toEqual([
      'dropped a message header with Content-Length "-5"',
      'dropped a message header with Content-Length "abc"',
      "dropped a message header with no Content-Length",
      "dropped a message with an empty body",
      'dropped a message header with Content-Length "-5"',
    ]);
  }, 10_000);
});

describe("framing and shutdown (#29)", () => {
  it("reads the next messages as usual after a bad header followed by its body", async () => {
    const uri = "file:///framing29/Enginefile";
    await t.open(uri, "FROM alpine\n", "dockerfile");
    const body = JSON.stringify({ jsonrpc: "2.0", id: 99_999, method: "textDocument/hover", params: {} });
    const before = t.framingProblems.length;
    for (const bad of [
      "Content-Length: 1e3\r\n\r\n",
      "Content-Length: -1\r\n\r\n",
      "Content-Length: 0\r\n\r\n",
      "Content-Type: application/json\r\n\r\n",
    ]) {
      t.writeRaw(`${bad}${body}`);
      // the next four requests are all answered
      const answers = await Promise.all([1, 2, 3, 4].map(() => hover(uri)));
      for (const answer of answers) expect(answer?.contents.value, JSON.stringify(bad)).toContain("**FROM**");
    }
    expect(t.framingProblems.slice(before).filter((p) => p.startsWith("skipped"))).toEqual(
      Array(4).fill(`skipped ${Buffer.byteLength(body)} bytes before a message header`),
    );
  }, 20_000);

  it("answers requests after shutdown with InvalidRequest", async () => {
    const c = await startTestClient({ diagnosticsDelayMs: 0, rules: { shellcheck: "off" } });
    const uri = "file:///shutdown/Enginefile";
    await c.open(uri, "FROM alpine\n", "dockerfile");
    expect(await c.request("shutdown", null)).toBeNull();
    for (const method of ["textDocument/hover", "shutdown", "initialize", "enginekit/unknown"]) {
      const error = await c
        .request(method, { textDocument: { uri }, position: { line: 0, character: 1 } })
        .then(
          () => undefined,
          (e: { code: number; message: string }) => e,
        );
      expect(error, method).toMatchObject({ code: -32600 });
      expect(error!.message).toContain(method);
    }
    await c.close();
  });
});

describe("limits (#14 'Limits with clear findings')", () => {
  it("analyses the lines before the size limit and reports where the rest starts", async () => {
    const line = "RUN echo 0123456789012345678901234567890123456789012345678901234567890123456789\n";
    const lines = Math.ceil(MAX_ANALYSED_CHARS / line.length) + 100;
    const uri = "file:///limits/big/Enginefile";
    const published = t.nextDiagnostics(uri);
    await t.open(uri, `FROM alpine\n${line.repeat(lines)}`, "dockerfile");
    const diagnostics = await published;
    const tooLarge = diagnostics.filter((d) => d.code === "document-too-large");
    expect(tooLarge).toHaveLength(1);
    const cutLine = Math.floor((MAX_ANALYSED_CHARS - "FROM alpine\n".length) / line.length) + 1;
    expect(tooLarge[0]!.range.start).toEqual({ line: cutLine, character: 0 });
    expect(tooLarge[0]!.message).toContain(`only the ${cutLine} lines before this one are checked`);
    // features still work on the analysed part
    expect((await hover(uri))?.contents.value).toContain("**FROM**");
    await t.client.sendNotification("textDocument/didClose", { textDocument: { uri } });
  }, 60_000);

  it("releases the memory of closed documents", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const heap = async () => {
      await new Promise((r) => setTimeout(r, 50));
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = await heap();
    // three 3 MB documents of long lines (text, line offsets, AST, findings and tokens stay while open)
    const text = `FROM alpine AS b\nARG V=1\n${`RUN echo $V ${"x".repeat(380)}\n`.repeat(8_000)}`;
    for (let i = 0; i < 3; i++) {
      const uri = `file:///limits/mem${i}/Enginefile`;
      const published = t.nextDiagnostics(uri);
      await t.open(uri, text, "dockerfile");
      await published;
      await t.request("textDocument/semanticTokens/full", { textDocument: { uri } });
      await t.request("textDocument/documentSymbol", { textDocument: { uri } });
    }
    const open = await heap();
    for (let i = 0; i < 3; i++)
      await t.client.sendNotification("textDocument/didClose", {
        textDocument: { uri: `file:///limits/mem${i}/Enginefile` },
      });
    // a request after the notifications is answered once they were handled (one connection, in order);
    // then the heap is read until it settles (up to 2 s: a loaded machine delays the server's timers)
    await t
      .request("textDocument/documentSymbol", { textDocument: { uri: "file:///limits/mem0/Enginefile" } })
      .catch(() => undefined);
    let closed = await heap();
    for (let i = 0; i < 20 && closed - before >= 8 * 1024 * 1024; i++) closed = await heap();
    expect(open - before).toBeGreaterThan(20 * 1024 * 1024);
    expect(closed - before).toBeLessThan(8 * 1024 * 1024);
  }, 120_000);
});
