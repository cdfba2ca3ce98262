/**
 * The engine's error body `{ message }` and the meanings of its error statuses (engine §7).
 */
import { z } from "zod";
import { documented } from "../../meta.js";

/** The JSON body of every engine error response: `{ message }` (engine §7). */
export const ErrorBody = z.looseObject({
  message: documented(z.string(), { description: "What went wrong.", source: "engine §7" }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Common meanings of the engine's error statuses (engine §7 item 2). */
export const ENGINE_ERROR_STATUS = {
  304: "already in the target state (start, stop)",
  400: "bad parameter (or unsupported API version)",
  403: "forbidden for the operation (read-only target, pre-defined network, swarm-scoped network)",
  404: "no such object",
  406: "impossible to attach (container not running), or node is not part of a swarm (init/join: already part of one)",
  409: "conflict (name in use, volume in use, container paused)",
  500: "server error",
} as const;
