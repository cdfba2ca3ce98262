/**
 * `DiagnosticsService`: the server's diagnostics in one place, pushed (LSP `textDocument/publishDiagnostics`,
 * debounced) or pulled (`textDocument/diagnostic`), from `@enginekit/lint` findings with ShellCheck and
 * online secret checks, the size-limit warning (`TOO_LARGE`), and each document's latest findings for quick
 * fixes.
 */
import type { Finding } from "@enginekit/lint";
import type { ClientCapabilities, Connection, Diagnostic, TextDocuments } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { ProjectConfigs } from "../config/project-config.js";
import type { ServerSettings } from "../config/settings.js";
import { type DocumentAnalysis, MAX_ANALYSED_CHARS } from "../documents/analysis-cache.js";
import type { DocumentRouter, Handled } from "../documents/document-router.js";
import { type IgnoreFiles, isIgnoreFileDocument } from "../documents/ignore-files.js";
import type { LocalImages } from "../engine/local-images.js";
import { readImagePlatforms } from "../enginefile-linter.js";
import type { ConnectionActivity } from "../protocol/connection-activity.js";
import { maskResponse, secretValuesOf } from "../secrets/secret-masking.js";
import { secretOnlineFindings } from "../secrets/secret-online-findings.js";
import type { SecretsService } from "../secrets/secrets-service.js";
import { findingsOf } from "./finding-source.js";
import { ignoreFileFindings } from "./ignore-file-diagnostics.js";
import { DiagnosticsPublisher } from "./publisher.js";
import { relatedInformation } from "./related.js";
import { ShellcheckSource } from "./shellcheck-source.js";
import { ruleDocsBase, toDiagnostic } from "./to-lsp.js";

/** The finding at the offset where a document crosses {@link MAX_ANALYSED_CHARS} (not a lint rule: no rule page). */
function tooLargeFinding(h: Handled, cutAt: number): Finding {
  const at = h.document.positionAt(cutAt);
  return {
    ruleId: TOO_LARGE,
    severity: "warning",
    message: `The document is longer than ${MAX_ANALYSED_CHARS} characters: only the ${at.line} lines before this one are checked.`,
    range: { start: { ...at, offset: cutAt }, end: { ...at, offset: cutAt } },
  } as Finding;
}

/** The code of the size-limit diagnostic. */
const TOO_LARGE = "document-too-large";

/** What the diagnostics need from the server. */
export interface DiagnosticsHost {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  router: DocumentRouter;
  ignoreFiles: IgnoreFiles;
  projects: ProjectConfigs;
  secrets: SecretsService;
  /** The engine's image platforms, for the online check invalid-base-image-platform. */
  images: Pick<LocalImages, "platforms">;
  settings(): ServerSettings;
  client(): ClientCapabilities;
  /** The connection's message activity: background diagnostics wait for quiet moments (src/protocol/connection-activity.ts). */
  activity?: ConnectionActivity;
}

/**
 * Diagnostics in one place: push (debounced, src/diagnostics/publisher.ts) or pull (`textDocument/
 * diagnostic`, when the client can), from `@enginekit/lint` with the project's settings (src/diagnostics/
 * finding-source.ts) plus the online secret checks of manifests (setting `online`). Keeps each
 * document's latest findings for quick fixes.
 */
export class DiagnosticsService {
  private readonly publisher: DiagnosticsPublisher;
  /** ShellCheck in the background (src/diagnostics/shellcheck-source.ts): its findings join a document's next diagnostics. */
  private readonly shellcheck = new ShellcheckSource((uri) =>
    this.pull
      ? void this.host.connection.languages.diagnostics.refresh().catch(() => undefined)
      : this.publisher.schedule(uri),
  );

  constructor(private readonly host: DiagnosticsHost) {
    this.publisher = new DiagnosticsPublisher(
      async (uri) => {
        const h = await host.router.handled(uri);
        if (!h) return this.ignoreFile(uri);
        const version = h.document.version;
        const findings = await this.findings(h);
        if (host.documents.get(uri)?.version !== version) return undefined;
        return { findings, diagnostics: this.toLsp(findings, h.analysis), version };
      },
      (uri, diagnostics, version) => {
        // a publication that ends after the connection closed is dropped (it throws or rejects then)
        try {
          void host.connection.sendDiagnostics({ uri, diagnostics, version }).catch(() => undefined);
        } catch {}
      },
      host.settings().diagnosticsDelayMs,
      host.activity ? () => host.activity!.quiet() : undefined,
    );
  }

  /** True when the client pulls diagnostics (`textDocument.diagnostic` capability). */
  get pull(): boolean {
    return Boolean(this.host.client().textDocument?.diagnostic);
  }

