/**
 * gRPC's message framing over HTTP/2 (grpc/grpc `doc/PROTOCOL-HTTP2.md` "Length-Prefixed-Message"): each
 * message is a 1-byte compressed flag (always 0 here: enginekit announces no compression), a 4-byte
 * big-endian length and the protobuf bytes. {@link GrpcFrameReader} reassembles messages from DATA frames
 * split anywhere; {@link endWithStatus} ends a call with a status ("Trailers-Only" when nothing was sent).
 */
import type { ServerHttp2Stream } from "node:http2";

/** Largest message accepted from the engine (BuildKit's own limit is 16 MiB for session messages). */
const MAX_GRPC_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Frames one message. */
export function grpcFrame(message: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(5 + message.length);
  out[0] = 0;
  out.writeUInt32BE(message.length, 1);
  out.set(message, 5);
  return out;
}

/** Collects DATA chunks and yields whole messages. */
export class GrpcFrameReader {
  private buffered = Buffer.alloc(0);

  /**
   * Adds a chunk; returns the messages it completed.
   * @throws Error for a compressed message (none was negotiated) or one above {@link MAX_GRPC_MESSAGE_BYTES}.
   */
  push(chunk: Uint8Array): Uint8Array[] {
    this.buffered = this.buffered.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffered, chunk]);
    const out: Uint8Array[] = [];
    while (this.buffered.length >= 5) {
      if (this.buffered[0] !== 0)
        throw new Error("a compressed gRPC message, but no compression was negotiated");
      const length = this.buffered.readUInt32BE(1);
      if (length > MAX_GRPC_MESSAGE_BYTES) throw new Error(`a gRPC message of ${length} bytes is too large`);
      if (this.buffered.length < 5 + length) break;
      out.push(this.buffered.subarray(5, 5 + length));
      this.buffered = this.buffered.subarray(5 + length);
    }
    return out;
  }
}

/** Ends a call with a gRPC status and message: a trailers-only answer when nothing was sent, else a reset. */
export function endWithStatus(stream: ServerHttp2Stream, code: number, message: string): void {
  if (stream.destroyed) return;
  if (!stream.headersSent) {
    stream.respond(
      {
        ":status": 200,
        "content-type": "application/grpc",
        "grpc-status": String(code),
        "grpc-message": encodeURIComponent(message),
      },
      { endStream: true },
    );
    return;
  }
  stream.close();
}
