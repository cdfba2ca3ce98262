/**
 * BuildKit's file sync served from a planned context: `moby.filesync.v1.FileSync/DiffCopy` (moby/buildkit
 * `session/filesync/filesync.go`), the sending side of fsutil's protocol (tonistiigi/fsutil `send.go`,
 * `receive.go`). One call per directory BuildKit reads, named by the `dir-name` metadata (`context` or
 * `dockerfile`, `synced-dirs.ts`), with the selection of `sync-filter.ts`:
 *
 * 1. enginekit sends one STAT packet per entry, in fsutil's walk order, then an empty STAT;
 * 2. BuildKit compares each stat with what it kept from the last transfer under the session's shared key
 *    (mode, owner, size, nanosecond mtime, link target) and sends a REQ with the entry's index for each
 *    file whose bytes it needs — on a rebuild of an unchanged context, none;
 * 3. each requested file goes back as DATA packets (up to {@link DATA_CHUNK_BYTES} each) and an empty DATA;
 * 4. BuildKit sends FIN when it has everything; enginekit answers FIN and ends the call with `grpc-status: 0`.
 *
 * BuildKit reads the context's `.dockerignore` itself (a call selecting only that file) to exclude what it
 * lists; the ignore file is enginekit's to apply, and `context` is already what it left, so that call gets an
 * empty directory and BuildKit excludes nothing more. A file that vanished or shrank since the walk ends the
 * call with an ERR packet (BuildKit fails the build with `error from sender: …`) and is kept in
 * {@link FileSync.problem} for the command to report. Writes honour HTTP/2 backpressure: memory stays bounded
 * whatever the size of a file.
 */
import { closeSync, readSync } from "node:fs";
import type { ServerHttp2Stream } from "node:http2";
import { DOCKER_IGNORE_FILE_NAME } from "../../../ignore/load-ignore-file.js";
import { ContextError } from "../../../pack/context-error.js";
import { openContextFile, openFailure } from "../../../pack/open-context-file.js";
import { type ChunkMemory, chunkMemory, RECYCLE_ARENA_BYTES } from "../../../pack/pack-stream.js";
import type { ContextPlan } from "../../../pack/plan-context.js";
import type { ContextEntry } from "../../../pack/walk-context.js";
import {
  decodePacket,
  END_OF_STATS,
  encodeDataHead,
  encodeErrorPacket,
  FIN_PACKET,
  PacketType,
  writeStatFrame,
} from "./fsutil-packets.js";
import { endWithStatus, GrpcFrameReader } from "./grpc-frames.js";
import { type SyncSelection, selectEntries, selectionMatchers } from "./sync-filter.js";
import { contextDir, dockerfileDir, isRegularMode, type SyncEntry } from "./synced-dirs.js";

/**
 * Size of the DATA packets a file is sent in, in bytes (fsutil sends 32 KiB; BuildKit accepts up to 4 MiB).
 * 1 MiB packets made BuildKit receive a 1 GiB file about 40 % slower than the engine CLI's 32 KiB ones
 * (27.5 s against 19.6 s, medians of 3 in one run); with 64 KiB both took 13–16 s, at a third of the CLI's CPU time.
 */
const DATA_CHUNK_BYTES = 64 * 1024;

/** Frames are gathered into writes of about this many bytes (one HTTP/2 write each). */
const BATCH_BYTES = 256 * 1024;

/**
 * Stat frames are written into buffers of this many bytes, each one write (about 1,600 stats of 40 bytes):
 * a buffer per stat took 20,000 stream writes for 20,000 files.
 */
const STAT_BATCH_BYTES = 64 * 1024;

/**
 * Stats written between two looks at BuildKit's requests (see `DiffCopySender.send`) once it requested a
 * file, and before (a rebuild that requests nothing writes fewer, larger chunks).
 */
const STAT_CHUNK = 128;
const FIRST_STAT_CHUNK = 1024;
/** While BuildKit requests files, stats go at most this many entries past the highest one requested… */
const STATS_AHEAD = 256;
/** …waiting up to this many ms for its next request… */
const PACE_MS = 5;
/** …as long as its last request is at most this many ms old. */
const PACE_RECENT_MS = 50;

