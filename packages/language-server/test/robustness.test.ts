// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Enginefile text with ${…} variable references
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestClient, type TestClient } from "./lsp-harness.js";
import { METHODS, paramsFor } from "./request-methods.js";

/** Fragments from the peers' crash reports (lsp-anchors §4 A/B/E, §6.4). */
const FRAGMENTS = [
  "FROM alpine AS build\n",
  "FROM \\\n  alpine\n",
  "\uFEFF",
  "\r\n",
  "\\",
  "`",
  "# escape=`\n",
  "# syntax=docker/dockerfile:1\n",
  "RUN <<EOF\n",
  "RUN <<-EOT\n\techo tab\n\tEOT\n",
  "COPY <<A <<B /dst\n",
  "EOF\n",
  "RUN --mount=type=cache,target=/x ",
  "RUN --mount=",
  "ARG V=1\n",
  "ENV A=$V B=${V:-x} C=${",
  "COPY --from=build / /\n",
  "HEALTHCHECK --interval=1m CMD x\n",
  "ONBUILD ONBUILD RUN x\n",
  "STOPSIGNAL SIGRTMIN+3\n",
  "EXPOSE 80/tcp\n",
  'LABEL a="b\n',
  'CMD ["a", 1]\n',
  "\t",
  " ",
  "\n",
  "é🎉",
  "${V",
  "$",
  "--",
  "MAINTAINER x\n",
  "# enginekit-ignore unknown-rule\n",
  "from x as Y\n",
  "WORKDIR rel\n",
  "ENV\n",
];

const text = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(""));

let t: TestClient;
beforeAll(async () => {
  t = await startTestClient({ diagnosticsDelayMs: 0 });
});
afterAll(async () => t.close());

describe("robustness: every handler, any input", () => {
  it("answers every request for random Enginefiles, random edits and positions outside the document without an error", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.array(fc.tuple(fc.nat(2000), fc.nat(40), fc.constantFrom(...FRAGMENTS)), { maxLength: 5 }),
        fc.tuple(fc.integer({ min: -1, max: 300 }), fc.integer({ min: -1, max: 300 })),
        async (initial, edits, [line, character]) => {
          const uri = `file:///fuzz/${++n}/Enginefile`;
          await t.open(uri, initial, "dockerfile");
          let version = 1;
          for (const [l, c, insert] of edits)
            await t.client.sendNotification("textDocument/didChange", {
              textDocument: { uri, version: ++version },
              contentChanges: [
                {
                  range: { start: { line: l % 50, character: c }, end: { line: l % 50, character: c } },
                  text: insert,
                },
              ],
            });
          const position = { line: Math.max(0, line), character: Math.max(0, character) };
          for (const method of METHODS) {
            const result = await t.request<unknown>(method, paramsFor(uri, position));
            if (method === "textDocument/semanticTokens/full") {
              const data = (result as { data: number[] }).data;
              expect(data.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
            }
          }
          await t.client.sendNotification("textDocument/didClose", { textDocument: { uri } });
        },
      ),
      { numRuns: 60 },
    );
    // no handler failed (a failure is logged as "enginekit: <feature> failed")
    await new Promise((r) => setTimeout(r, 50));
    expect(t.logs.filter((l) => l.includes("failed"))).toEqual([]);
  }, 120_000);

  it("answers requests for manifests with broken YAML/JSON and secret references", async () => {
    const yamlText = fc
      .array(
        fc.constantFrom(
          "Image: x\n",
          "HostConfig:\n",
          "  Memory: ",
          "  - ",
          "Env:\n",
          "  - A=svc:secret/",
          "#",
          '"',
          "{",
          "[",
          ": ",
          "\t",
          "\r\n",
          "kind: service\n",
          "---\n",
          "Labels: {a: b}\n",
        ),
        { maxLength: 30 },
      )
      .map((p) => p.join(""));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        yamlText,
        fc.boolean(),
        fc.nat(40),
        fc.nat(60),
        async (body, json, line, character) => {
          const uri = `file:///fuzz/m${++n}/web.container.${json ? "json" : "yaml"}`;
          await t.open(uri, body, json ? "json" : "yaml");
          for (const method of [
            "textDocument/completion",
            "textDocument/hover",
            "textDocument/documentSymbol",
            "textDocument/codeAction",
          ])
            await t.request(method, paramsFor(uri, { line, character }));
          await t.client.sendNotification("textDocument/didClose", { textDocument: { uri } });
        },
      ),
      { numRuns: 40 },
    );
    expect(t.logs.filter((l) => l.includes("failed"))).toEqual([]);
  }, 120_000);
  it("answers every request for Compose files with broken YAML, interpolation and anchors (on disk and unsaved)", async () => {
    const composeText = fc
      .array(
        fc.constantFrom(
          "services:\n",
          "  web:\n",
          "    image: nginx:${TAG:-1}\n",
          "    build:\n      context: .\n      target: ",
          "    depends_on:\n      - ",
          "    mem_limit: 512m\n",
          "    healthcheck:\n      interval: 30s\n",
          "    environment:\n      DB_PASSWORD: ${PW}\n",
          "x-base: &base\n  restart: always\n",
          "    <<: *base\n",
          "    env_file: ",
          "networks:\n  front: {}\n",
          "  - ",
          ": ",
          "${",
          "!reset ",
          "\t",
          "\r\n",
          "#",
          '"',
          "[",
          "{",
          "---\n",
        ),
        { maxLength: 30 },
      )
      .map((p) => p.join(""));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        composeText,
        fc.boolean(),
        fc.nat(40),
        fc.nat(60),
        async (body, saved, line, character) => {
          const uri = saved ? `file:///fuzz/c${++n}/compose.yaml` : `untitled:Untitled-${++n}`;
          await t.open(uri, body, "dockercompose");
          for (const method of METHODS)
            await t.request(method, paramsFor(uri, { line, character })).catch((error: { code?: number }) => {
              // a refused rename (a name from interpolation, one written with escapes) is an answer: the
              // reason, as an InvalidRequest error the editor shows (docs/compose.md "Rename")
              if (!(method.endsWith("ename") && error.code === -32600)) throw error;
            });
          await t.client.sendNotification("textDocument/didClose", { textDocument: { uri } });
        },
      ),
      { numRuns: 40 },
    );
    expect(t.logs.filter((l) => l.includes("failed"))).toEqual([]);
  }, 120_000);
});

describe("memory", () => {
  it("stays flat over 10,000 edits of one document", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const uri = "file:///memory/Enginefile";
    const base = "FROM alpine:3.20 AS build\nARG V=1\nRUN echo $V\n".repeat(50);
    await t.open(uri, base, "dockerfile");
    const heapAfter = async (edits: number, from: number) => {
      for (let v = from; v < from + edits; v++) {
        await t.client.sendNotification("textDocument/didChange", {
          textDocument: { uri, version: v },
          contentChanges: [
            {
              range: { start: { line: 2, character: 9 }, end: { line: 2, character: 10 } },
              text: v % 2 ? "W" : "V",
            },
          ],
        });
        if (v % 50 === 0) await t.request("textDocument/semanticTokens/full", { textDocument: { uri } });
      }
      await t.request("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 1 } });
      await new Promise((r) => setTimeout(r, 50));
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const warm = await heapAfter(1000, 2);
    const after = await heapAfter(9000, 1002);
    expect(t.server.documents.get(uri)?.version).toBe(10_001);
    // growth bounded well below what keeping every version would cost (10,000 × ~2 KB text + ASTs)
    expect(after - warm).toBeLessThan(8 * 1024 * 1024);
  }, 120_000);
});
