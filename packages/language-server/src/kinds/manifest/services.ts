/**
 * The manifest kind (`*.container.yaml`, `*.service.json` …, and files the `manifests` globs name): each
 * version read and checked against the `@enginekit/api` schemas, its findings (the manifest rules of
 * `@enginekit/lint`, the online secret checks when `online` is on), schema-driven completion and hover, live
 * `svc:` secret completion and hover, and symbols, wired in one place. Everything it imports brings zod, the
 * api schema modules and YAML with it, which an Enginefile-only session never loads (src/kinds/kind-table.ts).
 */
import { type AnalyzedManifest, analyzeManifest, lintAnalyzedManifest } from "@enginekit/lint";
import { baseNameOf } from "../../documents/document-kind.js";
import type { ServerServices } from "../../lsp/server-services.js";
import { quickFixProvider } from "../../providers/code-actions.js";
import { secretCompletion } from "../../secrets/secret-completion.js";
import { secretHover } from "../../secrets/secret-hover.js";
import type { AnalysisBase, LanguageServices } from "../language-services.js";
import { manifestCompletion } from "./completion.js";
import { manifestHover } from "./hover.js";
import { secretOnlineFindings } from "./secret-online-findings.js";
import { manifestSymbols } from "./symbols.js";

/** A manifest version's analysis. */
type ManifestAnalysis = AnalysisBase & { kind: "manifest"; manifest: AnalyzedManifest };

/** The manifest kind's services over the server's shared ones. */
export function createServices(shared: ServerServices): LanguageServices<ManifestAnalysis> {
  return {
    kind: "manifest",
    // checked against the project's `apiVersion` (`.enginekit.yaml`), as `enginekit lint` does
    analyze: ({ document, text, cutAt, apiVersion }) => ({
      kind: "manifest",
      uri: document.uri,
      version: document.version,
      text,
      manifest: analyzeManifest(text, baseNameOf(document.uri), apiVersion),
      ...(cutAt === undefined ? {} : { cutAt }),
    }),
    async findings({ analysis }, settings) {
      const online = shared.settings().online
        ? await secretOnlineFindings(shared.secrets, analysis.manifest)
        : [];
      const manifest =
        online.length > 0
          ? { ...analysis.manifest, findings: [...analysis.manifest.findings, ...online] }
          : analysis.manifest;
      return lintAnalyzedManifest(manifest, settings);
    },
    async completion(p, { document, analysis }, token) {
      const offset = document.offsetAt(p.position);
      return (
        (await secretCompletion(shared.secrets, document, offset, token)) ??
        manifestCompletion(document, analysis.manifest, offset)
      );
    },
    async hover(p, { document, analysis }, token) {
      const offset = document.offsetAt(p.position);
      return (
        (await secretHover(shared.secrets, analysis.manifest, offset, token)) ??
        manifestHover(analysis.manifest, offset)
      );
    },
    documentSymbol: (_p, { analysis }) => manifestSymbols(analysis.manifest),
    // YAML: the suppression comment goes above the finding's line; JSON has no comments
    codeAction: quickFixProvider(
      shared,
      ({ analysis }) =>
        (d) =>
          analysis.manifest.check.format === "yaml" ? { line: d.range.start.line } : undefined,
    ),
  };
}
