/**
 * The rule registry: rules by id, and the peer names accepted wherever a rule id is (`--rule`,
 * configuration, suppression comments, `--explain`). Peer names are derived from each rule's `peers`
 * metadata (`hadolint DL3020`, `hadolint DL3032 / DL3036`, `BuildKit StageNameCasing`, `ShellCheck SC2086`,
 * `dclint no-version-field`, `compose-lint CL-0001`)
 * and from `shellcheck/SC<code>` ids, so a rule that names a peer is reachable by it with no second list.
 */
import { Suggester } from "@enginekit/manifests/schema-free";
import type { Rule } from "../model/rule.js";
import { RULES } from "./all-rules.js";

const BY_ID = new Map<string, Rule>(RULES.map((r) => [r.meta.id, r]));

/** The linters whose rule names are accepted as aliases, and the shape of their names. */
const PEER_NAME: Readonly<Record<string, RegExp>> = {
  hadolint: /^(?:DL|SC)[0-9]{4}$/,
  BuildKit: /^[A-Z][A-Za-z]+$/,
  ShellCheck: /^SC[0-9]{4}$/,
  // dclint's rule names (`no-version-field`) and compose-lint's ids (`CL-0001`): Compose rules
  dclint: /^[a-z]+(?:-[a-z]+)+$/,
  "compose-lint": /^CL-[0-9]{4}$/,
};

/** The peer names of one rule's metadata (`hadolint DL3032 / DL3036` → DL3032, DL3036). */
export function peerNamesOf(rule: Rule): { linter: string; name: string }[] {
  const out: { linter: string; name: string }[] = [];
  for (const peer of rule.meta.peers ?? []) {
    const space = peer.indexOf(" ");
    const linter = peer.slice(0, space);
    const shape = PEER_NAME[linter];
    if (!shape) continue;
    for (const name of peer.slice(space + 1).split("/")) {
      const n = name.trim();
      if (shape.test(n)) out.push({ linter, name: n });
    }
  }
  const sc = /^shellcheck\/(SC[0-9]{4})$/.exec(rule.meta.id);
  if (sc?.[1]) out.push({ linter: "ShellCheck", name: sc[1] });
  return out;
}

/** Rule ids by peer name (a name several rules share maps to all of them). */
const BY_ALIAS: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, string[]>();
  for (const r of RULES)
    for (const { name } of peerNamesOf(r)) {
      const ids = out.get(name) ?? [];
      if (!ids.includes(r.meta.id)) ids.push(r.meta.id);
      out.set(name, ids);
    }
  return out;
})();

/** ShellCheck's checks: `shellcheck/SC2086` is a check of the `shellcheck` rule. */
const SHELLCHECK_CHECK = /^shellcheck\/SC\d{4}$/;

/** The rule with this id (a ShellCheck check id gives the `shellcheck` rule), or undefined. */
export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id) ?? (SHELLCHECK_CHECK.test(id) ? BY_ID.get("shellcheck") : undefined);
}

/**
 * The rule ids `idOrAlias` names: `[id]` for a rule id or a ShellCheck check (`shellcheck/SC2086`), the
 * rules with that peer name for a hadolint (`DL3020`), BuildKit (`StageNameCasing`), dclint
 * (`no-version-field`) or compose-lint (`CL-0001`) name, the check
 * `shellcheck/SC2086` for a bare ShellCheck code no rule claims, `[]` when it names nothing.
 */
export function resolveRuleIds(idOrAlias: string): readonly string[] {
  if (BY_ID.has(idOrAlias) || SHELLCHECK_CHECK.test(idOrAlias)) return [idOrAlias];
  const aliased = BY_ALIAS.get(idOrAlias);
  if (aliased) return aliased;
  // A ShellCheck code no rule names as its peer is that check of the `shellcheck` rule.
  return /^SC\d{4}$/.test(idOrAlias) ? [`shellcheck/${idOrAlias}`] : [];
}

/** Every peer name and the rule ids it stands for. */
export function ruleAliases(): ReadonlyMap<string, readonly string[]> {
  return BY_ALIAS;
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
