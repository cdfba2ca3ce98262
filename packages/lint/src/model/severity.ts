/**
 * Severities of findings are the foundation's (`@enginekit/text`: `error`, `warning`, `info`, `style`,
 * hadolint's order); a rule's configured severity may also be `off`.
 */
import { atOrAbove, SEVERITIES, type Severity, severityRank } from "@enginekit/text";

export { atOrAbove, SEVERITIES, type Severity, severityRank };

/** A rule's configured severity: a {@link Severity}, or `off` to disable the rule. */
export type RuleSeverity = Severity | "off";

/** Every rule severity, `off` last. */
export const RULE_SEVERITIES: readonly RuleSeverity[] = [...SEVERITIES, "off"];
