/**
 * The messages of BuildKit's file sync, read and written with `@bufbuild/protobuf`'s wire reader and
 * writer (field numbers from tonistiigi/fsutil `types/wire.proto` and `types/stat.proto`):
 * `Packet{type 1 (STAT 0, REQ 1, DATA 2, FIN 3, ERR 4), stat 2, ID 3, data 4}` and
 * `Stat{path 1, mode 2, uid 3, gid 4, size 5, modTime 6, linkname 7, devmajor 8, devminor 9, xattrs 10}`,
 * proto3 (fields at their default value are left out, as Go's encoder does). Each message travels in one
 * gRPC frame (`grpc-frames.ts`). STAT packets, 20,000 of them for 20,000 files, are written by hand
 * ({@link writeStatFrame}); the few others with the library's writer.
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

/**
 * Writes the gRPC frame of `Packet{type: STAT, stat}` for one entry into `out` at `at` — the 5-byte
 * message prefix, then the packet exactly as Go's encoder writes it (proto3: fields at their default value
 * left out; `type` STAT is 0, so the packet is its `stat` field alone) — and returns the offset after it,
 * or -1 when the frame does not fit before the end of `out` (nothing is written then). Written by hand,
 * straight into the caller's buffer: `BinaryWriter` took 30 of the 45 ms the stats of 20,000 entries cost
 * to send (a writer, a copy and three arrays per entry). The bytes equal `BinaryWriter`'s
 * (`test/fsutil-packets.test.ts`).
 */
export function writeStatFrame(out: Buffer, at: number, e: SyncEntry): number {
  const pathBytes = Buffer.byteLength(e.path);
  const linkBytes = e.linkname === "" ? 0 : Buffer.byteLength(e.linkname);
  // mtime as two uint32 halves of its 64-bit two's complement (int64 varint)
  const mtime = BigInt.asUintN(64, e.mtimeNs);
  const mtimeLo = Number(mtime & 0xffffffffn);
  const mtimeHi = Number(mtime >> 32n);
  let statLength = 1 + varintLength(pathBytes, 0) + pathBytes;
  if (e.mode !== 0) statLength += 1 + varintLength(e.mode >>> 0, 0);
  if (e.uid !== 0) statLength += 1 + varintLength(e.uid >>> 0, 0);
  if (e.gid !== 0) statLength += 1 + varintLength(e.gid >>> 0, 0);
  if (e.size !== 0) statLength += 1 + varintLength(low(e.size), high(e.size));
  if (mtimeLo !== 0 || mtimeHi !== 0) statLength += 1 + varintLength(mtimeLo, mtimeHi);
  if (linkBytes !== 0) statLength += 1 + varintLength(linkBytes, 0) + linkBytes;
  if (e.devmajor !== 0) statLength += 1 + varintLength(low(e.devmajor), high(e.devmajor));
  if (e.devminor !== 0) statLength += 1 + varintLength(low(e.devminor), high(e.devminor));
  const packetLength = 1 + varintLength(statLength, 0) + statLength;
  if (at + 5 + packetLength > out.length) return -1;
  out[at] = 0;
  out.writeUInt32BE(packetLength, at + 1);
  let i = at + 5;
  out[i++] = 0x12; // Packet.stat, length-delimited
  i = writeVarint(out, i, statLength, 0);
  out[i++] = 0x0a; // Stat.path
  i = writeVarint(out, i, pathBytes, 0);
  i += out.write(e.path, i, pathBytes, "utf8");
  if (e.mode !== 0) i = writeVarint(out, writeTag(out, i, 0x10), e.mode >>> 0, 0);
  if (e.uid !== 0) i = writeVarint(out, writeTag(out, i, 0x18), e.uid >>> 0, 0);
  if (e.gid !== 0) i = writeVarint(out, writeTag(out, i, 0x20), e.gid >>> 0, 0);
  if (e.size !== 0) i = writeVarint(out, writeTag(out, i, 0x28), low(e.size), high(e.size));
  if (mtimeLo !== 0 || mtimeHi !== 0) i = writeVarint(out, writeTag(out, i, 0x30), mtimeLo, mtimeHi);
  if (linkBytes !== 0) {
    i = writeVarint(out, writeTag(out, i, 0x3a), linkBytes, 0);
    i += out.write(e.linkname, i, linkBytes, "utf8");
  }
  if (e.devmajor !== 0) i = writeVarint(out, writeTag(out, i, 0x40), low(e.devmajor), high(e.devmajor));
  if (e.devminor !== 0) i = writeVarint(out, writeTag(out, i, 0x48), low(e.devminor), high(e.devminor));
  return i;
}

/** The low 32 bits of a non-negative integer below 2^53. */
function low(n: number): number {
  return n >>> 0;
}

/** The high bits (above 32) of a non-negative integer below 2^53. */
function high(n: number): number {
  return Math.floor(n / 2 ** 32) >>> 0;
}

function writeTag(out: Buffer, at: number, tag: number): number {
  out[at] = tag;
  return at + 1;
}

/** Bytes of the varint of the 64-bit value `hi` × 2^32 + `lo` (both uint32). */
function varintLength(lo: number, hi: number): number {
  const bits = hi !== 0 ? 64 - Math.clz32(hi) : Math.max(1, 32 - Math.clz32(lo));
  return Math.ceil(bits / 7);
}

/** Writes the varint of the 64-bit value `hi` × 2^32 + `lo` (both uint32) at `at`; returns the end. */
function writeVarint(out: Buffer, at: number, lo: number, hi: number): number {
  let i = at;
  while (hi !== 0 || lo > 0x7f) {
    out[i++] = (lo & 0x7f) | 0x80;
    lo = ((lo >>> 7) | (hi << 25)) >>> 0;
    hi >>>= 7;
  }
  out[i++] = lo;
  return i;
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
