/**
 * Reading an ignore file exactly like the engine CLI (moby/patternmatcher `ignorefile.ReadAll`,
 * research §3.1 rules 1–8), keeping each pattern's line and column so findings and `--list` can point
 * at it.
 */
import { goCleanPath, goTrimSpace } from "./go-path.js";
import { IgnoreFileError } from "./ignore-file-error.js";

/** One pattern line as read: `text` is normalised (`!` + cleaned path, no leading `/`). */
export interface IgnoreLine {
  text: string;
  /** 1-based line number in the file. */
  line: number;
  /** 1-based column (UTF-16 code units) of the first non-blank character. */
  column: number;
}

/** Options of {@link readIgnoreLines}. */
export interface ReadIgnoreOptions {
  /**
   * Windows rules: `\` separates path segments instead of escaping the next character (default: when
   * running on Windows, like the engine CLI).
   */
  windows?: boolean;
}

/** Go's `bufio.Scanner` default token limit: a longer line makes the engine CLI fail the build. */
export const MAX_IGNORE_LINE_BYTES = 64 * 1024;

const BOM = "\uFEFF";

/**
 * Splits `content` (the file's bytes decoded as UTF-8) into pattern lines:
 * `\n` separates lines and one trailing `\r` is dropped; a BOM is stripped from the first line only; a
 * line whose first character is `#` is a comment (tested before trimming, so `  #x` is the pattern
 * `#x`); Unicode blanks are trimmed; empty lines are dropped; `!` marks an exception (blanks after it
 * are trimmed); the rest is cleaned like Go's `filepath.Clean` (so a trailing `/` is dropped) and one
 * leading `/` is removed. With `options.windows`, `\` is a separator like `/`.
 * @throws IgnoreFileError naming `file` and the line when a line is longer than 65,535 bytes plus its
 *   line break (the engine's `bufio.Scanner: token too long`).
 */
export function readIgnoreLines(
  content: string,
  file: string,
  options: ReadIgnoreOptions = {},
): IgnoreLine[] {
  const windows = options.windows ?? process.platform === "win32";
  const out: IgnoreLine[] = [];
  const lines = content.split("\n");
  // A final empty string after a trailing "\n" is not a line.
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  for (let index = 0; index < lines.length; index++) {
    let raw = lines[index]!;
    const lineNo = index + 1;
    // Go's scanner needs the line and its "\n" (or, at the end of the file, the line plus one spare byte)
    // to fit its 64 KiB buffer.
    const limit = MAX_IGNORE_LINE_BYTES - 1;
    if (raw.length > limit / 3 && Buffer.byteLength(raw) > limit) {
      throw new IgnoreFileError(file, lineNo, 1, `line longer than ${limit} bytes (the engine refuses it)`);
    }
    if (raw.endsWith("\r")) raw = raw.slice(0, -1);
    let offset = 0;
    if (index === 0 && raw.startsWith(BOM)) {
      raw = raw.slice(1);
      offset = 1;
    }
    if (raw.startsWith("#")) continue;
    let pattern = goTrimSpace(raw);
    if (pattern === "") continue;
    const column = offset + raw.indexOf(pattern) + 1;
    const invert = pattern[0] === "!";
    if (invert) pattern = goTrimSpace(pattern.slice(1));
    if (pattern.length > 0) {
      // On Windows `\` is a path separator (and patterns have no escapes), as in the engine CLI there.
      if (windows) pattern = pattern.replaceAll("\\", "/");
      pattern = goCleanPath(pattern);
      if (pattern.length > 1 && pattern[0] === "/") pattern = pattern.slice(1);
    }
    out.push({ text: invert ? `!${pattern}` : pattern, line: lineNo, column });
  }
  return out;
}
