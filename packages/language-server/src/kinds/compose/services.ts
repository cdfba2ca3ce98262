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
import { secretCompletion } from "../../secrets/secret-completion.js";
import type { LanguageServices } from "../language-services.js";
import { analyzeComposeDocument, type ComposeAnalysis } from "./analysis.js";
import { composeCompletion } from "./completion.js";
import { composeHover } from "./hover.js";
import { composeInlayHints } from "./inlay-hints.js";
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
 * The Compose kind's services over the server's shared ones. Each provider is one file of this folder
 * (completion.ts, hover.ts, inlay-hints.ts; quick fixes are the findings' own, src/providers/
 * code-actions.ts). Navigation — `definition`, `references`, `prepareRename`, `rename`,
 * `documentHighlight`, `documentLink`, `documentSymbol` — is navigation.ts, links.ts and symbols.ts over the
 * project model of navigation-project.ts; the feature table routes each request here with no other change.
 */
export function createServices(shared: ServerServices): LanguageServices<ComposeAnalysis> {
  const navigations = new NavigationCache(shared.documents, shared.environment);
  return {
    kind: "compose",
    analyze: (input) => analyzeComposeDocument(input, shared.environment),
    findings: async ({ analysis }, settings) => lintAnalyzedCompose(analysis.compose, settings),
    // `svc:` secret paths live (as in manifests), else keys and values from the schema and the project
    async completion(p, { document, analysis }, token) {
      const offset = document.offsetAt(p.position);
      return (
        (await secretCompletion(shared.secrets, document, offset, token)) ??
        composeCompletion(document, analysis, offset, { imageTags: () => shared.images.tags(token) })
      );
    },
    hover: (p, { document, analysis }) => composeHover(analysis, document.offsetAt(p.position)),
    inlayHint: (p, { document, analysis }) =>
      composeInlayHints(analysis, document.offsetAt(p.range.start), document.offsetAt(p.range.end)),
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
