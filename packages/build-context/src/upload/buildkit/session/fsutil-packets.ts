/**
 * The messages of BuildKit's file sync, read and written with `@bufbuild/protobuf`'s wire reader and
 * writer (field numbers from tonistiigi/fsutil `types/wire.proto` and `types/stat.proto`):
 * `Packet{type 1 (STAT 0, REQ 1, DATA 2, FIN 3, ERR 4), stat 2, ID 3, data 4}` and
 * `Stat{path 1, mode 2, uid 3, gid 4, size 5, modTime 6, linkname 7, devmajor 8, devminor 9, xattrs 10}`,
 * proto3 (fields at their default value are left out, as Go's encoder does). Each message travels in one
 * gRPC frame (`grpc-frames.ts`).
 */
import { BinaryReader, BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import type { SyncEntry } from "./synced-dirs.js";

/** `Packet.PacketType` (fsutil `types/wire.proto`). */
export const PacketType = { stat: 0, req: 1, data: 2, fin: 3, err: 4 } as const;

/** A packet the receiver sends (REQ, FIN or ERR). */
export interface ReceivedPacket {
  type: number;
  /** REQ: the index of the requested file in the STAT sequence. */
  id: number;
  /** ERR: the receiver's message. */
  data: Uint8Array;
}

/** Reads a packet. @throws Error for bytes that are not a protobuf message. */
export function decodePacket(bytes: Uint8Array): ReceivedPacket {
  const r = new BinaryReader(bytes);
  const packet: ReceivedPacket = { type: PacketType.stat, id: 0, data: new Uint8Array(0) };
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (no === 1 && wire === WireType.Varint) packet.type = r.int32();
    else if (no === 3 && wire === WireType.Varint) packet.id = r.uint32();
    else if (no === 4 && wire === WireType.LengthDelimited) packet.data = r.bytes();
    else r.skip(wire, no);
  }
  return packet;
}

/** The writer every encoder here shares (`finish()` hands out a copy and resets it). */
const writer = new BinaryWriter();

/** `Packet{type: STAT, stat}` for one entry. */
export function encodeStatPacket(e: SyncEntry): Uint8Array {
  const w = writer.tag(2, WireType.LengthDelimited).fork();
  w.tag(1, WireType.LengthDelimited).string(e.path);
  if (e.mode !== 0) w.tag(2, WireType.Varint).uint32(e.mode);
  if (e.uid !== 0) w.tag(3, WireType.Varint).uint32(e.uid);
  if (e.gid !== 0) w.tag(4, WireType.Varint).uint32(e.gid);
  if (e.size !== 0) w.tag(5, WireType.Varint).int64(e.size);
  if (e.mtimeNs !== 0n) w.tag(6, WireType.Varint).int64(e.mtimeNs);
  if (e.linkname !== "") w.tag(7, WireType.LengthDelimited).string(e.linkname);
  if (e.devmajor !== 0) w.tag(8, WireType.Varint).int64(e.devmajor);
  if (e.devminor !== 0) w.tag(9, WireType.Varint).int64(e.devminor);
  return w.join().finish();
}

/** `Packet{type: STAT}` without a stat: the end of the walk. */
export const END_OF_STATS = new Uint8Array(0);

/** `Packet{type: FIN}`. */
export const FIN_PACKET = new BinaryWriter().tag(1, WireType.Varint).int32(PacketType.fin).finish();

/** `Packet{type: ERR, data}`: the sender's error, which BuildKit reports as `error from sender: …`. */
export function encodeErrorPacket(message: string): Uint8Array {
  return new BinaryWriter()
    .tag(1, WireType.Varint)
    .int32(PacketType.err)
    .tag(4, WireType.LengthDelimited)
    .string(message)
    .finish();
}

/**
 * The head of `Packet{type: DATA, ID: id, data}` with `length` bytes of data, up to and including the
 * data field's length: the data bytes follow it unchanged (no copy of file content into the writer).
 * `length` 0 is the empty DATA packet that ends a file.
 */
export function encodeDataHead(id: number, length: number): Uint8Array {
  const w = writer.tag(1, WireType.Varint).int32(PacketType.data);
  if (id !== 0) w.tag(3, WireType.Varint).uint32(id);
  if (length > 0) w.tag(4, WireType.LengthDelimited).uint32(length);
  return w.finish();
}
