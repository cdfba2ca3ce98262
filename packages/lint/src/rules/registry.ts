import type { Rule } from "../model/rule.js";
import { RULES } from "./all-rules.js";

const BY_ID = new Map<string, Rule>(RULES.map((r) => [r.meta.id, r]));

/** The rule with this id, or undefined. */
export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id);
}

/** Every rule id, in documentation order. */
export function ruleIds(): string[] {
  return RULES.map((r) => r.meta.id);
}

export { RULES };
