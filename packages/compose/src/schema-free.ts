/**
 * `@enginekit/compose/schema-free`: the part of the package that loads neither YAML, ajv nor the api
 * schemas — Compose's file names and which files make a project (`projectFiles`, file-system look-ups
 * only), the finding codes with their descriptions, the located tree's types and pure accessors
 * (`propertyValue`, `nodeAt`, `scalarText`) the `compose/*` rules read it with, and what each service's
 * `build:` section builds (`serviceBuilds`). The linter's rule registry
 * and file discovery, and the language server's document kinds, import this, so that linting Enginefiles
 * (and the start-up of the CLI and the server) does not pay for Compose. Everything here is also exported
 * from `@enginekit/compose`.
 */

export { DEFAULT_FILE_NAMES, DEFAULT_OVERRIDE_FILE_NAMES, isComposeFileName } from "./load/file-names.js";
export { type ComposeFileSystem, nodeFileSystem } from "./load/file-system.js";
export { type ProjectFilesSource, projectFiles } from "./load/project-files.js";
export type {
  ComposeArray,
  ComposeNode,
  ComposeObject,
  ComposeProperty,
  ComposeScalar,
  InterpolatedVariable,
  SourceLocation,
} from "./model/compose-node.js";
export { nodeAt, propertyValue, scalarText } from "./model/compose-node.js";
export { COMPOSE_FINDING_CODES, type ComposeFindingCodeInfo } from "./model/finding-codes.js";
export type { ComposeFinding, ComposeFindingCode, RelatedLocation } from "./model/findings.js";
export { type PortSpecParts, splitPortSpec } from "./model/port-spec.js";
export {
  type BuildProject,
  type BuildSecretGrant,
  buildSecretGrants,
  type ServiceBuild,
  serviceBuild,
  serviceBuilds,
} from "./model/service-builds.js";
