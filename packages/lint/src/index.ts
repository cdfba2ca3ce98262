/**
 * @enginekit/lint: rules, configuration, suppressions and output formats for Enginefiles and engine
 * manifests (docs/lint.md). The core is pure: `lintText` lints one file's text with `LintSettings`;
 * `fixText` applies quick fixes until stable. Rules live one per file under `rules/<area>/<id>.ts`.
 */

export { ConfigError, findConfig, type LoadedConfig, loadConfigFile, parseConfig } from "./config/load.js";
export { CONFIG_FILE_NAMES, type LintConfig, LintConfigSchema } from "./config/schema.js";
export {
  isDockerfileName,
  isEnginefileName,
  kindInDirectory,
  kindOfNamedFile,
} from "./discovery/file-kind.js";
export { renderRuleDoc, renderRuleIndex } from "./docs/rule-doc.js";
export { type AnalyzedManifest, analyzeManifest } from "./engine/analyzed-manifest.js";
export { applyTextEdits, type FixResult, fixText, fixTextAsync, MAX_FIX_PASSES } from "./engine/fix.js";
export {
  type FileKind,
  lintAnalyzedEnginefile,
  lintAnalyzedManifest,
  lintEnginefile,
  lintManifest,
  lintText,
} from "./engine/lint-document.js";
export { DEFAULT_SETTINGS, type LintSettings, severityOf } from "./engine/settings.js";
export {
  type AnalyzedEnginefile,
  analyzeEnginefile,
  type EnginefileLintOptions,
} from "./enginefile/analysis.js";
export type { FormatContext, Formatter } from "./formats/format.js";
export { JSON_OUTPUT_VERSION } from "./formats/json.js";
export { FORMAT_NAMES, FORMATTERS } from "./formats/registry.js";
export type { Finding, Fix, Position, Range, Report, TextEdit } from "./model/finding.js";
export type {
  EnginefileRule,
  ManifestRule,
  Rule,
  RuleExample,
  RuleMeta,
  RuleTarget,
  SuppressionRule,
} from "./model/rule.js";
export {
  atOrAbove,
  RULE_SEVERITIES,
  type RuleSeverity,
  SEVERITIES,
  type Severity,
  severityRank,
} from "./model/severity.js";
export { writeFileAtomic } from "./node/atomic-write.js";
export { type DiscoveredFile, DiscoveryError, discoverFiles } from "./node/discover.js";
export { type FileResult, type LintFilesOptions, lintFiles, type TextInput } from "./node/lint-files.js";
export {
  DEFAULT_FAILURE_THRESHOLD,
  engineIgnoreFor,
  type FileSettings,
  type LintOverrides,
  ProjectSettings,
} from "./node/project-settings.js";
export { RULES, ruleById, ruleIds } from "./rules/registry.js";