/**
 * Bytes written to the stream but not yet taken by HTTP/2 that the sender lets run ahead before waiting
 * (see `flush`). Sending a 1 GiB file took 24 s end to end when each 1 MiB chunk waited for the stream to
 * drain before the next was read, against 20 s for the engine CLI, which reads and sends concurrently.
 */
const IN_FLIGHT_BYTES = 2 * 1024 * 1024;

/**
 * Frames are carved from one recycled arena (`pack-stream.ts` `chunkMemory`): no garbage per file, which
 * took 1.8 s of garbage collection for 20,000 files of 10 KiB with a buffer each. Safe because a flush
 * waits while more than {@link IN_FLIGHT_BYTES} (plus one batch and one chunk: at most about 3.5 MiB) are
 * not yet written, far less than the arena's {@link RECYCLE_ARENA_BYTES}.
 */
const RECYCLE = true;

/** gRPC status codes used here (grpc `doc/statuscodes.md`). */
const GrpcStatus = { ok: 0, unknown: 2, notFound: 5 } as const;

/** The metadata keys of a `DiffCopy` call (moby/buildkit `session/filesync/filesync.go`). */
const Key = {
  dirName: "dir-name",
  includePatterns: "include-patterns",
  excludePatterns: "exclude-patterns",
  followPaths: "followpaths",
} as const;

/** The `DiffCopy` service of one build: serves the plan's `context` and `dockerfile` directories. */
export class FileSync {
  /**
   * Why a call failed on enginekit's side — the walk's failure (a `ContextError` listing unreadable paths),
   * or a file that vanished or shrank — for the command to report.
   */
  problem: ContextError | undefined;
  /** Calls served: the directory, the selection and how many stats and files went out (tests, debugging). */
  readonly served: { dir: string; stats: number; files: number; selection: SyncSelection }[] = [];
  private contextEntries: Promise<SyncEntry[]> | undefined;
  private dockerfileEntries: SyncEntry[] | undefined;
  private readonly readAtNs = BigInt(Date.now()) * 1_000_000n;

  /**
   * `source.buildContext` may still be walked (a promise): the `dockerfile` directory is served at once,
   * and a call for `context` waits for the walk (and fails with its error, as BuildKit's `error from
   * sender`, when the walk fails).
   */
  constructor(private readonly source: FileSyncSource) {}

  /**
   * Serves one `DiffCopy` call on `stream`; `rawHeaders` are the call's headers as received (name,
   * value, …), so a metadata key sent several times keeps each value. Resolves when the call ended.
   */
  async serve(stream: ServerHttp2Stream, rawHeaders: readonly string[]): Promise<void> {
    const metadata = readMetadata(rawHeaders);
    const dirName = metadata.get(Key.dirName)?.[0] ?? "";
    const selection: SyncSelection = {
      includePatterns: metadata.get(Key.includePatterns) ?? [],
      excludePatterns: metadata.get(Key.excludePatterns) ?? [],
      followPaths: metadata.get(Key.followPaths) ?? [],
    };
    let entries: readonly SyncEntry[];
    try {
      // BuildKit reading the ignore file does not wait for the walk
      const ignoreFileOnly = dirName === "context" && selectsIgnoreFileOnly(selection);
      const dir = ignoreFileOnly ? [] : await this.dir(dirName);
      if (dir === undefined)
        return endWithStatus(stream, GrpcStatus.notFound, `no access allowed to dir "${dirName}"`);
      entries = ignoreFileOnly ? [] : selectEntries(dir, await selectionMatchers(dir, selection));
    } catch (error) {
      // the walk's own failure (an unreadable path) is the build's problem, for the command to report
      if (error instanceof ContextError) this.problem ??= error;
      return endWithStatus(stream, GrpcStatus.unknown, (error as Error).message);
    }
    const record = { dir: dirName, stats: entries.length, files: 0, selection };
    this.served.push(record);
    const sender = new DiffCopySender(stream, entries, (problem) => {
      this.problem ??= problem;
    });
    record.files = await sender.run();
  }

  private async dir(name: string): Promise<readonly SyncEntry[] | undefined> {
    const { root, buildContext, buildFile } = this.source;
    if (name === "context")
      return (this.contextEntries ??= Promise.resolve(buildContext).then((entries) =>
        contextDir({ root, buildContext: entries }),
      ));
    if (name === "dockerfile") return (this.dockerfileEntries ??= dockerfileDir(buildFile, this.readAtNs));
    return undefined;
  }
}

