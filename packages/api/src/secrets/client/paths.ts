/**
 * Path handling of the secrets client: normalisation, the trailing-period rule and per-segment
 * percent-encoding (research secrets-anchors §5: `%2F` is not a separator, so `/` is never encoded).
 */
import { SecretsApiError } from "./errors.js";

/** A leading `/`, a `//`, or a segment ending in `.`: anything {@link normalizePath} must look at closely. */
const NEEDS_NORMALISING = /^\/|\/\/|\.(?:\/|$)/;

/** Characters that never need percent-encoding in a path (RFC 3986 unreserved, plus `/`). */
const PLAIN_PATH = /^[A-Za-z0-9\-._~/]*$/;

/**
 * Normalises a user path: strips leading `/`, collapses repeated `/`, keeps one trailing `/` (a folder).
 * Throws `SecretsApiError` (status 404, `sent: false`) when a segment ends in `.` (including `.` and
 * `..`): the service answers such a path with 404 "unsupported path" (secrets §4), so it is refused
 * before sending. `method` only names the call in the error.
 */
export function normalizePath(path: string, method = "GET"): string {
  if (!NEEDS_NORMALISING.test(path)) return path;
  const trailing = path.endsWith("/");
  const segments = path.split("/").filter((s) => s.length > 0);
  for (const segment of segments) {
    if (segment.endsWith(".")) {
      throw new SecretsApiError({
        status: 404,
        errors: ["unsupported path", `path segment "${segment}" ends in a period`],
        method,
        path,
        sent: false,
      });
    }
  }
  const joined = segments.join("/");
  return trailing && joined.length > 0 ? `${joined}/` : joined;
}

/** Percent-encodes each segment of a normalised path separately, keeping `/` literal. */
export function encodePath(path: string): string {
  if (PLAIN_PATH.test(path)) return path;
  return path.split("/").map(encodeURIComponent).join("/");
}

/** Joins path parts with single `/`, dropping empty parts and keeping a trailing `/` of the last part. */
export function joinPath(...parts: string[]): string {
  const last = parts[parts.length - 1] ?? "";
  const joined = parts
    .flatMap((p) => p.split("/"))
    .filter((s) => s.length > 0)
    .join("/");
  return last.endsWith("/") && joined.length > 0 ? `${joined}/` : joined;
}

/** Normalises a namespace (`ns1/ns2`, `/ns1/ns2/`) to `ns1/ns2/`, or `""` for the root namespace. */
export function normalizeNamespace(namespace: string | undefined): string {
  const n = normalizePath(namespace ?? "");
  return n === "" || n.endsWith("/") ? n : `${n}/`;
}
