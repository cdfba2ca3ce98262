/**
 * Streaming a planned context as a tar archive with bounded memory (architecture principle 5). The
 * archive is produced synchronously as its consumer pulls it: headers are written and small files read
 * with `readSync` straight into 128 KiB batches (no per-file allocation), large files are read with
 * `readSync` in 1 MiB chunks (no thread-pool round trip and no promise per chunk: the cheapest path
 * per byte in Node, and the next chunk is ready the moment the socket drains). A slow engine slows the
 * reads instead of filling memory. A file that vanished or shrank since planning destroys the stream
 * with a {@link ContextError}, so the engine never receives a complete-looking partial context.
 */
import { closeSync, readSync } from "node:fs";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { ContextError } from "./context-error.js";
import { openContextFile, openFailure } from "./open-context-file.js";
import type { ContextPlan } from "./plan-context.js";
import {
  END_OF_ARCHIVE_BYTES,
  encodeHeader,
  headerBytes,
  paddingAfter,
  TypeFlag,
  writeHeader,
} from "./tar-header.js";
import type { ContextEntry } from "./walk-context.js";

/**
 * Size of the batches headers and small files are written into, in bytes. Each chunk costs the stream
 * and the socket several microseconds: packing 20,000 files of 10 KiB into a spawned `cat` took 0.41 s
 * in 16 KiB batches, 0.26 s in 32 KiB, 0.22–0.26 s in 64 KiB and 0.20–0.22 s in 128 KiB (medians of
 * 9–14 interleaved runs); 256 KiB to 1 MiB gained nothing, nor anything above 32 KiB into a 64 KiB pipe.
 */
const BATCH_BYTES = 128 * 1024;

/**
 * Size of the chunks large files are read in, in bytes: large enough that the per-chunk cost (one
 * `readSync`, one stream push, one socket write) is negligible next to copying the bytes.
 */
const LARGE_CHUNK_BYTES = 1024 * 1024;

/**
 * The stream's `highWaterMark`: one byte, so it buffers exactly one chunk (a batch or a large-file
 * chunk) ahead of its consumer. More than one buffered chunk would reach a paused-mode `read()` (async
 * iteration) as one concatenated copy; see {@link TarStream}.
 */
const STREAM_HIGH_WATER_MARK = 1;

/** Progress of a pack: archive bytes produced and entries written so far. */
export interface PackProgress {
  bytes: number;
  entries: number;
}

/** Options of {@link packContext}. */
export interface PackOptions {
  /** gzip the archive (level 1: the engine detects compression itself). Default false. */
  gzip?: boolean;
  /** Called after each yielded chunk with the uncompressed progress. */
  onProgress?: (progress: PackProgress) => void;
  /**
   * Carve chunks from one fixed {@link RECYCLE_ARENA_BYTES} arena, reused in a circle, instead of
   * allocating one per chunk (no garbage, so no GC time and a flat RSS). Only for consumers that are
   * done with a chunk once they ask for more — a socket or file written through `pipe`/`pipeline` or an
   * HTTP client body — whose backpressure keeps far fewer than {@link RECYCLE_ARENA_BYTES} in flight.
   * Never for consumers that keep chunks (collecting them into an array). Default false.
   */
  recycleBuffers?: boolean;
}

/**
 * Size in bytes of the arena chunks are carved from with `recycleBuffers`. A chunk's bytes are reused
 * only after this many more bytes were handed out, while a backpressured consumer holds at most the
 * stream's buffer (one chunk), the one or two chunks its socket or file write keeps pending
 * and 16 KiB of small writes: about 3 MiB with 1 MiB chunks, so 8 MiB leaves a wide margin.
 */
export const RECYCLE_ARENA_BYTES = 8 * 1024 * 1024;

/**
 * Where chunks come from: `reserve(size)` gives a buffer of `size` bytes, `commit(used)` marks its first
 * `used` bytes as handed out (the rest may be reserved again). Fresh buffers, or slices of one arena.
 * Also used by the file sync (`file-sync.ts`), whose writes wait for HTTP/2 backpressure the same way.
 */