  /** The findings of a handled document (lint, plus the online checks of a manifest when `online` is on). */
  async findings(h: Handled): Promise<Finding[]> {
    let lint = this.host.projects.settingsFor(h.document.uri, h.analysis.kind);
    // online: the base images' platforms as the engine reports them (silent when no engine answers)
    if (h.analysis.kind === "enginefile" && this.host.settings().online) {
      const facts = await readImagePlatforms(h.analysis.file, this.host.images.platforms());
      lint = { ...lint, enginefile: { ...lint.enginefile, ...facts } };
    }
    const online =
      h.analysis.kind === "manifest" && this.host.settings().online
        ? await secretOnlineFindings(this.host.secrets, h.analysis.manifest)
        : [];
    const shellcheck =
      h.analysis.kind === "enginefile"
        ? this.shellcheck.findingsFor(h.document.uri, h.analysis.file, lint)
        : [];
    const findings = await findingsOf(h.analysis, lint, online, shellcheck);
    const cut = h.analysis.cutAt;
    if (cut !== undefined) findings.push(tooLargeFinding(h, cut));
    return findings;
  }

  /** An open ignore file's findings and diagnostics (src/diagnostics/ignore-file-diagnostics.ts), else undefined. */
  private async ignoreFile(
    uri: string,
  ): Promise<{ findings: Finding[]; diagnostics: Diagnostic[]; version: number } | undefined> {
    const document = this.host.documents.get(uri);
    if (!document || !isIgnoreFileDocument(uri)) return undefined;
    const version = document.version;
    const current = () => this.host.documents.get(uri)?.version === version;
    const findings = await ignoreFileFindings(
      this.host.ignoreFiles,
      document,
      this.host.projects.settingsFor(uri, "enginefile"),
      current,
    );
    if (findings === undefined || !current()) return undefined;
    this.publisher.remember(uri, findings);
    return {
      findings,
      diagnostics: findings.map((f) => toDiagnostic(f, ruleDocsBase(this.host.settings()))),
      version,
    };
  }

  /** Findings as LSP diagnostics, with related locations when the client takes them and secret values masked. */
  toLsp(findings: readonly Finding[], analysis: DocumentAnalysis): Diagnostic[] {
    const related = this.host.client().textDocument?.publishDiagnostics?.relatedInformation !== false;
    const docsBase = ruleDocsBase(this.host.settings());
    const diagnostics = findings.map((f) => {
      const d = toDiagnostic(f, docsBase);
      if (f.ruleId === TOO_LARGE) delete d.codeDescription;
      const links = related ? relatedInformation(f, analysis) : [];
      if (links.length > 0) d.relatedInformation = links;
      return d;
    });
    return maskResponse(diagnostics, secretValuesOf(analysis));
  }

  /** Answers a pull request for `uri` (an unhandled document has no diagnostics). */
  async report(uri: string): Promise<Diagnostic[]> {
    const h = await this.host.router.handled(uri);
    if (!h) return (await this.ignoreFile(uri))?.diagnostics ?? [];
    const findings = await this.findings(h);
    this.publisher.remember(uri, findings);
    return this.toLsp(findings, h.analysis);
  }

  /** The latest findings of a document (for quick fixes). */
  latest(uri: string): Finding[] {
    return this.publisher.findingsOf(uri);
  }

  /** A document was opened or changed: push its diagnostics after the quiet time (pull clients ask themselves). */
  changed(uri: string): void {
    this.focus(uri);
    if (!this.pull) this.publisher.schedule(uri);
  }

  /**
   * The user is looking at `uri` (a request or an edit there): its diagnostics and its ShellCheck run go
   * before other documents' (src/diagnostics/publisher.ts, shellcheck-source.ts).
   */
  focus(uri: string): void {
    this.publisher.focus(uri);
    this.shellcheck.focus(uri);
  }

  /** Settings or a configuration file changed: re-lint every open document (or ask a pull client to). */
  refreshAll(): void {
    this.publisher.delayMs = this.host.settings().diagnosticsDelayMs;
    this.refresh(() => true);
  }

  /** The build context of open ignore files changed on disk: re-lint them (or ask a pull client to). */
  ignoreContextsChanged(): void {
    this.refresh(isIgnoreFileDocument);
  }

  /** Pushes the diagnostics of the open documents `which` selects again; a pull client is asked to pull. */
  private refresh(which: (uri: string) => boolean): void {
    if (this.pull) void this.host.connection.languages.diagnostics.refresh().catch(() => undefined);
    else for (const d of this.host.documents.all()) if (which(d.uri)) this.publisher.schedule(d.uri);
  }

  /** A document was closed: forget it and clear its pushed diagnostics. */
  closed(uri: string): void {
    this.publisher.forget(uri);
    this.shellcheck.forget(uri);
    if (!this.pull) void this.host.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /** Stops every timer (shutdown). */
  dispose(): void {
    this.publisher.dispose();
    this.shellcheck.dispose();
  }
}
