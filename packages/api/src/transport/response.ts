/**
 * Response helpers: the message of an error body (engine §7 `{ message }` or secrets §7 `{ errors }`),
 * discarding a body so the connection is reused, and reading one header value.
 */
import type { Dispatcher } from "undici";
import { readBodyText } from "./body-reader.js";

/** The undici response type every transport helper works on. */
export type HttpResponse = Dispatcher.ResponseData;

/** The most bytes of an error body read for its message (the rest is discarded with the connection). */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * Reads an error response body (at most {@link MAX_ERROR_BODY_BYTES}) as text and extracts the service's
 * message: the `message` field of a JSON body (engine §7 `{ message }`), else the first `errors` entry
 * (secrets API), else the trimmed text (at most 200 characters). Never throws; an unreadable or oversized
 * body yields `""`.
 */
export async function readErrorMessage(response: HttpResponse): Promise<string> {
  try {
    return errorMessageOf(await readBodyText(response, MAX_ERROR_BODY_BYTES));
  } catch {
    return "";
  }
}

/**
 * The message of an error body's text: the `message` field of a JSON body (engine §7 `{ message }`), else
 * the first `errors` entry (secrets API), else the trimmed text.
 */
export function errorMessageOf(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    try {
      const parsed = JSON.parse(trimmed) as { message?: unknown; errors?: unknown };
      if (typeof parsed.message === "string") return parsed.message;
      if (Array.isArray(parsed.errors) && typeof parsed.errors[0] === "string") return parsed.errors[0];
    } catch {
      // not JSON after all: fall through to the raw text
    }
  }
  return trimmed.length > 200 ? `${trimmed.slice(0, 200)}…` : trimmed;
}
