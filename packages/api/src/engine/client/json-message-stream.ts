/**
 * Decoding the engine's JSON-message streams (build, pull, push output: engine §4.2): concatenated JSON
 * objects split anywhere across chunks, each bounded in size.
 */
import type { JsonMessage } from "../schemas/index.js";
import { EngineProtocolError, EngineStreamError } from "./errors.js";

/** Options of {@link decodeJsonStream}. */
export interface DecodeJsonStreamOptions {
  /**
   * `true` (default): a message carrying `error` or `errorDetail` ends the iteration with an
   * {@link EngineStreamError} (engine §7.3: a 200 status is not success). `false`: such messages are yielded.
   */
  throwOnError?: boolean;
  /**
   * Longest single message, in characters (default {@link MAX_JSON_MESSAGE_CHARS}); a longer one ends the
   * iteration with {@link EngineProtocolError}, so an endless message cannot take all memory.
   */
  maxMessageChars?: number;
}

/** Default longest single message of a JSON-message stream: 16 Mi characters (build output lines are short). */
export const MAX_JSON_MESSAGE_CHARS = 16 * 1024 * 1024;

/**
 * Decodes a stream of concatenated JSON objects (by default typed as the schemas' `JsonMessage`: `stream` text,
 * `status`/`progressDetail`/`id` progress, `aux` data, or `error`/`errorDetail`), as the engine writes them (one per `\r\n`-terminated line,
 * but objects may be split across chunks and several may share a chunk; line ends are not relied upon —
 * the decoder tracks object nesting and strings, like Go's `json.Decoder`). Memory is bounded by the largest
 * single message, itself capped (`maxMessageChars`).
 * @throws EngineStreamError for an in-stream failure (see {@link DecodeJsonStreamOptions.throwOnError}).
 * @throws EngineProtocolError for text that is not a sequence of JSON objects, or a truncated last object.
 */
export async function* decodeJsonStream<T = JsonMessage>(
  source: AsyncIterable<Uint8Array | string>,
  options: DecodeJsonStreamOptions = {},
): AsyncGenerator<T, void, undefined> {
  const throwOnError = options.throwOnError !== false;
  const maxChars = options.maxMessageChars ?? MAX_JSON_MESSAGE_CHARS;
  const decoder = new TextDecoder();
  let pending = "";
  // Scanner state, kept across chunks: index to resume scanning at, nesting depth, inside a string, escape.
  let scan = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let consumed = 0;
  const emit = (text: string): T => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new EngineProtocolError(
        `malformed JSON message at character ${consumed}: ${(error as Error).message}`,
      );
    }
    if (throwOnError) failOnError(value);
    return value as T;
  };
  for await (const chunk of source) {
    pending += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let i = scan; i < pending.length; i++) {
      const c = pending.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
        continue;
      }
      if (depth === 0) {
        if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
          start = i + 1;
          continue;
        }
        if (c !== 0x7b) {
          throw new EngineProtocolError(
            `expected a JSON object at character ${consumed + i}, found ${JSON.stringify(pending[i])}`,
          );
        }
        start = i;
      }
      if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        depth--;
        if (depth === 0) {
          yield emit(pending.slice(start, i + 1));
          start = i + 1;
        }
      }
    }
    consumed += start;
    pending = pending.slice(start);
    scan = pending.length;
    if (pending.length > maxChars) {
      throw new EngineProtocolError(
        `a JSON message at character ${consumed} is longer than ${maxChars} characters (maxMessageChars)`,
      );
    }
  }
  pending += decoder.decode();
  if (pending.trim().length > 0) {
    throw new EngineProtocolError(`the stream ended inside a JSON message at character ${consumed}`);
  }
}

/** Throws {@link EngineStreamError} when `value` is an in-stream failure message (engine §7.3). */
export function failOnError(value: unknown): void {
  if (typeof value !== "object" || value === null) return;
  const message = value as JsonMessage;
  if (message.error === undefined && message.errorDetail === undefined) return;
  const text = message.errorDetail?.message ?? message.error ?? "unknown error";
  throw new EngineStreamError(String(text), message.errorDetail?.code ?? undefined);
}
