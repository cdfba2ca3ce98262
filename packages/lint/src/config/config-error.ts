/** A configuration file error, located: `file:line:column: message` (1-based). */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${column}: ${detail}`);
    this.name = "ConfigError";
  }
}
