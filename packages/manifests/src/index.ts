/**
 * @enginekit/manifests — engine manifests (request bodies kept as YAML or JSON files) read into one located
 * tree, validated against the `@enginekit/api` schemas with every finding at its exact range, and `svc:`
 * secret references located and checked. See docs/manifests.md.
 *
 * Pure and synchronous (never throws): `checkManifest`, `readManifest`, `schemaAtManifestPath`,
 * `findSecretReferences`. Online and async (opt-in): `checkSecretReferences`.
 */

export { LineIndex, rangeContains } from "@enginekit/text";
export {
  type CheckedDocument,
  checkManifest,
  type ManifestCheck,
  type ManifestOptions,
  readManifest,
} from "./check-manifest.js";
export type { Advisory, BodyCheck, BodyCheckMeta, CheckCode, CheckContext } from "./checks/check.js";
export { BODY_CHECKS } from "./checks/registry.js";
export { ENGINE_KIND_SCHEMAS } from "./kinds/engine-kind-schemas.js";
export type { KindSchema, KindSchemas } from "./kinds/kind-schema.js";
export { KIND_KEYS, type KindSource, kindFromModeline, resolveKind } from "./kinds/resolve-kind.js";
export { schemaAtManifestPath } from "./schema-at-path.js";
export * from "./schema-free.js";
export { findSecretReferences, type SecretReference } from "./secret-refs/find-references.js";
export {
  checkSecretReferences,
  type OnlineCheckOptions,
  type SecretsReader,
} from "./secret-refs/online-check.js";
export { findPlainSecrets } from "./secret-refs/plain-secrets.js";
export type {
  LocatedArray,
  LocatedNode,
  LocatedObject,
  LocatedProperty,
  LocatedScalar,
  PathSegment,
  ScalarStyle,
} from "./tree/located-node.js";
export type { ManifestDocument, ManifestFormat, ReadResult } from "./tree/manifest-document.js";
export { followPath, propertyOf, toPlainValue } from "./tree/navigate.js";
export { type NodeAtOffset, nodeAtOffset } from "./tree/node-at-offset.js";
export { readJson } from "./tree/read-json.js";
export { type ReadYamlOptions, readYaml } from "./tree/read-yaml.js";
export { engineAdvisories } from "./validate/engine-advisories.js";
export { type IssueContext, issueFindings } from "./validate/issue-findings.js";
export {
  type DocumentedField,
  defOf as schemaDefOf,
  documentedFields,
  type KnownKey,
  type SchemaAtPath,
  type SchemaDef,
  schemaAtPath,
  unwrapSchema,
} from "./validate/schema-walk.js";
export { sourceFindings } from "./validate/source-findings.js";
export { deferTaskLevel } from "./validate/task-level.js";
export { type ValidateOptions, validateNode } from "./validate/validate-document.js";
