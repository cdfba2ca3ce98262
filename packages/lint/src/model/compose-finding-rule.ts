/**
 * A Compose rule that reports the `@enginekit/compose` findings of one code (the rule id is the code), with
 * their ranges, messages and quick fixes; severity, description and fixability come from the package's
 * `COMPOSE_FINDING_CODES`, so the two cannot disagree (as `manifest-finding-rule.ts` does for manifests).
 */

import { COMPOSE_FINDING_CODES, type ComposeFindingCode } from "@enginekit/compose/schema-free";
import { reportsOfCode } from "./finding.js";
import { type ComposeRule, composeRule, type RuleMeta } from "./rule.js";

/** What a Compose rule file gives. */
export type ComposeRuleMeta = Pick<RuleMeta, "name" | "docs" | "peers" | "examples"> & {
  id: ComposeFindingCode;
};

/** The rule of one `@enginekit/compose` finding code. */
export function composeFindingRule(meta: ComposeRuleMeta): ComposeRule {
  const info = COMPOSE_FINDING_CODES[meta.id];
  return composeRule(
    {
      ...meta,
      description: info.summary,
      severity: info.severity,
      fix: info.fix,
      docs: `${meta.docs.trim()}\n\nCompose: ${info.compose}`,
      examples: meta.examples.map((example) => ({ fileName: "compose.yaml", ...example })),
    },
    (file) => reportsOfCode(file.findings, meta.id),
  );
}
