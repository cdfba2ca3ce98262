/**
 * The stat of a path inside a container, read from the archive endpoints' header (engine §4.1 archive),
 * under the header name the document gives and the one real engines send.
 */
import { EngineProtocolError } from "./errors.js";

/**
 * Stat of a path inside a container, from the archive endpoints' header (engine §4.1 archive rule 3):
 * `name`, `size` (bytes), `mode` (Go `os.FileMode` bits: permission bits plus type bits such as
 * `0x80000000` for a directory), `mtime` (RFC 3339 time) and `linkTarget` (empty unless a symlink).
 */
export interface PathStat {
  name: string;
  size: number;
  mode: number;
  mtime: string;
  linkTarget: string;
}

/**
 * The stat header names, in the order they are looked up. The document names `X-Engine-Container-Path-Stat`;
 * real engines (verified against Debian's docker.io 20.10 in test/engine-integration) send
 * `X-Docker-Container-Path-Stat`. Both are accepted.
 */
export const PATH_STAT_HEADERS = ["x-engine-container-path-stat", "x-docker-container-path-stat"] as const;

/** `mode` bit of a directory in Go's `os.FileMode` (as sent in {@link PathStat.mode}). */
export const MODE_DIR = 0x80000000;
/** `mode` bit of a symbolic link in Go's `os.FileMode`. */
export const MODE_SYMLINK = 0x08000000;

/**
 * Decodes the path-stat header from response headers: base64 (standard alphabet, the engine's
 * `base64.StdEncoding`) of a JSON object.
 * @returns the stat, or `undefined` when neither header is present.
 * @throws EngineProtocolError when the header is not base64 of a JSON object.
 */
export function decodePathStat(headers: Record<string, string | string[] | undefined>): PathStat | undefined {
  for (const name of PATH_STAT_HEADERS) {
    const raw = headers[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined) continue;
    try {
      const parsed = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as PathStat;
      if (typeof parsed !== "object" || parsed === null || typeof parsed.name !== "string") {
        throw new Error("not a stat object");
      }
      return parsed;
    } catch (error) {
      throw new EngineProtocolError(`malformed ${name} header: ${(error as Error).message}`);
    }
  }
  return undefined;
}

/**
 * What a {@link PathStat} describes, from its Go `os.FileMode` type bits (unsigned 32-bit; JavaScript's
 * bitwise operators would sign the directory bit, so the bits are tested arithmetically).
 */
export function pathStatKind(stat: PathStat): "directory" | "symlink" | "file" {
  const mode = stat.mode >>> 0;
  if (mode >= MODE_DIR) return "directory";
  if (Math.floor(mode / MODE_SYMLINK) % 2 === 1) return "symlink";
  return "file";
}
