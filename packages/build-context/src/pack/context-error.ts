/**
 * A build context that cannot be sent: a missing or non-directory context, a missing Enginefile,
 * unreadable or vanished files (all listed, found before anything is uploaded), or a file that changed
 * while it was being packed. `paths` lists the offending paths relative to the context root (or as
 * given, for paths outside it).
 */
export class ContextError extends Error {
  constructor(
    message: string,
    readonly paths: readonly string[] = [],
  ) {
    super(message);
    this.name = "ContextError";
  }
}
