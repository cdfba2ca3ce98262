import { describe, expect, test } from "vitest";
import { decodeJsonStream, EngineProtocolError, EngineStreamError } from "../../src/engine/client/index.js";
import type { JsonMessage } from "../../src/engine/schemas/index.js";

async function* chunks(parts: (string | Uint8Array)[]) {
  for (const part of parts) yield typeof part === "string" ? new TextEncoder().encode(part) : part;
}

async function collect(parts: (string | Uint8Array)[], throwOnError = true) {
  const out: JsonMessage[] = [];
  for await (const m of decodeJsonStream(chunks(parts), { throwOnError })) out.push(m);
  return out;
}

const BUILD_OUTPUT =
  '{"stream":"Step 1/2 : FROM scratch"}\r\n{"stream":"\\n"}\r\n{"stream":" ---\\u003e Running in {x} \\"q\\"\\n"}\r\n{"aux":{"ID":"sha256:ab"}}\r\n';

describe("decodeJsonStream", () => {
  test("decodes the engine's \\r\\n-separated objects, whatever the chunking (every split point)", async () => {
    const whole = await collect([BUILD_OUTPUT]);
    expect(whole).toEqual([
      { stream: "Step 1/2 : FROM scratch" },
      { stream: "\n" },
      { stream: ' ---> Running in {x} "q"\n' },
      { aux: { ID: "sha256:ab" } },
    ]);
    const bytes = new TextEncoder().encode(BUILD_OUTPUT);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await collect([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(whole);
    }
  });

  test("objects with no separator between them, and a multi-byte character split across chunks", async () => {
    const text = new TextEncoder().encode('{"status":"é"}{"status":"b"}');
    expect(await collect([text.subarray(0, 13), text.subarray(13)])).toEqual([
      { status: "é" },
      { status: "b" },
    ]);
  });

  test("an in-stream error ends the iteration with EngineStreamError carrying errorDetail.code", async () => {
    const seen: JsonMessage[] = [];
    const error = await (async () => {
      for await (const m of decodeJsonStream(
        chunks([
          '{"stream":"Step 1/1 : RUN false"}\r\n',
          '{"errorDetail":{"code":1,"message":"The command \'/bin/sh -c false\' returned a non-zero code: 1"},"error":"The command \'/bin/sh -c false\' returned a non-zero code: 1"}\r\n',
        ]),
      )) {
        seen.push(m);
      }
    })().catch((e: unknown) => e);
    expect(seen).toEqual([{ stream: "Step 1/1 : RUN false" }]);
    expect(error).toBeInstanceOf(EngineStreamError);
    expect(error).toMatchObject({
      code: 1,
      engineMessage: "The command '/bin/sh -c false' returned a non-zero code: 1",
    });
  });

  test("a bare `error` (image pull) fails too; throwOnError: false yields it instead", async () => {
    await expect(collect(['{"status":"Pulling"}\n{"error":"manifest unknown"}\n'])).rejects.toMatchObject({
      engineMessage: "manifest unknown",
      code: undefined,
    });
    expect(await collect(['{"error":"manifest unknown"}\n'], false)).toEqual([{ error: "manifest unknown" }]);
  });

  test("text that is not a JSON object, and a truncated last object, are protocol errors", async () => {
    await expect(collect(['{"a":1}\nnot json'])).rejects.toThrow(EngineProtocolError);
    await expect(collect(['{"a":1}\n{"b":'])).rejects.toThrow(/ended inside a JSON message/);
  });

  test("a message longer than maxMessageChars ends the stream, the messages before it delivered", async () => {
    const seen: unknown[] = [];
    const endless = async function* () {
      yield new TextEncoder().encode('{"stream":"ok"}\r\n{"stream":"');
      for (let i = 0; i < 100; i++) yield new TextEncoder().encode("x".repeat(1024));
    };
    const run = async () => {
      for await (const m of decodeJsonStream(endless(), { maxMessageChars: 10_000 })) seen.push(m);
    };
    await expect(run()).rejects.toThrow(/longer than 10000 characters/);
    expect(seen).toEqual([{ stream: "ok" }]);
  });
});
