/**
 * Where a rule's documentation page is published: `docs/rules/<id>.md` of the repository, under the
 * documentation site's base. Output formats link to it (SARIF `helpUri`, GitHub code scanning's "Show
 * more" link); the language server's `codeDescription.href` uses the same default base.
 */
export const RULE_DOCS_BASE = "https://enginekit.dev/docs/rules/";

/** The absolute URI of rule `id`'s page, e.g. `https://enginekit.dev/docs/rules/apk-no-cache.md`. */
export function ruleDocsUri(id: string): string {
  return `${RULE_DOCS_BASE}${encodeURIComponent(id).replaceAll("%2F", "/")}.md`;
}
