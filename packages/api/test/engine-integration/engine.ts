import { randomBytes } from "node:crypto";
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { EngineClient } from "../../src/engine/client/index.js";

/** The real engine's address (`ENGINE_HOST`); `undefined` outside CI when unset (suites then skip). */
export const engineHost = engineHostForTests();
if (!engineHost) console.warn(NO_ENGINE_MESSAGE);

/** The offline base image imported by tools/engine/start.sh. */
export const IMAGE = BUSYBOX_IMAGE;

/**
 * A client of the real engine, negotiating the version as users get it, with `validateResponses` so every
 * JSON response and event the real engine sends is parsed with its schema (a mismatch fails the test with
 * EngineResponseError naming the field).
 */
export function engineClient(): EngineClient {
  if (!engineHost) throw new Error(NO_ENGINE_MESSAGE);
  return new EngineClient({ host: engineHost, onWarning: () => {}, validateResponses: true });
}

/** A name unique to this run, so parallel suites and engineers never collide on the shared engine. */
export function uniqueName(kind: string): string {
  return `ek-test-${kind}-${randomBytes(4).toString("hex")}`;
}

/**
 * A one-file ustar archive (POSIX.1-1988 header, 512-byte blocks, two zero blocks at the end): enough for
 * `PUT /archive` and a build context without a tar dependency.
 */
export function tarOf(files: Record<string, string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, text] of Object.entries(files)) {
    const content = Buffer.from(text);
    const header = Buffer.alloc(512);
    header.write(name, 0, 100, "utf8");
    header.write("0000644\0", 100);
    header.write("0000000\0", 108);
    header.write("0000000\0", 116);
    header.write(`${content.length.toString(8).padStart(11, "0")}\0`, 124);
    header.write(
      `${Math.floor(Date.now() / 1000)
        .toString(8)
        .padStart(11, "0")}\0`,
      136,
    );
    header.write("        ", 148);
    header.write("0", 156);
    header.write("ustar\0", 257);
    header.write("00", 263);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
    blocks.push(header, content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** Reads the first file of a tar stream as text (enough to check `GET /archive`). */
export async function firstFileOfTar(
  tar: AsyncIterable<Uint8Array>,
): Promise<{ name: string; text: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of tar) chunks.push(Buffer.from(chunk));
  const bytes = Buffer.concat(chunks);
  const name = bytes.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
  const size = Number.parseInt(bytes.subarray(124, 136).toString("utf8").replace(/\0.*$/s, "").trim(), 8);
  return { name, text: bytes.subarray(512, 512 + size).toString("utf8") };
}
