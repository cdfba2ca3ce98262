/**
 * Reading the build output stream (research §6): the image ID comes from `aux.ID` (API ≥ 1.30), from
 * `Successfully built <id>` (older versions), or, with `q=1`, from the final `sha256:…` stream line.
 */
import type { JsonMessage } from "@enginekit/api";

const SUCCESSFULLY_BUILT = /Successfully built ([0-9a-f]{12,64})\s*$/m;
const QUIET_ID = /^(sha256:[0-9a-f]{64})\s*$/;

/** The image ID a message reports, if any. */
export function imageIdOf(message: JsonMessage): string | undefined {
  const aux = message.aux as { ID?: unknown } | undefined;
  if (aux && typeof aux.ID === "string") return aux.ID;
  if (typeof message.stream === "string") {
    return SUCCESSFULLY_BUILT.exec(message.stream)?.[1] ?? QUIET_ID.exec(message.stream)?.[1];
  }
  return undefined;
}

/**
 * One line of human output for a message, or undefined for messages that print nothing: `stream`
 * text as is, `status` with its `id` and progress (`id: status current/total`).
 */
export function formatMessage(message: JsonMessage): string | undefined {
  if (typeof message.stream === "string") return message.stream;
  if (typeof message.status === "string") {
    const id = message.id ? `${message.id}: ` : "";
    const d = message.progressDetail;
    const progress =
      d && typeof d.current === "number"
        ? ` ${d.current}${typeof d.total === "number" ? `/${d.total}` : ""}`
        : "";
    return `${id}${message.status}${progress}\n`;
  }
  return undefined;
}
