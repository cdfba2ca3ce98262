/**
 * The `healthcheck-missing` rule: No HEALTHCHECK.
 * Its metadata is its documentation (`docs/rules/healthcheck-missing.md`, `enginekit lint --explain
 * healthcheck-missing`).
 * Same check elsewhere: hadolint DL3057.
 */
import { stageLineage } from "../../enginefile/stage-parents.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "healthcheck-missing",
    name: "No HEALTHCHECK",
    description: "The final stage (and the stages it is built from) has no HEALTHCHECK.",
    severity: "off",
    fix: "never",
    docs: `Without a HEALTHCHECK the engine knows a container is running, not that it works. Off by default, as
in hadolint (images whose orchestrator probes them, and base images, need none); turn it on with
\`healthcheck-missing: info\`. \`HEALTHCHECK NONE\` counts: it says so on purpose.`,
    peers: ["hadolint DL3057"],
    examples: [
      { kind: "invalid", code: "FROM nginx:1.27\n" },
      { kind: "valid", code: 'FROM nginx:1.27\nHEALTHCHECK CMD ["curl", "-f", "http://localhost/"]\n' },
    ],
  },
  (file) => {
    const out: Report[] = [];
    const final = file.finalStage;
    if (!final) return out;
    const has = stageLineage(file, final).some((s) => s.instructions.some((i) => i.kind === "healthcheck"));
    if (!has)
      out.push({
        range: final.from.keywordRange,
        message: "The final stage has no HEALTHCHECK; add one so the engine can tell the container works.",
      });
    return out;
  },
);
