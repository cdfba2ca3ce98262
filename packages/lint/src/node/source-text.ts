/**
 * The text of a file to lint or format, and its bytes when it is written back (`--fix`, `format`).
 *
 * Enginefiles are read byte-exact, as the engine reads them: BuildKit takes a Dockerfile as bytes, so a
 * Latin-1 comment or a stray `\xff` in a `LABEL` builds. `decodeBytes` (`@enginekit/enginefile`) keeps
 * each byte that is not valid UTF-8 as one lone surrogate U+DC80–U+DCFF, and {@link sourceBytes} turns it
 * back into that byte, so a fix or a format never replaces those bytes with U+FFFD (`EF BF BD`). Ignore
 * files and manifests (YAML, JSON) are text: read as UTF-8.
 */

import { decodeBytes, encodeBytes } from "@enginekit/enginefile";
import { MAX_CONFIG_FILE_BYTES, MAX_SOURCE_FILE_BYTES, readBoundedFile } from "@enginekit/node-io";
import type { FileKind } from "../runner/lint-document.js";

/**
 * Reads `path` as {@link FileKind} `kind` reads it (see the module comment), up to the limit of its kind:
 * an ignore file {@link MAX_CONFIG_FILE_BYTES}, anything else {@link MAX_SOURCE_FILE_BYTES}
 * (docs/security.md "Files read from a repository"). A FIFO or device is read (a path the user named:
 * `lint <(cmd)`; a walk only finds regular files), up to the same limit.
 * @throws BoundedReadError past the limit; the `fs` error (ENOENT, EACCES, EISDIR…) as it is; callers
 *   name the file.
 */
export function readSourceText(path: string, kind: FileKind): string {
  const bytes = readBoundedFile(path, {
    maxBytes: kind === "ignorefile" ? MAX_CONFIG_FILE_BYTES : MAX_SOURCE_FILE_BYTES,
    what: kind === "ignorefile" ? "the ignore file" : "the file",
    allowSpecial: true,
  });
  return kind === "enginefile" ? decodeBytes(bytes) : bytes.toString("utf8");
}

/** The bytes to write for `text` read by {@link readSourceText} as `kind`: raw bytes restored. */
export function sourceBytes(text: string, kind: FileKind): Uint8Array {
  return kind === "enginefile" ? encodeBytes(text) : Buffer.from(text, "utf8");
}
