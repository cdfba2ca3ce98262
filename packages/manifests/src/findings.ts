import type { Fix, Range, Severity } from "@enginekit/text";
import type { PathSegment } from "./tree/located-node.js";

/** How serious a finding is (the foundation's severities; the linter may override it per rule). */
export type { Fix, Severity };

/**
 * Stable finding codes. The linter turns each into a rule of the same id; never rename one.
 *
 * - `manifest/syntax` — the YAML or JSON text is malformed (the rest is still checked where possible).
 * - `manifest/duplicate-key` — a key appears twice in one object; the last one wins.
 * - `manifest/unknown-kind` — the kind cannot be told from the file name, `kind` or `$schema`.
 * - `manifest/kind-mismatch` — two kind sources disagree (the stronger one is used, see docs/manifests.md).
 * - `manifest/not-an-object` — the document is empty or its root is not an object.
 * - `manifest/unknown-key` — a key the request body does not define (request schemas are strict).
 * - `manifest/invalid-type` — a value of the wrong JSON type (string for a number, …).
 * - `manifest/invalid-value` — a value of the right type outside its allowed set or format.
 * - `manifest/limit` — a number, length or size outside a documented bound (engine §8).
 * - `manifest/missing-field` — a required field is absent.
 * - `manifest/constraint` — a rule across fields (e.g. `MemorySwap` needs `Memory` and must exceed it).
 * - `manifest/api-version` — a field or value added by a later engine API version than the target.
 * - `manifest/ignored-value` — the engine accepts the value but ignores it, or it is almost surely a mistake.
 * - `secret-ref/syntax` — a `svc:` secret reference is malformed.
 * - `secret-ref/not-found`, `secret-ref/field-not-found`, `secret-ref/kv2-path`, `secret-ref/forbidden`,
 *   `secret-ref/unreachable` —
 *   online checks against the secrets service (see `checkSecretReferences`).
 * - `secret/plain-value` — a value that looks like a secret is written in plain text instead of a reference.
 */
export type FindingCode =
  | "manifest/syntax"
  | "manifest/duplicate-key"
  | "manifest/unknown-kind"
  | "manifest/kind-mismatch"
  | "manifest/not-an-object"
  | "manifest/unknown-key"
  | "manifest/invalid-type"
  | "manifest/invalid-value"
  | "manifest/limit"
  | "manifest/missing-field"
  | "manifest/constraint"
  | "manifest/api-version"
  | "manifest/ignored-value"
  | "secret-ref/syntax"
  | "secret-ref/not-found"
  | "secret-ref/field-not-found"
  | "secret-ref/kv2-path"
  | "secret-ref/forbidden"
  | "secret-ref/unreachable"
  | "secret/plain-value";

/**
 * One problem found in a manifest. `range` is exact (LSP convention, see {@link Range}); `path` is the JSON
 * path of the value concerned within its document. Messages never contain secret values.
 */
export interface Finding {
  code: FindingCode;
  message: string;
  severity: Severity;
  range: Range;
  path: PathSegment[];
  /** The index of the YAML document the finding is in (0 for JSON and single-document YAML). */
  document: number;
  /** A suggested replacement, e.g. the known key closest to an unknown key. */
  suggestion?: string;
  fix?: Fix;
}
