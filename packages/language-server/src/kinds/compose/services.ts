/**
 * The Compose kind (`compose.yaml`, `docker-compose.override.yml` …, language id `dockercompose`): each version
 * checked within its project (./analysis.ts), its findings (the `compose/*` rules of `@enginekit/lint`: the
 * schema, Compose's consistency checks, the engine's verdict) and its providers, wired in one place.
 * Everything it imports brings YAML, ajv, the Compose schema and the api schemas with it, which sessions
 * without a Compose file never load (src/kinds/kind-table.ts).
 */
import { lintAnalyzedCompose } from "@enginekit/lint";
import type { ServerServices } from "../../lsp/server-services.js";
import { quickFixProvider } from "../../providers/code-actions.js";
import type { LanguageServices } from "../language-services.js";
import { analyzeComposeDocument, type ComposeAnalysis } from "./analysis.js";
import { composeLinks } from "./links.js";
import {
  composeDefinition,
  composeHighlights,
  composePrepareRename,
  composeReferences,
  composeRename,
} from "./navigation.js";
import { NavigationCache } from "./navigation-project.js";
import { composeSymbols } from "./symbols.js";

/**
 * The Compose kind's services over the server's shared ones. Each provider is one file of this folder;
 * a provider added later (navigation: `definition`, `references`, `prepareRename`, `rename`,
 * `documentHighlight`, `documentLink`, `documentSymbol`) is one more entry below, and the feature table
 * routes the request here without any other change.
 */
export function createServices(shared: ServerServices): LanguageServices<ComposeAnalysis> {
  const navigations = new NavigationCache(shared.documents, shared.environment);
  return {
    kind: "compose",
    analyze: (input) => analyzeComposeDocument(input, shared.environment),
    findings: async ({ analysis }, settings) => lintAnalyzedCompose(analysis.compose, settings),
    // the suppression comment goes above the finding's line (a YAML comment, as in manifests)
    codeAction: quickFixProvider(shared, () => (d) => ({ line: d.range.start.line })),
    // navigation across the project's files (./navigation-project.ts)
    definition: (p, { document }) =>
      composeDefinition(navigations.of(document), document.offsetAt(p.position)),
    references: (p, { document }) =>
      composeReferences(
        navigations.of(document),
        document.offsetAt(p.position),
        p.context?.includeDeclaration !== false,
      ),
    documentHighlight: (p, { document }) =>
      composeHighlights(navigations.of(document), document.offsetAt(p.position)),
    prepareRename: (p, { document }) =>
      composePrepareRename(navigations.of(document), document.offsetAt(p.position)),
    rename: (p, { document }) =>
      composeRename(navigations.of(document), document.offsetAt(p.position), String(p.newName)),
    documentLink: (_p, { document }) => composeLinks(navigations.of(document)),
    documentSymbol: (_p, { document, analysis }) => composeSymbols(document.getText(), analysis.compose.path),
    closed: (uri) => navigations.delete(uri),
  };
}
