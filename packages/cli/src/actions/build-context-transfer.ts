/**
 * How `enginekit build` hands the context to the engine (docs/build.md "How the context reaches the
 * engine"): with BuildKit, through the session's file sync (`moby.filesync.v1.FileSync/DiffCopy`, as
 * `DOCKER_BUILDKIT=1 docker build` does: `remote=client-session`, and BuildKit keeps the last transfer, so a
 * rebuild sends only what changed); otherwise, and as a fallback, as the archive posted with `POST /build`.
 * `--context-transfer filesync|tarball` overrides the choice.
 */
import { CliError, ExitCode } from "../errors.js";

/** The two ways: BuildKit's file sync through the session, or the archive as the request body. */
export type ContextTransfer = "filesync" | "tarball";

/** What the choice depends on. */
export interface ContextTransferFacts {
  builder: "classic" | "buildkit";
  /** A local context directory is built (not `--remote`). */
  localContext: boolean;
  /** `--reproducible`: every mtime is fixed. */
  reproducible: boolean;
}

/** The value `POST /build` reads as "the context comes through the session" (docker/cli `clientSessionRemote`). */
export const CLIENT_SESSION_REMOTE = "client-session";

/**
 * Chooses the transfer from `--context-transfer` (`auto`, the default, `filesync` or `tarball`) and the
 * facts: file sync needs BuildKit and a local context, and is not used with `--reproducible`, whose fixed
 * mtimes would let BuildKit take a changed file of the same size for the one it kept.
 * @throws CliError (usage) for an unknown value, or `filesync` where it cannot be used.
 */
export function chooseContextTransfer(
  flag: string | undefined,
  facts: ContextTransferFacts,
): ContextTransfer {
  const value = flag ?? "auto";
  if (value !== "auto" && value !== "filesync" && value !== "tarball")
    throw new CliError(
      `--context-transfer must be auto, filesync or tarball, not ${JSON.stringify(value)}`,
      ExitCode.usage,
    );
  if (value === "tarball" || !facts.localContext) return "tarball";
  const refusal =
    facts.builder !== "buildkit"
      ? "the classic builder reads only the archive"
      : facts.reproducible
        ? "--reproducible fixes every mtime, and BuildKit's file sync tells changed files by size and mtime"
        : undefined;
  if (refusal === undefined) return "filesync";
  if (value === "filesync") throw new CliError(`--context-transfer filesync: ${refusal}`, ExitCode.usage);
  return "tarball";
}
