/**
 * @enginekit/lint: rules, configuration, suppressions and output formats for Enginefiles and engine
 * manifests (docs/lint.md). The core is pure: `lintText` lints one file's text with `LintSettings`;
 * `fixText` applies quick fixes until stable. Rules live one per file under `rules/<area>/<id>.ts`.
 */

export { applyTextEdits } from "@enginekit/text";
export { findConfig, loadConfigFile, parseConfig } from "./config/load.js";
export { loadConfigReader } from "./config/reader.js";
export { LintConfigSchema } from "./config/schema.js";
export { renderRuleDoc, renderRuleIndex } from "./docs/rule-doc.js";
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
export {
  type AnalyzedComposeFile,
  analyzeComposeFile,
  type ComposeAnalysisOptions,
} from "./runner/analyzed-compose.js";
export { type AnalyzedManifest, analyzeManifest } from "./runner/analyzed-manifest.js";
export { type FixResult, fixText, fixTextAsync, MAX_FIX_PASSES } from "./runner/fix.js";
export { lintAnalyzedCompose, lintCompose } from "./runner/lint-compose.js";
export { type FileKind, lintText } from "./runner/lint-document.js";
export { lintAnalyzedEnginefile, lintEnginefile } from "./runner/lint-enginefile.js";
export { lintAnalyzedManifest, lintManifest } from "./runner/lint-manifest.js";
export { DEFAULT_SETTINGS, type LintSettings, severityOf } from "./runner/settings.js";
