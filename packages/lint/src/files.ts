/**
 * `@enginekit/lint/files`: linting files on disk as `enginekit lint` does — discovery, `.enginekit.yaml`,
 * `.engineignore`, the rule registry, output formats, and the Enginefile
 * analysis and rules on their own (what the language server lints Enginefiles with). Its modules reach
 * only the Enginefile half of the linter; the manifest half (and with it every `@enginekit/api` schema) is
 * imported on demand when a manifest is met, so an Enginefile-only run starts fast (docs/cli.md
 * "Start-up"). Everything here is also exported from `@enginekit/lint`.
 */

export { redactSecretValues, secretValueSpans } from "@enginekit/text";
export { ConfigError } from "./config/config-error.js";
export {
  CONFIG_FILE_NAMES,
  type ConfigReader,
  findConfigFile,
  findConfigWith,
  isHadolintConfig,
  type LoadedConfig,
} from "./config/find-config.js";
export type { LintConfig } from "./config/schema.js";
export {
  isDockerfileName,
  isEnginefileName,
  isIgnoreFileName,
  kindInDirectory,
  kindOfNamedFile,
} from "./discovery/file-kind.js";
export { installedRuleDocsBase, ruleDocsBaseError, ruleDocsUri } from "./docs/rule-uri.js";
export {
  type AnalyzedEnginefile,
  analyzeEnginefile,
  type ComposeServiceSecrets,
  type EnginefileLintOptions,
} from "./enginefile/analysis.js";
export {
  type ImagePlatform,
  type ImagePlatformFacts,
  type ImagePlatformReader,
  normalizePlatform,
  readImagePlatforms,
} from "./enginefile/image-platforms.js";
export type { FormatContext, Formatter } from "./formats/format.js";
export { JSON_OUTPUT_VERSION } from "./formats/json.js";
export { FORMAT_NAMES, FORMATTERS } from "./formats/registry.js";
export type { AnalyzedIgnoreFile, AnalyzedIgnoreLine, IgnoreContext } from "./ignorefile/analysis.js";
export {
  contextMatchesSlices,
  evaluationError,
  type MatchedTop,
  type PatternReach,
  patternReach,
  patternReachSlices,
  regexpConstructs,
} from "./ignorefile/pattern-queries.js";
export { ignoreFilesReadBefore } from "./ignorefile/precedence.js";
export type { Finding, Fix, Position, Range, Report, TextEdit } from "./model/finding.js";
export {
  atOrAbove,
  RULE_SEVERITIES,
  type RuleSeverity,
  SEVERITIES,
  type Severity,
  severityRank,
} from "./model/severity.js";
export { composeBuildSecretsFor } from "./node/compose-build-secrets.js";
export { type DiscoveredFile, DiscoveryError, discoverFiles } from "./node/discover.js";
export { engineImagePlatforms, type PlatformEngine } from "./node/engine-image-platforms.js";
export {
  analyzeIgnoreFileReady,
  type ContextListing,
  type ContextListingOptions,
  ignoreContextOf,
  lintIgnoreFileAt,
  listContextFolder,
  listIgnoreContext,
  MAX_CONTEXT_PATHS,
} from "./node/ignore-context.js";
export {
  type FileResult,
  FixWriteError,
  type LintFilesOptions,
  lintFiles,
  type TextInput,
} from "./node/lint-files.js";
export {
  DEFAULT_FAILURE_THRESHOLD,
  engineIgnoreFor,
  type FileSettings,
  type LintOverrides,
  ProjectSettings,
} from "./node/project-settings.js";
export { type ShellcheckInput, shellcheckEnabled, shellcheckEnginefiles } from "./node/shellcheck-batch.js";
export { findShellcheck, ShellcheckError } from "./node/shellcheck-process.js";
export { readSourceText, sourceBytes } from "./node/source-text.js";
export { didYouMeanRule, RULES, resolveRuleIds, ruleAliases, ruleById, ruleIds } from "./rules/registry.js";
export { lintAnalyzedEnginefile } from "./runner/lint-enginefile.js";
export { lintAnalyzedIgnoreFile, lintIgnoreFile } from "./runner/lint-ignore-file.js";
export { DEFAULT_SETTINGS, type LintSettings } from "./runner/settings.js";
