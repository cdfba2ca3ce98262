/**
 * Decoding the multiplexed attach/logs format (engine §4.1.2): 8-byte frame headers naming stdout or stderr
 * and the payload size.
 */
import { ATTACH_FRAME_HEADER_BYTES, ATTACH_STREAM_TYPES } from "../schemas/attach-frame.js";
import { EngineProtocolError } from "./errors.js";

/** Which standard stream a chunk of attach/logs output belongs to (engine §4.1.2 header byte 0). */
export type StdStream = keyof typeof ATTACH_STREAM_TYPES;

/** One frame of container output: the stream it was written to and its bytes. */
export interface OutputFrame {
  stream: StdStream;
  data: Uint8Array;
}

/** Stream by header byte 0, from the schemas' `ATTACH_STREAM_TYPES` (engine §4.1.2). */
const STREAM_IDS: readonly StdStream[] = (Object.keys(ATTACH_STREAM_TYPES) as StdStream[]).sort(
  (a, b) => ATTACH_STREAM_TYPES[a] - ATTACH_STREAM_TYPES[b],
);
const HEADER_BYTES = ATTACH_FRAME_HEADER_BYTES;

/**
 * Decodes the multiplexed attach/logs format (engine §4.1.2): frames of an 8-byte header — byte 0 the stream
 * (0 stdin, 1 stdout, 2 stderr), bytes 1–3 zero, bytes 4–7 the payload size as big-endian uint32 — each
 * followed by that many payload bytes. Headers and payloads may be split across chunks at any byte.
 * With `tty: true` (container created with `Tty`) the stream is raw PTY output and every chunk is yielded as
 * `stdout`. Payload views may share memory with the input chunks; copy them to keep them past the next step.
 * @throws EngineProtocolError for an unknown stream id, non-zero reserved bytes or a truncated frame.
 */
export async function* decodeMultiplexedStream(
  source: AsyncIterable<Uint8Array>,
  options: { tty?: boolean } = {},
): AsyncGenerator<OutputFrame, void, undefined> {
  if (options.tty) {
    for await (const chunk of source) if (chunk.byteLength > 0) yield { stream: "stdout", data: chunk };
    return;
  }
  let buffer: Uint8Array = new Uint8Array(0);
  let offset = 0;
  for await (const chunk of source) {
    buffer = buffer.byteLength === 0 ? chunk : concat(buffer, chunk);
    let position = 0;
    while (buffer.byteLength - position >= HEADER_BYTES) {
      const id = buffer[position] as number;
      const stream = STREAM_IDS[id];
      if (!stream || buffer[position + 1] || buffer[position + 2] || buffer[position + 3]) {
        throw new EngineProtocolError(`invalid multiplexed frame header at byte ${offset + position}`);
      }
      const size =
        (buffer[position + 4] as number) * 0x1000000 +
        (((buffer[position + 5] as number) << 16) |
          ((buffer[position + 6] as number) << 8) |
          (buffer[position + 7] as number));
      const end = position + HEADER_BYTES + size;
      if (end > buffer.byteLength) break;
      if (size > 0) yield { stream, data: buffer.subarray(position + HEADER_BYTES, end) };
      position = end;
    }
    offset += position;
    buffer = position === buffer.byteLength ? new Uint8Array(0) : buffer.subarray(position);
  }
  if (buffer.byteLength > 0) {
    throw new EngineProtocolError(
      `the stream ended inside a frame at byte ${offset} (${buffer.byteLength} bytes left)`,
    );
  }
}

/** Collects decoded output into one UTF-8 string per stream (for short outputs such as `logs` of a job). */
export async function collectOutput(frames: AsyncIterable<OutputFrame>): Promise<Record<StdStream, string>> {
  const parts: Record<StdStream, Uint8Array[]> = { stdin: [], stdout: [], stderr: [] };
  for await (const frame of frames) parts[frame.stream].push(frame.data.slice());
  const decode = (list: Uint8Array[]) => Buffer.concat(list).toString("utf8");
  return { stdin: decode(parts.stdin), stdout: decode(parts.stdout), stderr: decode(parts.stderr) };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a, 0);
  out.set(b, a.byteLength);
  return out;
}
