/**
 * Streaming a planned context as a tar archive with bounded memory (architecture principle 5): headers
 * are written and small files read synchronously straight into 64 KiB batches (the cheapest path per
 * file in Node: no per-file allocation), large files are streamed in 256 KiB chunks; the stream is pulled by its consumer, so a slow engine slows the
 * reads instead of filling memory. A file that vanished or shrank since planning destroys the stream
 * with a {@link ContextError}, so the engine never receives a complete-looking partial context.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { ContextError } from "./context-error.js";
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
 * Size of the batches the stream yields, in bytes. Small enough for the allocator to recycle freed
 * batches (no fresh pages, bounded RSS), large enough to keep per-chunk stream overhead negligible.
 */
const BATCH_BYTES = 64 * 1024;

/** Size of the chunks large files are read in, in bytes. */
const LARGE_CHUNK_BYTES = 256 * 1024;

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
   * Recycle chunk buffers from a fixed ring instead of allocating one per chunk (no garbage, so no GC
   * time and a flat RSS). Only for consumers that are done with a chunk once they ask for more — a
   * socket or file written through `pipe`/`pipeline` or an HTTP client body, whose backpressure keeps
   * fewer than {@link RING_SIZE} chunks in flight. Never for consumers that keep chunks (collecting
   * them into an array). Default false.
   */
  recycleBuffers?: boolean;
}

/**
 * Buffers per ring when recycling: far more than the chunks a backpressured writer can hold (its
 * readable buffer of one batch plus the one or two chunks a socket or file write keeps pending).
 */
export const RING_SIZE = 32;

/** Hands out `size`-byte buffers: fresh ones, or round-robin from a ring of {@link RING_SIZE}. */
function bufferSource(size: number, recycle: boolean): () => Buffer {
  if (!recycle) return () => Buffer.allocUnsafe(size);
  const ring: Buffer[] = [];
  let next = 0;
  return () => {
    let buf = ring[next];
    if (!buf) buf = ring[next] = Buffer.allocUnsafe(size);
    next = (next + 1) % RING_SIZE;
    return buf;
  };
}

function fileError(entry: ContextEntry, reason: string): ContextError {
  return new ContextError(`${entry.path}: ${reason} while the context was being sent`, [entry.path]);
}

/** The error for a file that could not be opened for packing. */
function openError(entry: ContextEntry, error: unknown): ContextError {
  const code = (error as NodeJS.ErrnoException).code;
  return fileError(entry, code === "ENOENT" ? "vanished" : "became unreadable");
}

/** Reads exactly `size` bytes of `path` into `target` at `offset`. @throws ContextError */
function readSmallFile(entry: ContextEntry, target: Buffer, offset: number): void {
  let fd: number;
  try {
    fd = openSync(entry.source!, "r");
  } catch (error) {
    throw openError(entry, error);
  }
  try {
    const size = entry.header.size;
    let done = 0;
    while (done < size) {
      const n = readSync(fd, target, offset + done, size - done, done);
      if (n === 0) throw fileError(entry, "shrank");
      done += n;
    }
  } finally {
    closeSync(fd);
  }
}

/** Streams a large file in chunks. @throws ContextError */
async function* readLargeFile(entry: ContextEntry, alloc: () => Buffer): AsyncGenerator<Buffer> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(entry.source!, "r");
  } catch (error) {
    throw openError(entry, error);
  }
  try {
    const size = entry.header.size;
    let done = 0;
    while (done < size) {
      const want = Math.min(LARGE_CHUNK_BYTES, size - done);
      const chunk = alloc().subarray(0, want);
      let got = 0;
      while (got < want) {
        const { bytesRead } = await handle.read(chunk, got, want - got, done + got);
        if (bytesRead === 0) throw fileError(entry, "shrank");
        got += bytesRead;
      }
      done += want;
      yield chunk;
    }
  } finally {
    await handle.close();
  }
}

/**
 * The archive as an async sequence of chunks: fresh Buffers the consumer may keep, or with
 * `recycleBuffers` ring buffers valid only until {@link RING_SIZE} more chunks were taken.
 */
export async function* tarChunks(
  plan: ContextPlan,
  onProgress?: (p: PackProgress) => void,
  recycleBuffers = false,
): AsyncGenerator<Buffer> {
  const newBatch = bufferSource(BATCH_BYTES, recycleBuffers);
  const newChunk = bufferSource(LARGE_CHUNK_BYTES, recycleBuffers);
  let batch = newBatch();
  let used = 0;
  const progress: PackProgress = { bytes: 0, entries: 0 };
  const take = (): Buffer => {
    const out = batch.subarray(0, used);
    progress.bytes += used;
    batch = newBatch();
    used = 0;
    return out;
  };
  const zero = (n: number) => {
    batch.fill(0, used, used + n);
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
      used += writeHeader(batch, used, entry.header);
      if (entry.content) {
        entry.content.copy(batch, used);
        used += size;
      } else if (size > 0) {
        readSmallFile(entry, batch, used);
        used += size;
      }
      zero(pad);
    } else {
      // Large file: header, then the content in chunks, then the padding in the next batch.
      if (headerLength > BATCH_BYTES) {
        yield encodeHeader(entry.header);
        progress.bytes += headerLength;
      } else used += writeHeader(batch, used, entry.header);
      yield take();
      for await (const chunk of entry.content ? [entry.content] : readLargeFile(entry, newChunk)) {
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
 * The archive of `plan` as a byte stream (optionally gzip-compressed). Destroying the stream stops the
 * reads and closes any open file; read failures destroy it with a {@link ContextError}.
 */
export function packContext(plan: ContextPlan, options: PackOptions = {}): Readable {
  const tar = Readable.from(tarChunks(plan, options.onProgress, options.recycleBuffers === true), {
    objectMode: false,
    highWaterMark: BATCH_BYTES,
  });
  if (!options.gzip) return tar;
  const gzip = createGzip({ level: 1 });
  tar.on("error", (error) => gzip.destroy(error));
  gzip.on("close", () => tar.destroy());
  return tar.pipe(gzip);
}
