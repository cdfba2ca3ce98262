/**
 * The flags each instruction accepts, which take a value and which may repeat (the Dockerfile reference,
 * BuildKit `instructions/parse.go`, labs channel included).
 */
import type { InstructionKind } from "@enginekit/enginefile";

/**
 * The flags each instruction accepts (Dockerfile reference, BuildKit `instructions/parse.go`, labs
 * channel included: `RUN --device`, `COPY --parents`, `--exclude`). Names without the leading `--`.
 * Instructions not listed take no flags.
 */
export const INSTRUCTION_FLAGS: Partial<Record<InstructionKind, readonly string[]>> = {
  from: ["platform"],
  run: ["mount", "network", "security", "device"],
  copy: ["from", "chown", "chmod", "link", "parents", "exclude"],
  add: ["chown", "chmod", "link", "checksum", "keep-git-dir", "exclude", "unpack"],
  healthcheck: ["interval", "timeout", "start-period", "start-interval", "retries"],
};

/** Flags that take a value (`--flag=value`); the others are booleans (`--link`, `--parents`). */
export const BOOLEAN_FLAGS: ReadonlySet<string> = new Set(["link", "parents", "keep-git-dir", "unpack"]);

/** Flags that may be given more than once. */
export const REPEATABLE_FLAGS: ReadonlySet<string> = new Set(["mount", "exclude", "device"]);

/** The instructions that accept flag `name` (for "flag on the wrong instruction" messages). */
export function instructionsAccepting(name: string): InstructionKind[] {
  return (Object.keys(INSTRUCTION_FLAGS) as InstructionKind[]).filter((k) =>
    INSTRUCTION_FLAGS[k]?.includes(name),
  );
}
