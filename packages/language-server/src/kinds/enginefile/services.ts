/**
 * The Enginefile kind (`Enginefile`, `Dockerfile`, `Containerfile` …, Dockerfile syntax): its analysis,
 * findings (the Enginefile rules of `@enginekit/lint`, ShellCheck in the background, the engine's image
 * platforms when `online` is on) and every provider, wired in one place (Langium's per-language module).
 */
import { basename } from "node:path";
import { isComposeFileName } from "@enginekit/compose/schema-free";
import type { CompletionItem } from "vscode-languageserver";
import { filePathOf } from "../../documents/document-kind.js";
import type { ServerServices } from "../../lsp/server-services.js";
import { quickFixProvider } from "../../providers/code-actions.js";
import type { LanguageServices } from "../language-services.js";
import { analyzeEnginefileDocument, type EnginefileAnalysis } from "./analysis.js";
import { enginefileCompletion, imageItems, imageWordAt, resolveCompletionItem } from "./completion.js";
import { instructionAt } from "./cursor-context.js";
import { enginefileFindings } from "./findings.js";
import { enginefileFolding } from "./folding.js";
import { enginefileFormatting, enginefileOnTypeFormatting } from "./formatting.js";
import { enginefileHover } from "./hover.js";
import { enginefileInlayHints } from "./inlay-hints.js";
import { enginefileLinks } from "./links.js";
import { type ComposeServiceSecrets, composeBuildSecretsFor, readImagePlatforms } from "./linter.js";
import {
  enginefileDefinition,
  enginefileHighlights,
  enginefilePrepareRename,
  enginefileReferences,
  enginefileRename,
} from "./navigation.js";
import { relatedInformation } from "./related.js";
import { secretIdOffers } from "./secret-id-completion.js";
import { enginefileSelectionRanges } from "./selection-range.js";
import { enginefileSemanticTokens } from "./semantic-tokens.js";
import { ShellcheckSource } from "./shellcheck-source.js";
import { enginefileSignatureHelp } from "./signature-help.js";
import { enginefileSymbols } from "./symbols.js";

/**
 * The build secret ids of the Compose services that build the Enginefile at `uri` (on disk; the document's
 * unsaved `text` only says whether it mounts a secret). Nothing for an unsaved document.
 */
async function composeSecrets(
  uri: string,
  text: string,
): Promise<{ composeBuildSecrets?: ComposeServiceSecrets[] }> {
  const path = filePathOf(uri);
  return path === undefined ? {} : composeBuildSecretsFor(path, text);
}

