/**
 * `--progress=auto|plain|tty|quiet|rawjson` of `enginekit build`, as `docker buildx build` reads it
 * (docker/buildx `util/progress/printer.go`): `auto` is `tty` when standard error is a terminal and
 * `plain` otherwise; `tty` on something that is not a terminal falls back to `plain` (a redrawn display
 * written to a log file is unreadable); `quiet` prints nothing but a failure's report; `rawjson` prints each
 * decoded BuildKit status as one JSON line.
 */
import { CliError, ExitCode } from "../../errors.js";

/** The progress displays. */
export type ProgressMode = "plain" | "tty" | "quiet" | "rawjson";

const MODES = ["auto", "plain", "tty", "quiet", "rawjson"] as const;

/**
 * The display for `--progress` (default `auto`); `quiet` when `-q` is given.
 * @throws CliError (usage) for an unknown mode.
 */
export function progressMode(flag: string | undefined, quiet: boolean, stderrIsTTY: boolean): ProgressMode {
  const mode = flag ?? "auto";
  if (!(MODES as readonly string[]).includes(mode))
    throw new CliError(
      `--progress must be one of ${MODES.join(", ")}, not ${JSON.stringify(mode)}`,
      ExitCode.usage,
    );
  if (quiet) return "quiet";
  if (mode === "auto" || mode === "tty") return stderrIsTTY ? "tty" : "plain";
  return mode as ProgressMode;
}
