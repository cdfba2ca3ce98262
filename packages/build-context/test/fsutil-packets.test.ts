/**
 * The hand-written STAT frames of BuildKit's file sync (`writeStatFrame`) against `@bufbuild/protobuf`'s
 * `BinaryWriter` encoding the same `Packet{stat}` (tonistiigi/fsutil `types/wire.proto`, `stat.proto`;
 * proto3, default values left out), byte for byte: random entries with every field at zero, small, at the
 * varint boundaries and at its largest (sizes to 2^53 − 1, mtimes before 1970 and past 2262, devices,
 * multi-byte and long paths), and the refusal to write past the end of the buffer.
 */
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { describe, expect, it } from "vitest";
import { writeStatFrame } from "../src/upload/buildkit/session/fsutil-packets.js";
import type { SyncEntry } from "../src/upload/buildkit/session/synced-dirs.js";

/** The frame as the library writes it: 5-byte gRPC prefix, then `Packet{stat: Stat{…}}`. */
function reference(e: SyncEntry): Buffer {
  const w = new BinaryWriter().tag(2, WireType.LengthDelimited).fork();
  w.tag(1, WireType.LengthDelimited).string(e.path);
  if (e.mode !== 0) w.tag(2, WireType.Varint).uint32(e.mode);
  if (e.uid !== 0) w.tag(3, WireType.Varint).uint32(e.uid);
  if (e.gid !== 0) w.tag(4, WireType.Varint).uint32(e.gid);
  if (e.size !== 0) w.tag(5, WireType.Varint).int64(e.size);
  if (e.mtimeNs !== 0n) w.tag(6, WireType.Varint).int64(e.mtimeNs);
  if (e.linkname !== "") w.tag(7, WireType.LengthDelimited).string(e.linkname);
  if (e.devmajor !== 0) w.tag(8, WireType.Varint).int64(e.devmajor);
  if (e.devminor !== 0) w.tag(9, WireType.Varint).int64(e.devminor);
  const packet = w.join().finish();
  const out = Buffer.alloc(5 + packet.length);
  out.writeUInt32BE(packet.length, 1);
  out.set(packet, 5);
  return out;
}

/** A small deterministic generator (mulberry32), so a failure names a reproducible case. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const NUMBERS = [0, 1, 127, 128, 16_383, 16_384, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1];
const UINT32 = [0, 1, 127, 128, 0o644, 2 ** 31 + 0o755, 2 ** 27 + 0o777, 2 ** 32 - 1];
const MTIMES = [
  0n,
  1n,
  127n,
  128n,
  -1n,
  -(2n ** 63n),
  2n ** 63n - 1n,
  1_732_800_000_123_456_789n,
  -86_400_000_000_000n,
];
const NAMES = ["a", "dir/file.txt", "ünïcödé/名前", "emoji 🐳", "x".repeat(200), "y/".repeat(3000)];

describe("writeStatFrame", () => {
  it("writes the same bytes as BinaryWriter for random entries", () => {
    const next = random(20261128);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const out = Buffer.alloc(64 * 1024);
    for (let n = 0; n < 5000; n++) {
      const e: SyncEntry = {
        path: pick(NAMES) + (n % 7 === 0 ? "" : String(n)),
        mode: pick(UINT32),
        uid: pick(UINT32),
        gid: pick(UINT32),
        size: pick(NUMBERS),
        mtimeNs: pick(MTIMES),
        linkname: n % 3 === 0 ? pick(NAMES) : "",
        devmajor: pick(NUMBERS),
        devminor: pick(NUMBERS),
      };
      const at = Math.floor(next() * 100);
      const end = writeStatFrame(out, at, e);
      expect(end, JSON.stringify({ ...e, mtimeNs: String(e.mtimeNs) })).toBeGreaterThan(at);
      expect(out.subarray(at, end).equals(reference(e)), `entry ${n}: ${e.path.slice(0, 40)}`).toBe(true);
    }
  });

  it("writes nothing and returns -1 when the frame does not fit", () => {
    const e: SyncEntry = {
      path: "dir/file.txt",
      mode: 0o644,
      uid: 0,
      gid: 0,
      size: 10_240,
      mtimeNs: 1_732_800_000_123_456_789n,
      linkname: "",
      devmajor: 0,
      devminor: 0,
    };
    const length = reference(e).length;
    const out = Buffer.alloc(length + 3, 0xee);
    expect(writeStatFrame(out, 4, e)).toBe(-1);
    expect(out.every((b) => b === 0xee)).toBe(true);
    expect(writeStatFrame(out, 3, e)).toBe(3 + length);
  });
});
