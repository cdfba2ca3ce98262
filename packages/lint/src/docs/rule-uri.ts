/**
 * Where a rule's documentation page is: `docs/rules/<id>.md` of the repository, shipped with the code
 * as `rule-pages/<id>.md` (the lint package's `dist/rule-pages/`, the `enginekit` bundle's
 * `dist/rule-pages/`, the VS Code extension's `rule-pages/`), so links point at pages that exist on the
 * user's machine (issue 30: the documentation site they linked to does not exist). Teams that host the
 * pages give their own base (`enginekit lint --rule-docs`, the language server's `enginekit.ruleDocs`).
 * SARIF carries each page's text in `help` anyway; `helpUri` is set only for a base that was given.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The folder names, relative to the running module, where the pages are shipped. */
const INSTALLED_FOLDERS = ["./rule-pages/", "../rule-pages/"];

let installed: string | null | undefined;

/**
 * The `file:` URI (ending in `/`) of the rule pages installed with the running code, or undefined when
 * none are (running from the TypeScript sources). Looked up once.
 */
export function installedRuleDocsBase(): string | undefined {
  if (installed === undefined) {
    installed = null;
    for (const folder of INSTALLED_FOLDERS) {
      const url = new URL(folder, import.meta.url);
      if (existsSync(fileURLToPath(new URL("add-instead-of-copy.md", url)))) {
        installed = url.href;
        break;
      }
    }
  }
  return installed ?? undefined;
}

/**
 * The URI of rule `id`'s page under `base`: `base` with `{id}` replaced by the id when it holds one
 * (`https://docs.example/rules/{id}.html`), else `<base><id>.md` (a folder of the pages as shipped,
 * `file:` or `https:`). Ids with a namespace (`manifest/limit`) keep their `/`.
 */
export function ruleDocsUri(id: string, base: string): string {
  const path = encodeURIComponent(id).replaceAll("%2F", "/");
  return base.includes("{id}") ? base.replaceAll("{id}", path) : `${base}${path}.md`;
}

/**
 * Checks a documentation base given by a user: an absolute `http:`, `https:` or `file:` URL.
 * @returns an error message, or undefined when it is fine.
 */
export function ruleDocsBaseError(base: string): string | undefined {
  try {
    const url = new URL(base.replaceAll("{id}", "x"));
    if (!["http:", "https:", "file:"].includes(url.protocol))
      return `"${base}" is not an http, https or file URL`;
    return undefined;
  } catch {
    return `"${base}" is not an absolute URL (e.g. https://docs.example/enginekit/rules/)`;
  }
}