/**
 * What {@link FileSync} serves: the context directory, its entries as a build's `COPY` sees them (a plan's
 * `buildContext`, or a promise of it while the walk goes on) and the build file.
 */
export interface FileSyncSource extends Pick<ContextPlan, "root" | "buildFile"> {
  buildContext: readonly ContextEntry[] | PromiseLike<readonly ContextEntry[]>;
}

/** The call's metadata: each key with its values in order (a key sent several times keeps every value). */
function readMetadata(rawHeaders: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (name.startsWith(":")) continue;
    const values = out.get(name);
    if (values) values.push(rawHeaders[i + 1]!);
    else out.set(name, [rawHeaders[i + 1]!]);
  }
  return out;
}

/** Whether a call asks for the context's `.dockerignore` alone (BuildKit reading the ignore file). */
function selectsIgnoreFileOnly(selection: SyncSelection): boolean {
  const named = [...selection.includePatterns, ...selection.followPaths];
  return (
    named.length > 0 &&
    selection.excludePatterns.length === 0 &&
    named.every((p) => p.replace(/^(\.?\/)+/, "") === DOCKER_IGNORE_FILE_NAME)
  );
}

/** The 5-byte gRPC message prefix (uncompressed, big-endian length) at `offset` of `out`. */
function writePrefix(out: Buffer, offset: number, length: number): void {
  out[offset] = 0;
  out.writeUInt32BE(length, offset + 1);
}

/** One framed message in a fresh buffer. */
function frame(message: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(5 + message.length);
  writePrefix(out, 0, message.length);
  out.set(message, 5);
  return out;
}

/** The sending side of one `DiffCopy` call (see the module comment). */
class DiffCopySender {
  /** Requested entry indexes; those before `nextRequest` are sent. */
  private requests: number[] = [];
  private nextRequest = 0;
  /** The highest entry index requested so far (-1: none), and when the last request came (ms). */
  private highestRequest = -1;
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  /** Resolves the sender's wait for the receiver's next packet (a request, FIN, ERR) or the stream's end. */
  private wake: (() => void) | undefined;
  private finReceived = false;
  private statsSent = false;
  private ended = false;
  private filesSent = 0;
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private readonly memory: ChunkMemory = chunkMemory(RECYCLE);
  /** Writes not yet complete, oldest first, and their bytes. */
  private inFlight: { bytes: number; written: Promise<void> }[] = [];
  private inFlightBytes = 0;
  /** Settles when the stream closes (no write completes after that). */
  private readonly closed: Promise<void>;
  private resolveRun: ((files: number) => void) | undefined;

  constructor(
    private readonly stream: ServerHttp2Stream,
    private readonly entries: readonly SyncEntry[],
    private readonly onProblem: (problem: ContextError) => void,
  ) {
    this.closed = new Promise((resolve) => stream.once("close", () => resolve()));
  }

