import { Suggester } from "@enginekit/manifests/schema-free";
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

let suggester: Suggester | undefined;

/**
 * `; did you mean "<closest>"?` for a mistyped rule id when a rule id is close (the manifests'
 * edit-distance {@link Suggester}: a case difference, a typo or transposition, or a unique containing
 * id), else `""`. For every place a rule id is typed: configuration, `--rule`, `--explain`, suppression
 * comments.
 */
export function didYouMeanRule(id: string): string {
  const closest = (suggester ??= new Suggester(ruleIds())).closest(id);
  return closest ? `; did you mean "${closest}"?` : "";
}
