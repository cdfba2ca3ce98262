/**
 * `.hadolint.yaml` / `.hadolint.yml` read as enginekit configuration, for projects that have no
 * `.enginekit.yaml` (hadolint README "Configure"). Each hadolint setting maps onto the enginekit model:
 * `ignored` → `rules: off`; `override.{error,warning,info,style}` → rule severities; `failure-threshold`
 * → `failureThreshold` (`ignore`/`none` → `none`); `no-fail` → `failureThreshold: none`;
 * `trustedRegistries` → `trustedRegistries`; `disable-ignore-pragma` → `inlineSuppressions: false`;
 * `label-schema` and `strict-labels` → `labelSchema`, `strictLabels`. Rule names are hadolint's (DL…, SC…)
 * or enginekit ids; names enginekit has no rule for are skipped (the file also serves hadolint). Output
 * settings (`format`, `no-color`, `verbose`) are hadolint's own and ignored.
 */
import { LABEL_TYPES, type LabelType } from "../enginefile/label-types.js";
import type { RuleSeverity } from "../model/severity.js";
import { resolveRuleIds } from "../rules/registry.js";
import type { LintConfig } from "./schema.js";

type At = (path: (string | number)[], message: string) => Error;

const SEVERITY_OF: Readonly<Record<string, RuleSeverity>> = {
  error: "error",
  warning: "warning",
  info: "info",
  style: "style",
  ignore: "off",
  none: "off",
};

function stringList(value: unknown, path: (string | number)[], at: At): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string"))
    throw at(path, `${path.join(".")}: expected a list of strings`);
  return value as string[];
}

function bool(value: unknown, path: string, at: At): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw at([path], `${path}: expected true or false`);
  return value;
}

/**
 * Translates a parsed `.hadolint.yaml` (its YAML value) into enginekit configuration. `at` builds the
 * located error for a setting of the wrong shape (a path into the YAML and a message).
 */
export function fromHadolintConfig(value: unknown, at: At): LintConfig {
  if (value === null || value === undefined) return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw at([], "expected a mapping of hadolint settings");
  const h = value as Record<string, unknown>;
  const rules: Record<string, RuleSeverity> = {};
  const set = (names: string[], severity: RuleSeverity) => {
    for (const name of names) for (const id of resolveRuleIds(name)) rules[id] = severity;
  };
  const override = h.override;
  if (override !== undefined && override !== null) {
    if (typeof override !== "object" || Array.isArray(override))
      throw at(["override"], "override: expected a mapping of error/warning/info/style to rule lists");
    for (const [level, names] of Object.entries(override as Record<string, unknown>)) {
      const severity = SEVERITY_OF[level];
      if (!severity || severity === "off")
        throw at(["override", level], `override.${level}: use error, warning, info or style`);
      set(stringList(names, ["override", level], at), severity);
    }
  }
  set(stringList(h.ignored, ["ignored"], at), "off");
  const out: LintConfig = {};
  if (Object.keys(rules).length > 0) out.rules = rules;
  const threshold = h["failure-threshold"];
  if (threshold !== undefined && threshold !== null) {
    const t = String(threshold);
    if (!(t in SEVERITY_OF))
      throw at(["failure-threshold"], "failure-threshold: use error, warning, info, style, ignore or none");
    out.failureThreshold = SEVERITY_OF[t] === "off" ? "none" : (t as LintConfig["failureThreshold"]);
  }
  if (bool(h["no-fail"], "no-fail", at)) out.failureThreshold = "none";
  const registries = stringList(h.trustedRegistries, ["trustedRegistries"], at);
  if (registries.length > 0) out.trustedRegistries = registries;
  if (bool(h["disable-ignore-pragma"], "disable-ignore-pragma", at)) out.inlineSuppressions = false;
  const schema = h["label-schema"];
  if (schema !== undefined && schema !== null) {
    if (typeof schema !== "object" || Array.isArray(schema))
      throw at(["label-schema"], "label-schema: expected a mapping of label names to types");
    const types: Record<string, LabelType> = {};
    for (const [label, type] of Object.entries(schema as Record<string, unknown>)) {
      const t = String(type);
      if (!(LABEL_TYPES as readonly string[]).includes(t))
        throw at(["label-schema", label], `label-schema: ${label}: use one of ${LABEL_TYPES.join(", ")}`);
      types[label] = t as LabelType;
    }
    out.labelSchema = types;
  }
  const strict = bool(h["strict-labels"], "strict-labels", at);
  if (strict !== undefined) out.strictLabels = strict;
  return out;
}
