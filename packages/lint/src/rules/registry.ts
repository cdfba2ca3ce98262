import type { Rule } from "../model/rule.js";
import { RULES } from "./all-rules.js";

const BY_ID = new Map<string, Rule>(RULES.map((r) => [r.meta.id, r]));

/** ShellCheck's checks: `shellcheck/SC2086` is a check of the `shellcheck` rule. */
const SHELLCHECK_CHECK = /^shellcheck\/SC\d{4}$/;

/** The rule with this id (a ShellCheck check id gives the `shellcheck` rule), or undefined. */
export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id) ?? (SHELLCHECK_CHECK.test(id) ? BY_ID.get("shellcheck") : undefined);
}

/** Every rule id, in documentation order. */
export function ruleIds(): string[] {
  return RULES.map((r) => r.meta.id);
}

export { RULES };
