/**
 * The constants of the multiplexed attach/logs frame header (engine §4.1.2), kept apart from the zod
 * schemas in `stream.ts` so that the frame decoder can read them without building any schema (start-up:
 * see `lazy-schema.ts`).
 */

/** Stream type byte of a multiplexed attach/logs frame header (engine §4.1.2). */
export const ATTACH_STREAM_TYPES = { stdin: 0, stdout: 1, stderr: 2 } as const;

/** Length of the frame header of a multiplexed stream, in bytes (engine §4.1.2). */
export const ATTACH_FRAME_HEADER_BYTES = 8;