  /** Runs the call to its end; resolves with the number of files sent. */
  run(): Promise<number> {
    const done = new Promise<number>((resolve) => {
      this.resolveRun = resolve;
    });
    const { stream } = this;
    stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
    const reader = new GrpcFrameReader();
    stream.on("data", (chunk: Buffer) => {
      try {
        for (const message of reader.push(chunk)) this.receive(decodePacket(message));
      } catch (error) {
        this.fail(`bad message from the receiver: ${(error as Error).message}`);
      }
      // once per chunk of the stream, not per request: a chunk carries many REQ packets
      this.wakeUp();
    });
    stream.once("close", () => this.finish());
    stream.once("error", () => this.finish());
    this.send().catch((error: unknown) => this.fail((error as Error).message));
    return done;
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** Waits for the receiver's next packet or the stream's end, and at most `ms` milliseconds when given. */
  private async waitForReceiver(ms?: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waits = [
      new Promise<void>((resolve) => {
        this.wake = resolve;
      }),
      this.closed,
    ];
    if (ms !== undefined)
      waits.push(
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, ms);
        }),
      );
    await Promise.race(waits);
    clearTimeout(timer);
    this.wake = undefined;
  }

  private receive(packet: { type: number; id: number; data: Uint8Array }): void {
    switch (packet.type) {
      case PacketType.req: {
        const entry = this.entries[packet.id];
        if (entry === undefined || !isRegularMode(entry.mode) || entry.linkname !== "") {
          this.fail(`invalid file request ${packet.id}`);
          return;
        }
        this.requests.push(packet.id);
        if (packet.id > this.highestRequest) this.highestRequest = packet.id;
        this.lastRequestAt = performance.now();
        return;
      }
      case PacketType.fin:
        this.finReceived = true;
        return;
      case PacketType.err:
        // BuildKit's own failure (it reports it itself): end the call.
        this.end(GrpcStatus.unknown, `error from receiver: ${Buffer.from(packet.data).toString()}`);
        return;
    }
  }

  /**
   * The one sending loop: stats in chunks of {@link STAT_CHUNK}, the files BuildKit requested before each
   * next chunk, then the empty stat, the remaining requests and FIN once BuildKit sent its FIN.
   *
   * BuildKit's receiver (fsutil `receive.go`) reads the stream in order with one goroutine, which hands
   * each stat to the goroutine that creates the file (and requests its bytes) and writes each file's
   * DATA itself. Stats sent far ahead of what it has created stand between it and the data it asked
   * for, so the two goroutines take turns instead of working side by side: 20,000 files of 10 KiB took
   * 10.0 s against the engine CLI's 5.5 s (fsutil's sender interleaves: a walker and four file senders
   * share the stream). While requests come in, the stats are kept at most {@link STATS_AHEAD} entries
   * past the highest one requested, waiting up to {@link PACE_MS} for the next request; when none comes
   * in that time, the stats go on unpaced until the next one. A rebuild that requests nothing sends its
   * stats without waiting, one that requests a few files waits at most {@link PACE_MS} for each.
   */
  private async send(): Promise<void> {
    const { entries } = this;
    let next = 0;
    while (!this.ended) {
      if (this.nextRequest < this.requests.length) {
        await this.sendRequested();
        continue;
      }
      if (next < entries.length) {
        const receiving = performance.now() - this.lastRequestAt < PACE_RECENT_MS;
        if (receiving && next - this.highestRequest > STATS_AHEAD) {
          await this.flush();
          const highest = this.highestRequest;
          await this.waitForReceiver(PACE_MS);
          // no request meanwhile: the next changed file is further on (a rebuild that requests a few):
          // stats go on unpaced until the next request, so each costs at most one wait
          if (this.highestRequest === highest) this.lastRequestAt = Number.NEGATIVE_INFINITY;
          continue;
        }
        next = this.addStats(next, this.highestRequest < 0 ? FIRST_STAT_CHUNK : STAT_CHUNK);
        await this.flush();
        // a turn of the event loop, so that BuildKit's requests are read before the next chunk
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (!this.statsSent) {
        this.add(frame(END_OF_STATS));
        await this.flush();
        this.statsSent = true;
        continue;
      }
      await this.flush();
      if (this.nextRequest < this.requests.length) continue;
      if (this.finReceived) {
        this.add(frame(FIN_PACKET));
        await this.flush();
        this.end(GrpcStatus.ok);
        return;
      }
      if (this.stream.destroyed) return;
      await this.waitForReceiver();
    }
  }

  /** Adds the stats of up to `count` entries from `next` to the batch; returns the index after them. */
  private addStats(next: number, count: number): number {
    const { entries } = this;
    const stop = Math.min(entries.length, next + count);
    let i = next;
    while (i < stop) {
      let out = this.memory.reserve(STAT_BATCH_BYTES);
      let end = 0;
      for (let at = 0; i < stop; i++) {
        at = writeStatFrame(out, end, entries[i]!);
        if (at < 0) break;
        end = at;
      }
      if (end === 0) {
        // one stat larger than a batch (a path and a link target of tens of KiB): a buffer of its own,
        // with room for its fixed fields (at most 10 bytes each) and length prefixes
        const e = entries[i++]!;
        out = Buffer.allocUnsafe(256 + Buffer.byteLength(e.path) + Buffer.byteLength(e.linkname));
        end = writeStatFrame(out, 0, e);
      } else this.memory.commit(end);
      this.add(out.subarray(0, end));
    }
    return i;
  }

  /** Sends the requested files (those that arrive meanwhile too), then writes the batch. */
  private async sendRequested(): Promise<void> {
    while (this.nextRequest < this.requests.length && !this.ended) {
      const id = this.requests[this.nextRequest++]!;
      await this.sendFile(this.entries[id]!, id);
    }
    this.requests = [];
    this.nextRequest = 0;
    await this.flush();
  }

  /** Sends one file as DATA packets and the empty DATA packet that ends it. */
  private async sendFile(entry: SyncEntry, id: number): Promise<void> {
    const size = entry.linkedSize ?? entry.size;
    let fd: number | undefined;
    if (entry.content === undefined) {
      try {
        fd = openContextFile(entry.source!);
      } catch (error) {
        throw this.problem(entry, openFailure(error));
      }
    }
    try {
      let offset = 0;
      do {
        const length = Math.min(DATA_CHUNK_BYTES, size - offset);
        const head = encodeDataHead(id, length);
        const last = offset + length === size;
        const tail = last ? encodeDataHead(id, 0) : undefined;
        const bytes = 5 + head.length + length + (tail ? 5 + tail.length : 0);
        const out = this.memory.reserve(bytes);
        this.memory.commit(bytes);
        writePrefix(out, 0, head.length + length);
        out.set(head, 5);
        const at = 5 + head.length;
        if (fd === undefined) out.set(entry.content!.subarray(offset, offset + length), at);
        else {
          let read = 0;
          while (read < length) {
            const n = readSync(fd, out, at + read, length - read, offset + read);
            if (n === 0) throw this.problem(entry, "shrank");
            read += n;
          }
        }
        if (tail) {
          writePrefix(out, at + length, tail.length);
          out.set(tail, at + length + 5);
        }
        if (length > 0 || tail) this.add(out);
        offset += length;
        if (this.batchBytes >= BATCH_BYTES) await this.flush();
      } while (offset < size && !this.ended);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    this.filesSent++;
  }

  private problem(entry: SyncEntry, what: string): ContextError {
    const problem = new ContextError(`${entry.path}: ${what} while the context was being sent`, [entry.path]);
    this.onProblem(problem);
    return problem;
  }

  private add(buffer: Buffer): void {
    this.batch.push(buffer);
    this.batchBytes += buffer.length;
  }

  /**
   * Writes the gathered frames (one writev) and, while more than {@link IN_FLIGHT_BYTES} are written but
   * not yet taken by HTTP/2, waits for the oldest writes to complete: the next file is read while the
   * last ones are sent (waiting for the stream to drain completely left the socket idle during every read).
   */
  private async flush(): Promise<void> {
    if (this.batch.length === 0 || this.ended) return;
    const { stream } = this;
    const batch = this.batch;
    const bytes = this.batchBytes;
    this.batch = [];
    this.batchBytes = 0;
    const written = new Promise<void>((resolve) => {
      stream.cork();
      for (let i = 0; i < batch.length - 1; i++) stream.write(batch[i]!);
      stream.write(batch[batch.length - 1]!, () => resolve());
      stream.uncork();
    });
    this.inFlight.push({ bytes, written });
    this.inFlightBytes += bytes;
    while (this.inFlightBytes > IN_FLIGHT_BYTES && !stream.destroyed) {
      const oldest = this.inFlight.shift()!;
      await Promise.race([oldest.written, this.closed]);
      this.inFlightBytes -= oldest.bytes;
    }
  }

  /** Ends the call with an ERR packet (BuildKit then fails the build with the message) and an error status. */
  private fail(message: string): void {
    if (this.ended) return;
    this.batch = [];
    this.batchBytes = 0;
    if (!this.stream.destroyed) this.stream.write(frame(encodeErrorPacket(message)));
    this.end(GrpcStatus.unknown, message);
  }

  private end(code: number, message?: string): void {
    if (this.ended) return;
    this.ended = true;
    const { stream } = this;
    if (!stream.destroyed) {
      stream.once("wantTrailers", () =>
        stream.sendTrailers({
          "grpc-status": String(code),
          ...(message ? { "grpc-message": encodeURIComponent(message) } : {}),
        }),
      );
      stream.end();
    }
    this.finish();
  }

  private finish(): void {
    this.ended = true;
    this.wakeUp();
    this.resolveRun?.(this.filesSent);
    this.resolveRun = undefined;
  }
}
