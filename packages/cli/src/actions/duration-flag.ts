/**
 * `durationFlag`: reads a time-limit flag (`--timeout 10s`) as milliseconds, with the duration syntax of the
 * `*_TIMEOUT` variables (the project's own design), failing with a usage error naming the flag.
 */
import { parseDurationMs } from "@enginekit/text";
import { CliError, ExitCode } from "../errors.js";

/**
 * The value of a time-limit flag (`--timeout 10s`, `--connect-timeout 500ms`; a bare number is seconds,
 * as `parseDurationMs` of `@enginekit/text` reads the `*_TIMEOUT` variables), in milliseconds; undefined
 * when the flag is not given.
 * @throws CliError (exit 2) naming the flag when the value is not a duration.
 */
export function durationFlag(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = parseDurationMs(text);
  if (ms === undefined)
    throw new CliError(
      `${flag} ${JSON.stringify(text)}: expected a duration like 10s, 2m or 500ms`,
      ExitCode.usage,
    );
  return ms;
}