/** The Enginefile kind's services over the server's shared ones. */
export function createServices(shared: ServerServices): LanguageServices<EnginefileAnalysis> {
  /** ShellCheck in the background: its findings join a document's next diagnostics. */
  const shellcheck = new ShellcheckSource((uri) => shared.diagnostics.republish(uri));
  const offset = (
    doc: { document: { offsetAt(p: { line: number; character: number }): number } },
    p: { position: { line: number; character: number } },
  ) => doc.document.offsetAt(p.position);
  return {
    kind: "enginefile",
    analyze: analyzeEnginefileDocument,
    async findings({ document, analysis }, settings) {
      // the Compose services building this file provide build secret ids (unconfigured-build-secret)
      let lint = {
        ...settings,
        enginefile: { ...settings.enginefile, ...(await composeSecrets(document.uri, analysis.text)) },
      };
      // online: the base images' platforms as the engine reports them (silent when no engine answers)
      if (shared.settings().online) {
        const facts = await readImagePlatforms(analysis.file, shared.images.platforms());
        lint = { ...lint, enginefile: { ...lint.enginefile, ...facts } };
      }
      return enginefileFindings(
        analysis.file,
        lint,
        shellcheck.findingsFor(document.uri, analysis.file, lint),
      );
    },
    related: relatedInformation,
    async completion(p, { document, analysis }, token) {
      const at = document.offsetAt(p.position);
      const item = shared.client().textDocument?.completion?.completionItem;
      const items = enginefileCompletion(document, analysis.file, at, {
        snippets: Boolean(item?.snippetSupport),
        resolveDocumentation: Boolean(item?.resolveSupport?.properties.includes("documentation")),
        secretIds: secretIdOffers(
          shared.router.buildSecrets(document.uri),
          (await composeSecrets(document.uri, analysis.text)).composeBuildSecrets,
        ),
      });
      const image = imageWordAt(analysis.file, at);
      return image ? [...items, ...imageItems(document, image, await shared.images.tags(token))] : items;
    },
    resolveCompletionItem: (item: CompletionItem) => resolveCompletionItem(item),
    hover: (p, doc) => enginefileHover(doc.document, doc.analysis.file, offset(doc, p)),
    signatureHelp: (p, doc) => enginefileSignatureHelp(doc.analysis.file, offset(doc, p)),
    definition: (p, doc) => enginefileDefinition(doc.document, doc.analysis.file, offset(doc, p)),
    references: (p, doc) =>
      enginefileReferences(
        doc.document,
        doc.analysis.file,
        offset(doc, p),
        p.context?.includeDeclaration !== false,
      ),
    documentHighlight: (p, doc) => enginefileHighlights(doc.document, doc.analysis.file, offset(doc, p)),
    prepareRename: (p, doc) => enginefilePrepareRename(doc.document, doc.analysis.file, offset(doc, p)),
    rename: (p, doc) => enginefileRename(doc.document, doc.analysis.file, offset(doc, p), String(p.newName)),
    documentSymbol: (_p, doc) => enginefileSymbols(doc.analysis.file),
    // the suppression comment goes above the instruction's first line
    codeAction: quickFixProvider(shared, ({ document, analysis }) => (d) => {
      const ins = instructionAt(analysis.file, document.offsetAt(d.range.start));
      return ins ? { line: ins.range.start.line } : undefined;
    }),
    formatting: (p, doc) => enginefileFormatting(doc.document, doc.analysis.file, p.options),
    rangeFormatting: (p, doc) => enginefileFormatting(doc.document, doc.analysis.file, p.options, p.range),
    onTypeFormatting: (p, doc) =>
      enginefileOnTypeFormatting(doc.document, doc.analysis.file, p.position, String(p.ch), p.options),
    foldingRange: (_p, doc) => enginefileFolding(doc.analysis.file),
    selectionRange: (p, doc) =>
      enginefileSelectionRanges(
        doc.document,
        doc.analysis.file,
        Array.isArray(p.positions) ? p.positions : [],
      ),
    documentLink: (_p, doc) => enginefileLinks(doc.document, doc.analysis.file),
    semanticTokens: (p, doc) =>
      shared.tokens.full(p.textDocument.uri, enginefileSemanticTokens(doc.analysis.file)),
    semanticTokensDelta: (p, doc) =>
      shared.tokens.delta(
        p.textDocument.uri,
        p.previousResultId,
        enginefileSemanticTokens(doc.analysis.file),
      ),
    semanticTokensRange: (p, doc) => ({
      data: enginefileSemanticTokens(doc.analysis.file, {
        start: doc.document.offsetAt(p.range.start),
        end: doc.document.offsetAt(p.range.end),
      }),
    }),
    inlayHint: (p, doc) =>
      enginefileInlayHints(
        doc.document,
        doc.analysis.file,
        doc.document.offsetAt(p.range.start),
        doc.document.offsetAt(p.range.end),
      ),
    // a Compose file (or its .env) saved or created: the build secrets its services provide may differ
    filesChanged: (paths) =>
      paths === undefined || paths.some((p) => isComposeFileName(basename(p)) || basename(p) === ".env"),
    focus: (uri) => shellcheck.focus(uri),
    closed: (uri) => shellcheck.forget(uri),
    dispose: () => shellcheck.dispose(),
  };
}
