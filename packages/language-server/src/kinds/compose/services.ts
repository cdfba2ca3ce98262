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

/**
 * The Compose kind's services over the server's shared ones. Each provider is one file of this folder;
 * a provider added later (navigation: `definition`, `references`, `prepareRename`, `rename`,
 * `documentHighlight`, `documentLink`, `documentSymbol`) is one more entry below, and the feature table
 * routes the request here without any other change.
 */
export function createServices(shared: ServerServices): LanguageServices<ComposeAnalysis> {
  return {
    kind: "compose",
    analyze: (input) => analyzeComposeDocument(input, shared.environment),
    findings: async ({ analysis }, settings) => lintAnalyzedCompose(analysis.compose, settings),
    // the suppression comment goes above the finding's line (a YAML comment, as in manifests)
    codeAction: quickFixProvider(shared, () => (d) => ({ line: d.range.start.line })),
  };
}
