/**
 * A bad ignore file: a pattern the engine would refuse, a line over the engine's 64 KiB limit, or an
 * unreadable file. `file` is the path as given, `line` and `column` are 1-based (column in UTF-16 code
 * units, pointing at the pattern's first non-blank character).
 */
export class IgnoreFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.name = "IgnoreFileError";
  }
}
