/**
 * Stream item schemas: a JSON message of the build, pull, push and load streams with its progress and
 * error details (engine §4.2, §7 item 3), and the header of a multiplexed attach frame (engine §4.1.2).
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { responseNumber, responseString } from "./common.js";

const source = "engine §4.2, §7";

/** `progressDetail` of a JSON message (engine §4.2). */
export const ProgressDetail = z.looseObject({
  current: responseNumber("Bytes done.", source, { unit: "bytes" }),
  total: responseNumber("Bytes in all.", source, { unit: "bytes" }),
});
export type ProgressDetail = z.infer<typeof ProgressDetail>;

/** `errorDetail` of a JSON message (engine §4.2, §7 item 3). */
export const ErrorDetail = z.looseObject({
  code: responseNumber("Error code (build: exit code of the failing command).", source),
  message: responseString("Error message.", source),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/**
 * One item of a JSON-message stream (`POST /build`, `/images/create`, `/images/(name)/push`,
 * `/images/load`; engine §4.2): `{stream}`, `{status, progress, progressDetail, id}`, `{aux}`, or an
 * error `{error, errorDetail}` inside a 200 response (engine §7 item 3).
 */
export const JsonMessage = z.looseObject({
  stream: responseString("Build output text.", source),
  status: responseString("Status text (pull, push, load).", source),
  progress: responseString("Preformatted progress bar (deprecated).", source),
  progressDetail: documented(ProgressDetail, { description: "Progress counters.", source }).optional(),
  id: responseString("ID of the layer or image the status is about.", source),
  aux: documented(z.unknown(), {
    description: "Auxiliary data, e.g. {ID} of the built image (API ≥ 1.30).",
    source: "engine 20.10 (build output, moby `pkg/jsonmessage`)",
  }).optional(),
  error: responseString("Error message (the stream failed).", source),
  errorDetail: documented(ErrorDetail, { description: "Error code and message.", source }).optional(),
});
export type JsonMessage = z.infer<typeof JsonMessage>;

/**
 * Metadata of one multiplexed attach/logs frame (engine §4.1.2): header byte 0 is the stream type
 * (0 stdin written on stdout, 1 stdout, 2 stderr), bytes 1–3 are zero, bytes 4–7 the payload size as a
 * big-endian unsigned 32-bit integer.
 */
export const AttachFrameHeader = z.strictObject({
  stream: documented(z.union([z.literal(0), z.literal(1), z.literal(2)]), {
    description: "Stream type: 0 stdin (written on stdout), 1 stdout, 2 stderr.",
    source: "engine §4.1.2",
  }),
  size: documented(z.int().min(0).max(0xffff_ffff), {
    description: "Payload size.",
    unit: "bytes",
    bounds: "0 – 4,294,967,295",
    source: "engine §4.1.2",
  }),
});
export type AttachFrameHeader = z.infer<typeof AttachFrameHeader>;
