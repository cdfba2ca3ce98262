/**
 * Tables generated from the manifests package's own metadata, so the documentation cannot drift from the
 * checks: the checks of one finding code for its rule page (`manifest/ignored-value`, `manifest/limit`,
 * `manifest/constraint`; from `BODY_CHECKS`, one file per check), and the findings table of
 * docs/manifests.md (from `FINDING_CODES`). Kept true by the generated-files test.
 */
import { BODY_CHECKS, FINDING_CODES, type FindingCode } from "@enginekit/manifests";

const cell = (text: string) => text.replaceAll("|", "\\|");

/** Markdown: one row per manifest check reporting under `code` — id, kinds, what it reports, its source. */
export function renderManifestChecksTable(code: FindingCode): string {
  const checks = BODY_CHECKS.filter((c) => c.meta.code === code);
  let out = "| Check | Kinds | Reports | Follows |\n|---|---|---|---|\n";
  for (const { meta } of checks) {
    out += `| \`${meta.id}\` | ${meta.kinds.join(", ")} | ${cell(meta.docs)} | ${cell(meta.peers.join("; "))} |\n`;
  }
  return out;
}

/** Markdown: the findings table of docs/manifests.md — code, default severity, quick fix, summary. */
export function renderFindingCodesTable(): string {
  let out = "| Code | Severity | Quick fix | Reports |\n|---|---|---|---|\n";
  for (const [code, info] of Object.entries(FINDING_CODES)) {
    const severity = info.severityNote ? `${info.severity} (${info.severityNote})` : info.severity;
    const fix = info.fix === "never" ? "—" : (info.quickFix ?? info.fix);
    const checks = BODY_CHECKS.filter((c) => c.meta.code === code).length;
    const summary = `${info.summary}${info.online ? " Online (`--online`)." : ""}${checks > 0 ? ` ${checks} body check${checks === 1 ? "" : "s"} (listed on the rule page).` : ""}`;
    out += `| \`${code}\` | ${cell(severity)} | ${cell(fix)} | ${cell(summary)} |\n`;
  }
  return out;
}
