/**
 * Compose document links (LSP `textDocument/documentLink`): each path the file names — `include`, `build`
 * context and `dockerfile`, `env_file`, `extends.file`, secret and config `file:` — linked to the file or
 * folder it resolves to (`documentLinks` of `@enginekit/compose`, compose-go's path rules), an `http(s)://`
 * build context to its URL.
 */
import { documentLinks } from "@enginekit/compose";
import type { DocumentLink } from "vscode-languageserver";
import { toLspRange } from "../../diagnostics/to-lsp.js";
import type { DocumentNavigation } from "./navigation-project.js";

/** The links of the document, with a tooltip naming the attribute. */
export function composeLinks(at: DocumentNavigation): DocumentLink[] {
  return documentLinks(at.navigation, at.file).map((link) => ({
    range: toLspRange(link.range),
    target: /^https?:\/\//.test(link.target) ? link.target : at.uriOf(link.target),
    tooltip: `${link.via}: ${link.target}`,
  }));
}