export interface ChunkMemory {
  reserve(size: number): Buffer;
  commit(used: number): void;
}

/** Fresh buffers, or (`recycle`) slices of one {@link RECYCLE_ARENA_BYTES} arena reused in a circle. */
export function chunkMemory(recycle: boolean): ChunkMemory {
  if (!recycle) return { reserve: (size) => Buffer.allocUnsafe(size), commit: () => {} };
  let arena: Buffer | undefined;
  let next = 0;
  return {
    reserve: (size) => {
      arena ??= Buffer.allocUnsafe(RECYCLE_ARENA_BYTES);
      if (next + size > arena.length) next = 0;
      return arena.subarray(next, next + size);
    },
    commit: (used) => {
      next += used;
    },
  };
}

function fileError(entry: ContextEntry, reason: string): ContextError {
  return new ContextError(`${entry.path}: ${reason} while the context was being sent`, [entry.path]);
}

/**
 * Opens a context file for reading (`openContextFile`: a link in its place is not followed).
 * @throws ContextError when it vanished, was replaced by a symbolic link or became unreadable.
 */
function openEntry(entry: ContextEntry): number {
  try {
    return openContextFile(entry.source!);
  } catch (error) {
    throw fileError(entry, openFailure(error));
  }
}

/**
 * Fills `length` bytes of `target` from `offset` with the file's bytes from `position`.
 * @throws ContextError when the file ends first.
 */
function readExactly(
  entry: ContextEntry,
  fd: number,
  target: Buffer,
  offset: number,
  length: number,
  position: number,
): void {
  let done = 0;
  while (done < length) {
    const n = readSync(fd, target, offset + done, length - done, position + done);
    if (n === 0) throw fileError(entry, "shrank");
    done += n;
  }
}

/** Reads a whole small file into `target` at `offset`. @throws ContextError */
function readSmallFile(entry: ContextEntry, target: Buffer, offset: number): void {
  const fd = openEntry(entry);
  try {
    readExactly(entry, fd, target, offset, entry.header.size, 0);
  } finally {
    closeSync(fd);
  }
}

