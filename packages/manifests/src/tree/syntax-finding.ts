import type { Range } from "@enginekit/text";
import type { Finding, Severity } from "../findings.js";
import type { PathSegment } from "./located-node.js";

/** Deepest nesting both readers follow; deeper input is reported, not recursed into (no stack overflow). */
export const MAX_DEPTH = 200;

/** The message for input nested deeper than {@link MAX_DEPTH}. */
export const TOO_DEEP_MESSAGE = `Nesting deeper than ${MAX_DEPTH} levels is not read.`;

/** A `manifest/syntax` finding (both readers report malformed text this way). */
export function syntaxFinding(
  message: string,
  range: Range,
  document: number,
  path: PathSegment[] = [],
  severity: Severity = "error",
): Finding {
  return { code: "manifest/syntax", message, severity, range, path, document };
}

/** The finding for a parser that threw (a bug in it): the file is reported as unreadable, at its start. */
export function unreadableFinding(format: "YAML" | "JSON", error: unknown, start: Range): Finding {
  return syntaxFinding(
    `${format} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    start,
    0,
  );
}
