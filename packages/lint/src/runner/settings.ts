/**
 * `LintSettings`: what one file is linted with (from `.enginekit.yaml` and flags), its defaults, and the
 * effective severity of a rule (`severityOf`, `ruleSeverity`).
 */
import type { EnginefileLintOptions } from "../enginefile/analysis.js";
import type { Rule } from "../model/rule.js";
import type { RuleSeverity } from "../model/severity.js";
import { ruleById } from "../rules/registry.js";

/** Everything one file is linted with (built from `.enginekit.yaml` and command-line flags). */
export interface LintSettings {
  /** Severity overrides by rule id; rules not listed use their default. */
  rules: Readonly<Record<string, RuleSeverity>>;
  enginefile: EnginefileLintOptions;
  /** Whether suppression comments are honoured (false: reported as `suppression-forbidden`). */
  inlineSuppressions: boolean;
  reportUnusedSuppressions: boolean;
  /**
   * The engine API version manifests target (`.enginekit.yaml` `apiVersion`, `--api-version`); undefined
   * is the manifests package's default (1.24). A document's `x-enginekit: {apiVersion}` wins. Compose
   * files are judged at it too when set; undefined there is what `docker compose` negotiates (1.41, or a
   * pinned `DOCKER_API_VERSION`).
   */
  manifestApiVersion?: string;
}

/** Defaults: every rule at its default severity, suppressions allowed, unused ones reported. */
export const DEFAULT_SETTINGS: LintSettings = {
  rules: {},
  enginefile: {},
  inlineSuppressions: true,
  reportUnusedSuppressions: true,
};

/**
 * The effective severity of `ruleId` under `settings` (`off` for unknown ids). A ShellCheck check
 * (`shellcheck/SC2086`) without its own setting follows the `shellcheck` rule's.
 */
export function severityOf(settings: LintSettings, ruleId: string): RuleSeverity {
  const own = settings.rules[ruleId];
  if (own) return own;
  const rule = ruleById(ruleId);
  if (!rule) return "off";
  return rule.meta.id !== ruleId ? ruleSeverity(settings, rule) : rule.meta.severity;
}

/** The effective severity of `rule` under `settings`: its own setting, else its default (no lookup by id). */
export function ruleSeverity(settings: LintSettings, rule: Rule): RuleSeverity {
  return settings.rules[rule.meta.id] || rule.meta.severity;
}