/** A large file in chunks of at most {@link LARGE_CHUNK_BYTES}; the file is closed when the generator ends. */
function* readLargeFile(entry: ContextEntry, memory: ChunkMemory): Generator<Buffer> {
  const fd = openEntry(entry);
  try {
    const size = entry.header.size;
    for (let done = 0; done < size; ) {
      const length = Math.min(LARGE_CHUNK_BYTES, size - done);
      const chunk = memory.reserve(length);
      memory.commit(length);
      readExactly(entry, fd, chunk, 0, length, done);
      done += chunk.length;
      yield chunk;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The archive as a sequence of chunks, produced synchronously as it is pulled (every read is a
 * synchronous `readSync` straight into the chunk: no thread-pool round trip, no promise per chunk):
 * fresh Buffers the consumer may keep, or with `recycleBuffers` slices of a fixed arena valid only until
 * {@link RECYCLE_ARENA_BYTES} more bytes were taken. Ending the iteration early closes the open file.
 * @throws ContextError when a file vanished, became unreadable or shrank since planning.
 */
export function* tarChunks(
  plan: ContextPlan,
  onProgress?: (p: PackProgress) => void,
  recycleBuffers = false,
): Generator<Buffer> {
  const memory = chunkMemory(recycleBuffers);
  // The batch being filled, reserved when first written to (so large chunks never overlap it).
  let batch: Buffer | undefined;
  let used = 0;
  const progress: PackProgress = { bytes: 0, entries: 0 };
  const open = (): Buffer => {
    batch ??= memory.reserve(BATCH_BYTES);
    return batch;
  };
  const take = (): Buffer => {
    const out = open().subarray(0, used);
    memory.commit(used);
    progress.bytes += used;
    batch = undefined;
    used = 0;
    return out;
  };
  const zero = (n: number) => {
    open().fill(0, used, used + n);
    used += n;
  };
  for (const entry of plan.entries) {
    const headerLength = headerBytes(entry.header);
    const isFile = entry.header.type === TypeFlag.file;
    const size = isFile ? entry.header.size : 0;
    const pad = paddingAfter(size);
    if (used + headerLength + size + pad > BATCH_BYTES && used > 0) {
      yield take();
      onProgress?.(progress);
    }
    if (headerLength + size + pad <= BATCH_BYTES) {
      const target = open();
      used += writeHeader(target, used, entry.header);
      if (entry.content) {
        entry.content.copy(target, used);
        used += size;
      } else if (size > 0) {
        readSmallFile(entry, target, used);
        used += size;
      }
      zero(pad);
    } else {
      // Large file: header, then the content in chunks, then the padding in the next batch.
      if (headerLength > BATCH_BYTES) {
        yield encodeHeader(entry.header);
        progress.bytes += headerLength;
      } else used += writeHeader(open(), used, entry.header);
      if (used > 0) yield take();
      for (const chunk of entry.content ? [entry.content] : readLargeFile(entry, memory)) {
        progress.bytes += chunk.length;
        yield chunk;
        onProgress?.(progress);
      }
      zero(pad);
    }
    progress.entries++;
  }
  if (used + END_OF_ARCHIVE_BYTES > BATCH_BYTES) yield take();
  zero(END_OF_ARCHIVE_BYTES);
  yield take();
  onProgress?.(progress);
}

/**
 * A byte stream over {@link tarChunks} that buffers one chunk ahead of its consumer
 * ({@link STREAM_HIGH_WATER_MARK}), so a consumer asking for more finds the next chunk ready. A
 * consumer that takes chunks as they come (`pipe`, `pipeline`, `data` events) gets them pushed
 * synchronously, one after the other, until it pushes back. Each `_read` produces on the next tick,
 * never inside `read()` itself: a sizeless `read()` in paused mode — async iteration, `for await` —
 * returns everything buffered, and a chunk pushed during the call would be concatenated with the one
 * already there (Node's `fromList` copying both), costing every byte a copy and its garbage:
 * `enginekit build --output -` of a 1 GiB file into a pipe took 2.1–7.5 s with it, 1.0–2.5 s without
 * (docs/build.md, Performance). Destroying it ends the generator (closing any open file); a read
 * failure destroys it with the {@link ContextError}.
 */
class TarStream extends Readable {
  /** Whether a production step is scheduled (Node calls `_read` once per push, this is a guard). */
  private scheduled = false;

  constructor(private readonly chunks: Generator<Buffer>) {
    super({ highWaterMark: STREAM_HIGH_WATER_MARK });
  }

  override _read(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    process.nextTick(() => this.produce());
  }

  /** Pushes chunks until the buffer is full or the archive ends. */
  private produce(): void {
    this.scheduled = false;
    if (this.destroyed) return;
    try {
      for (;;) {
        const next = this.chunks.next();
        if (this.destroyed) {
          // Destroyed by a callback while the generator ran (it could not be ended then).
          this.chunks.return(undefined);
          return;
        }
        if (next.done) {
          this.push(null);
          return;
        }
        if (!this.push(next.value)) return;
      }
    } catch (error) {
      this.destroy(error as Error);
    }
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    try {
      this.chunks.return(undefined);
    } catch {
      // Still running (destroyed from a callback): `produce` ends it. Or it failed: that is the error.
    }
    callback(error);
  }
}

/**
 * The archive of `plan` as a byte stream (optionally gzip-compressed). Destroying the stream stops the
 * reads and closes any open file; read failures destroy it with a {@link ContextError}.
 */
export function packContext(plan: ContextPlan, options: PackOptions = {}): Readable {
  const tar = new TarStream(tarChunks(plan, options.onProgress, options.recycleBuffers === true));
  if (!options.gzip) return tar;
  const gzip = createGzip({ level: 1 });
  tar.on("error", (error) => gzip.destroy(error));
  gzip.on("close", () => tar.destroy());
  return tar.pipe(gzip);
}
