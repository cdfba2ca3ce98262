/**
 * @enginekit/lint: rules, configuration, suppressions and output formats for Enginefiles and engine
 * manifests (docs/lint.md). The core is pure: `lintText` lints one file's text with `LintSettings`;
 * `fixText` applies quick fixes until stable. Rules live one per file under `rules/<area>/<id>.ts`.
 */

export { findConfig, loadConfigFile, parseConfig } from "./config/load.js";
export { loadConfigReader } from "./config/reader.js";
export { LintConfigSchema } from "./config/schema.js";
export { renderRuleDoc, renderRuleIndex } from "./docs/rule-doc.js";
export {
  type AnalyzedComposeFile,
  analyzeComposeFile,
  type ComposeAnalysisOptions,
} from "./engine/analyzed-compose.js";
export { type AnalyzedManifest, analyzeManifest } from "./engine/analyzed-manifest.js";
export { applyTextEdits, type FixResult, fixText, fixTextAsync, MAX_FIX_PASSES } from "./engine/fix.js";
export { lintAnalyzedCompose, lintCompose } from "./engine/lint-compose.js";
export { type FileKind, lintText } from "./engine/lint-document.js";
export { lintAnalyzedEnginefile, lintEnginefile } from "./engine/lint-enginefile.js";
export { lintAnalyzedManifest, lintManifest } from "./engine/lint-manifest.js";
export { DEFAULT_SETTINGS, type LintSettings, severityOf } from "./engine/settings.js";
export {
  type AnalyzedEnginefile,
  analyzeEnginefile,
  type EnginefileLintOptions,
} from "./enginefile/analysis.js";
export * from "./files.js";
export type {
  EnginefileRule,
  ManifestRule,
  Rule,
  RuleExample,
  RuleMeta,
  RuleTarget,
  SuppressionRule,
} from "./model/rule.js";
