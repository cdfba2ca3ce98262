import { describe, expect, test } from "vitest";
import {
  collectOutput,
  decodeMultiplexedStream,
  EngineProtocolError,
  type OutputFrame,
} from "../../src/engine/client/index.js";
import { frame } from "./loopback-server.js";

async function* from(parts: Uint8Array[]) {
  yield* parts;
}

async function decode(parts: Uint8Array[], tty = false) {
  const out: { stream: string; text: string }[] = [];
  for await (const f of decodeMultiplexedStream(from(parts), { tty })) {
    out.push({ stream: f.stream, text: Buffer.from(f.data).toString() });
  }
  return out;
}

describe("decodeMultiplexedStream", () => {
  const bytes = Buffer.concat([frame(1, "out line\n"), frame(2, "err line\n"), frame(0, "in"), frame(1, "")]);

  test("picks the stream from byte 0 and the size from bytes 4–7, for every split point", async () => {
    const expected = [
      { stream: "stdout", text: "out line\n" },
      { stream: "stderr", text: "err line\n" },
      { stream: "stdin", text: "in" },
    ];
    expect(await decode([bytes])).toEqual(expected);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await decode([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(expected);
    }
    expect(await decode([...bytes].map((b) => Uint8Array.of(b)))).toEqual(expected);
  });

  test("large payload sizes use all four size bytes", async () => {
    const big = "x".repeat(70_000);
    const out = await decode([frame(1, big)]);
    expect(out[0]?.text.length).toBe(70_000);
  });

  test("TTY mode passes raw bytes through as stdout", async () => {
    expect(await decode([Buffer.from("\u0001raw"), Buffer.from(" pty")], true)).toEqual([
      { stream: "stdout", text: "\u0001raw" },
      { stream: "stdout", text: " pty" },
    ]);
  });

  test("an unknown stream id or a truncated frame is a protocol error", async () => {
    await expect(decode([frame(3, "x")])).rejects.toThrow(EngineProtocolError);
    await expect(decode([frame(1, "hello").subarray(0, 10)])).rejects.toThrow(/ended inside a frame/);
  });

  test("collectOutput joins each stream's text", async () => {
    const frames: AsyncIterable<OutputFrame> = decodeMultiplexedStream(from([bytes]));
    expect(await collectOutput(frames)).toEqual({ stdin: "in", stdout: "out line\n", stderr: "err line\n" });
  });
});
