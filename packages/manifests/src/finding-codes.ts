/**
 * `FINDING_CODES`: every manifest finding code with the metadata the linter makes a rule of (default
 * severity, summary, fixability, online), so the two packages cannot disagree (docs/manifests.md "Findings").
 */
import type { FindingCode, Severity } from "./findings.js";

/** What the linter needs to turn a finding code into a rule: default severity, a summary, fixability. */
export interface FindingCodeInfo {
  /** Severity the finding is reported with (the linter may override it per rule). */
  severity: Severity;
  /** One line for rule lists and `--explain`. */
  summary: string;
  /** Whether findings of this code carry a quick fix: always, for some cases, or never. */
  fix: "always" | "sometimes" | "never";
  /** True for findings only the online checks (`checkSecretReferences`) produce. */
  online: boolean;
  /** What the quick fix does, when `fix` is not `never` (docs/manifests.md "Findings" is generated from it). */
  quickFix?: string;
  /** A note on the severity, when some findings of the code have another one. */
  severityNote?: string;
}

/** Every finding code with its rule metadata (docs/manifests.md "Findings" is the user-facing form). */
export const FINDING_CODES: Readonly<Record<FindingCode, FindingCodeInfo>> = {
  "manifest/syntax": {
    severity: "error",
    summary: "The YAML or JSON text is malformed.",
    fix: "never",
    online: false,
    severityNote: "YAML warnings: warning",
  },
  "manifest/duplicate-key": {
    severity: "warning",
    summary: "A key appears twice in one object; the last one wins.",
    fix: "never",
    online: false,
  },
  "manifest/unknown-kind": {
    severity: "error",
    summary: "The kind of manifest cannot be told (file name, kind, $schema).",
    fix: "sometimes",
    online: false,
    quickFix: "closest kind, for a misspelt `kind`",
  },
  "manifest/kind-mismatch": {
    severity: "warning",
    summary: "The in-document kind contradicts the file name or $schema.",
    fix: "never",
    online: false,
  },
  "manifest/not-an-object": {
    severity: "error",
    summary: "The document is empty or its root is not an object.",
    fix: "never",
    online: false,
  },
  "manifest/unknown-key": {
    severity: "error",
    summary: "A key the request body does not define.",
    fix: "sometimes",
    online: false,
    quickFix: "rename to the suggested key",
  },
  "manifest/invalid-type": {
    severity: "error",
    summary: "A value of the wrong JSON type.",
    fix: "sometimes",
    online: false,
    quickFix:
      'quote a number/boolean where a string is wanted (`HostPort: "8080"`); `true`/`false` for YAML 1.1 booleans; unquote a numeric string; write the integer for a whole-number float (`67633152.0`)',
  },
  "manifest/invalid-value": {
    severity: "error",
    summary: "A value outside its allowed set or format.",
    fix: "sometimes",
    online: false,
    quickFix: "closest allowed value of an enum",
  },
  "manifest/limit": {
    severity: "error",
    summary: "A number outside its documented bound.",
    fix: "never",
    online: false,
  },
  "manifest/missing-field": {
    severity: "error",
    summary: "A required field is absent.",
    fix: "never",
    online: false,
  },
  "manifest/constraint": {
    severity: "error",
    summary: "A rule across fields is broken.",
    fix: "never",
    online: false,
  },
  "manifest/api-version": {
    severity: "warning",
    summary: "A field or value added by a later engine API version than the manifest targets.",
    fix: "never",
    online: false,
  },
  "manifest/ignored-value": {
    severity: "warning",
    summary: "The engine accepts the value but ignores it, or it is almost surely a mistake.",
    fix: "never",
    online: false,
  },
  "secret-ref/syntax": {
    severity: "error",
    summary: "A svc: secret reference is malformed.",
    fix: "never",
    online: false,
  },
  "secret-ref/not-found": {
    severity: "error",
    summary: "No secret is stored at the referenced path.",
    fix: "never",
    online: true,
  },
  "secret-ref/field-not-found": {
    severity: "error",
    summary: "The referenced secret has no such field.",
    fix: "sometimes",
    online: true,
    quickFix: "the closest field name",
  },
  "secret-ref/kv2-path": {
    severity: "error",
    summary: "A reference on a KV version 2 mount lacks data/ after the mount.",
    fix: "always",
    online: true,
    quickFix: "insert `data/` after the mount",
  },
  "secret-ref/forbidden": {
    severity: "error",
    summary:
      "The secrets service refused to read a reference (permission denied, also its answer for unknown paths).",
    fix: "never",
    online: true,
  },
  "secret-ref/unreachable": {
    severity: "warning",
    summary: "The secrets service did not answer for a reference.",
    fix: "never",
    online: true,
  },
  "secret/plain-value": {
    severity: "warning",
    summary: "A secret-looking value is written in plain text instead of a reference.",
    fix: "never",
    online: false,
  },
};
