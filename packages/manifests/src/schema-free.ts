/**
 * `@enginekit/manifests/schema-free`: the part of the package that never builds the `@enginekit/api`
 * schemas — manifest kinds from file names, `svc:` secret reference syntax, secret-looking names, finding
 * codes and did-you-mean suggestions. The linter's Enginefile rules, file discovery and output formats
 * import this, so that linting Enginefiles (and the CLI's start-up) does not pay for the schemas
 * (docs/cli.md "Start-up"). Everything here is also exported from `@enginekit/manifests`.
 */

export type { Position, Range, TextEdit } from "@enginekit/text";
export { closestMatch, editDistance, Suggester } from "@enginekit/text";
export { FINDING_CODES, type FindingCodeInfo } from "./finding-codes.js";
export type { Finding, FindingCode, Fix, Severity } from "./findings.js";
export {
  formatOf,
  KIND_DESCRIPTIONS,
  kindFromFileName,
  kindFromSchemaReference,
  MANIFEST_KINDS,
  type ManifestKind,
  parseKind,
  SCHEMA_FILE_NAMES,
} from "./kinds/manifest-kind.js";
export { isPlaceholderSecret, looksLikeSecretName } from "./secret-refs/plain-secrets.js";
export {
  type ParsedReference,
  parseSecretReferences,
  SECRET_REFERENCE_PREFIX,
} from "./secret-refs/reference-syntax.js";
export {
  DEFAULT_MANIFEST_API_VERSION,
  isManifestApiVersion,
  MANIFEST_API_VERSIONS,
  SETTINGS_KEY,
} from "./validate/target-version.js";
