/**
 * A build context that cannot be sent: a missing or non-directory context, a missing Enginefile,
 * unreadable or vanished files (all listed, found before anything is uploaded), or a file that changed
 * while it was being packed. `paths` lists the offending paths relative to the context root (or as
 * given, for paths outside it). `kind` is `usage` for a wrong context or Enginefile argument and `io` for
 * files that cannot be read.
 */
export class ContextError extends Error {
  constructor(
    message: string,
    readonly paths: readonly string[] = [],
    readonly kind: "usage" | "io" = "io",
  ) {
    super(message);
    this.name = "ContextError";
  }
}
