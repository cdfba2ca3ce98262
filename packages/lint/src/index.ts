/**
 * @enginekit/lint: rules, configuration, suppressions and output formats for Enginefiles and engine
 * manifests (docs/lint.md). The core is pure: `lintText` lints one file's text with `LintSettings`;
 * `fixText` applies quick fixes until stable. Rules live one per file under `rules/<area>/<id>.ts`.
 */

export { type AnalyzedManifest, analyzeManifest } from "./engine/analyzed-manifest.js";
export { applyTextEdits, type FixResult, fixText, MAX_FIX_PASSES } from "./engine/fix.js";
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
export { RULES, ruleById, ruleIds } from "./rules/registry.js";
