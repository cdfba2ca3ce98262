/**
 * @enginekit/compose — Compose projects loaded as Compose loads them (files and overrides, `include`,
 * `extends`, `.env` and interpolation, profiles, anchors, `!reset`/`!override`) into one located tree whose
 * every value keeps its file and range; checked against the Compose Specification's schema, Compose's
 * consistency rules, and the engine's own limits through the request bodies each service becomes.
 * See docs/compose.md.
 */

export { type CheckOptions, checkProject } from "./check/check-project.js";
export { consistencyFindings } from "./check/consistency/consistency-checks.js";
export { composePathLabel, schemaFindings } from "./check/schema-check.js";
export type { TargetApiVersion } from "./engine/body-findings.js";
export {
  type EngineBodies,
  type EngineCheckOptions,
  engineBodies,
  engineFindings,
  translateProject,
} from "./engine/engine-check.js";
export type { FieldOrigin, LocatedBody } from "./engine/located-body.js";
export { type StackMode, stackFindings, translateStack } from "./engine/stack-check.js";
export { targetApiVersion } from "./engine/target-api-version.js";
export {
  type TranslatedService,
  type TranslationContext,
  translateService,
} from "./engine/translate-service.js";
export {
  type ConverterRefusal,
  STACK_ONLY_KEYS,
  type TranslatedStackService,
  translateStackService,
} from "./engine/translate-stack-service.js";
export { parseByteSize, parseCpus } from "./engine/units.js";
export { type Substitution, substitute } from "./interpolate/template.js";
export { memoryFileSystem } from "./load/file-system.js";
export {
  type ComposeProject,
  type LoadOptions,
  loadProject,
  normalizeProjectName,
} from "./load/load-project.js";
export { projectFilesOf, withText } from "./load/project-of-file.js";
export { type ComposeLink, documentLinks } from "./navigation/document-links.js";
export {
  type ComposeSymbol,
  type ComposeSymbolKind,
  documentSymbols,
} from "./navigation/document-symbols.js";
export type { NameKind, NameOccurrence } from "./navigation/name-occurrence.js";
export {
  type NavigationFile,
  ProjectNavigation,
  type ResolvedName,
} from "./navigation/project-navigation.js";
export { type FileEdits, prepareRename, type RenameResult, renameEdits } from "./navigation/rename.js";
export { readEnvFile } from "./read/dotenv.js";
export { type ComposeFileRead, readComposeFile } from "./read/read-compose-file.js";
export { type ComposeSchemaKey, type ComposeSchemaPlace, composeSchemaAt } from "./schema/schema-at.js";
export * from "./schema-free.js";
