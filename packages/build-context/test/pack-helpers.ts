/** Test helpers: temporary trees and reading archives back with tar-stream (an independent parser). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { extract, type Header } from "tar-stream";
import { onTestFinished } from "vitest";

/**
 * Creates a temporary directory holding `files` (path → content) and returns its path; the directory is
 * removed when the current test finishes.
 */
export function makeTree(files: Record<string, string>, prefix = "ek-ctx-"): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  for (const [path, content] of Object.entries(files)) {
    const abs = join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    if (path.endsWith("/")) mkdirSync(abs, { recursive: true });
    else writeFileSync(abs, content);
  }
  return root;
}

/** One archive entry as parsed back. */
export interface ReadEntry {
  header: Header;
  data: Buffer;
}

/** Parses a tar stream into entries (PAX records applied by tar-stream). */
export async function readArchive(stream: Readable | Buffer): Promise<ReadEntry[]> {
  const ex = extract();
  const out: ReadEntry[] = [];
  const done = (async () => {
    for await (const entry of ex) {
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      out.push({ header: entry.header, data: Buffer.concat(chunks) });
    }
  })();
  if (Buffer.isBuffer(stream)) ex.end(stream);
  else stream.pipe(ex);
  await done;
  return out;
}

/** Collects a stream into one Buffer. */
export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
