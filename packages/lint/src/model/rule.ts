/**
 * The rule model: `RuleMeta` (id, severity, docs, examples, peers, fix availability), one rule type per
 * target (`EnginefileRule`, `ManifestRule`, `ComposeRule`, `IgnoreFileRule`, `SuppressionRule`), the
 * constructors `enginefileRule` … `ignoreFileRule` and `kindOfRule`, after ESLint's and Ruff's rule metadata.
 */
import type { AnalyzedEnginefile } from "../enginefile/analysis.js";
import type { AnalyzedIgnoreFile } from "../ignorefile/analysis.js";
import type { AnalyzedComposeFile } from "../runner/analyzed-compose.js";
import type { AnalyzedManifest } from "../runner/analyzed-manifest.js";
import type { Report } from "./finding.js";
import type { RuleSeverity } from "./severity.js";

/** How often a rule's findings carry a quick fix (see {@link RuleMeta.fix}). */
export type FixAvailability = "always" | "sometimes" | "never";

/**
 * The kind of file a rule checks (`ignorefile`: `.engineignore`, `.dockerignore` and their
 * `<build file>.` forms); `any` for the linter's own rules about suppression comments.
 */
export type RuleTarget = "enginefile" | "manifest" | "ignorefile" | "compose" | "any";

/**
 * One example of a rule, shown in its generated documentation page and run by the rule tester:
 * an `invalid` example must produce at least one finding of the rule, a `valid` one none.
 */
export interface RuleExample {
  kind: "valid" | "invalid";
  code: string;
  /** File name to lint the example as (manifests: gives the kind, e.g. `web.container.yaml`; Compose: `compose.yaml`). */
  fileName?: string;
  /** The text of the `.engineignore` beside the example, for rules that read the build context. */
  engineignore?: string;
}

/**
 * A rule's metadata (ESLint/Ruff model, ARCHITECTURE.md "Models worth imitating"). `id` is stable and is
 * what configuration, suppressions and output formats use; `docs` is Markdown for `--explain` and
 * `docs/rules/<id>.md`; `peers` names the same idea in other linters (lint-anchors §3.5), e.g.
 * `hadolint DL3020`, `BuildKit JSONArgsRecommended`.
 */
export interface RuleMeta {
  id: string;
  /** A short title, e.g. `Use COPY, not ADD, for local files`. */
  name: string;
  /** One sentence: what the rule reports. */
  description: string;
  severity: RuleSeverity;
  appliesTo: RuleTarget;
  /**
   * Whether the rule's findings carry a quick fix: on every finding, on some, or never (Ruff's fix
   * availability; ESLint's `meta.fixable`). The runner checks it: a fix from a `never` rule is dropped and
   * reported as an `internal-error`, and so is an `always` finding without one, so a wrong declaration
   * fails the rule's tests.
   */
  fix: FixAvailability;
  /** True for checks that need the secrets service (`--online`). */
  online?: boolean;
  docs: string;
  peers?: string[];
  examples: RuleExample[];
}

/** A rule over Enginefiles: a pure function of the analysed document to reports with exact ranges. */
export interface EnginefileRule {
  meta: RuleMeta & { appliesTo: "enginefile" };
  check(file: AnalyzedEnginefile): Report[];
}

/** A rule over manifests: a pure function of the checked manifest to reports with exact ranges. */
export interface ManifestRule {
  meta: RuleMeta & { appliesTo: "manifest" };
  check(manifest: AnalyzedManifest): Report[];
}

/** A rule over Compose files: a pure function of the file checked within its project. */
export interface ComposeRule {
  meta: RuleMeta & { appliesTo: "compose" };
  check(file: AnalyzedComposeFile): Report[];
}

/** A rule over ignore files: a pure function of the analysed file (and its context, when known). */
export interface IgnoreFileRule {
  meta: RuleMeta & { appliesTo: "ignorefile" };
  check(file: AnalyzedIgnoreFile): Report[];
}

/**
 * A rule the linter itself reports about suppression comments in any file (unused, unknown id,
 * forbidden); it has no check of its own.
 */
export interface SuppressionRule {
  meta: RuleMeta & { appliesTo: "any" };
  check?: undefined;
}

/** Any rule. */
export type Rule = EnginefileRule | ManifestRule | IgnoreFileRule | ComposeRule | SuppressionRule;

/** Declares an Enginefile rule (identity function that fixes the types). */
export function enginefileRule(
  meta: Omit<RuleMeta, "appliesTo">,
  check: (file: AnalyzedEnginefile) => Report[],
): EnginefileRule {
  return { meta: { ...meta, appliesTo: "enginefile" }, check };
}

/** Declares a manifest rule (identity function that fixes the types). */
export function manifestRule(
  meta: Omit<RuleMeta, "appliesTo">,
  check: (manifest: AnalyzedManifest) => Report[],
): ManifestRule {
  return { meta: { ...meta, appliesTo: "manifest" }, check };
}

/** Declares a Compose rule (identity function that fixes the types). */
export function composeRule(
  meta: Omit<RuleMeta, "appliesTo">,
  check: (file: AnalyzedComposeFile) => Report[],
): ComposeRule {
  return { meta: { ...meta, appliesTo: "compose" }, check };
}

/** Declares an ignore-file rule (identity function that fixes the types). */
export function ignoreFileRule(
  meta: Omit<RuleMeta, "appliesTo">,
  check: (file: AnalyzedIgnoreFile) => Report[],
): IgnoreFileRule {
  return { meta: { ...meta, appliesTo: "ignorefile" }, check };
}

/** The kind of file a rule's examples and test snippets are linted as (`any` rules: Enginefiles). */
export function kindOfRule(rule: Rule): "enginefile" | "manifest" | "ignorefile" | "compose" {
  const target = rule.meta.appliesTo;
  return target === "any" ? "enginefile" : target;
}
