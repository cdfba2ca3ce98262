/**
 * `DiagnosticsService`: the server's diagnostics in one place, pushed (LSP `textDocument/publishDiagnostics`,
 * debounced) or pulled (`textDocument/diagnostic`), from the findings of each document's kind (src/kinds/:
 * `@enginekit/lint` with ShellCheck and online checks), the size-limit warning (`TOO_LARGE`), and each
 * document's latest findings for quick fixes.
 */
import type { Finding } from "@enginekit/lint";
import type { ClientCapabilities, Connection, Diagnostic, TextDocuments } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { ProjectConfigs } from "../config/project-config.js";
import type { ServerSettings } from "../config/settings.js";
import { MAX_ANALYSED_CHARS } from "../documents/analysis-cache.js";
import type { DocumentKind } from "../documents/document-kind.js";
import type { DocumentRouter, Handled } from "../documents/document-router.js";
import type { ConnectionActivity } from "../protocol/connection-activity.js";
import { maskResponse, secretValuesOf } from "../secrets/secret-masking.js";
import { DiagnosticsPublisher } from "./publisher.js";
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
  projects: ProjectConfigs;
  settings(): ServerSettings;
  client(): ClientCapabilities;
  /** The connection's message activity: background diagnostics wait for quiet moments (src/protocol/connection-activity.ts). */
  activity?: ConnectionActivity;
}

/**
 * Diagnostics in one place: push (debounced, src/diagnostics/publisher.ts) or pull (`textDocument/
 * diagnostic`, when the client can), from the findings of the document's kind (`LanguageServices.findings`,
 * with the project's settings as `enginekit lint` reads them). Keeps each document's latest findings for
 * quick fixes.
 */
export class DiagnosticsService {
  private readonly publisher: DiagnosticsPublisher;

  constructor(private readonly host: DiagnosticsHost) {
    this.publisher = new DiagnosticsPublisher(
      async (uri) => {
        const h = await host.router.handled(uri);
        if (!h) return undefined;
        const version = h.document.version;
        const findings = await this.findings(h);
        if (findings === undefined || host.documents.get(uri)?.version !== version) return undefined;
        return { findings, diagnostics: this.toLsp(findings, h), version };
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

  /**
   * The findings of a handled document: its kind's (lint with the project's settings, and the kind's online
   * checks), plus the size-limit warning; undefined when the document changed meanwhile.
   */
  async findings(h: Handled): Promise<Finding[] | undefined> {
    const settings = this.host.projects.settingsFor(h.document.uri, h.analysis.kind);
    const findings = await h.services.findings(h, settings);
    if (findings === undefined) return undefined;
    const cut = h.analysis.cutAt;
    return cut === undefined ? findings : [...findings, tooLargeFinding(h, cut)];
  }

  /**
   * A kind's background work (ShellCheck, …) has new findings for `uri`: its diagnostics are computed again
   * (pushed, or a pull client is asked to pull).
   */
  republish(uri: string): void {
    if (this.pull) void this.host.connection.languages.diagnostics.refresh().catch(() => undefined);
    else this.publisher.schedule(uri);
  }

  /** Findings as LSP diagnostics, with related locations when the client takes them and secret values masked. */
  toLsp(findings: readonly Finding[], h: Handled): Diagnostic[] {
    const related = this.host.client().textDocument?.publishDiagnostics?.relatedInformation !== false;
    const docsBase = ruleDocsBase(this.host.settings());
    const diagnostics = findings.map((f) => {
      const d = toDiagnostic(f, docsBase);
      if (f.ruleId === TOO_LARGE) delete d.codeDescription;
      const links = related ? (h.services.related?.(f, h.analysis) ?? []) : [];
      if (links.length > 0) d.relatedInformation = links;
      return d;
    });
    return maskResponse(diagnostics, secretValuesOf(h.analysis));
  }

  /** Answers a pull request for `uri` (an unhandled document has no diagnostics). */
  async report(uri: string): Promise<Diagnostic[]> {
    const h = await this.host.router.handled(uri);
    if (!h) return [];
    const findings = (await this.findings(h)) ?? [];
    this.publisher.remember(uri, findings);
    return this.toLsp(findings, h);
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
   * The user is looking at `uri` (a request or an edit there): its diagnostics and its kind's background
   * work (ShellCheck) go before other documents' (src/diagnostics/publisher.ts).
   */
  focus(uri: string): void {
    this.publisher.focus(uri);
    for (const services of this.host.router.kinds.loaded()) services.focus?.(uri);
  }

  /** Settings or a configuration file changed: re-lint every open document (or ask a pull client to). */
  refreshAll(): void {
    this.publisher.delayMs = this.host.settings().diagnosticsDelayMs;
    this.refresh(() => true);
  }

  /** What the open documents of `kind` depend on changed on disk: re-lint them (or ask a pull client to). */
  kindChanged(kind: DocumentKind): void {
    this.refresh((uri) => this.host.router.isOfKind(uri, kind));
  }

  /** Pushes the diagnostics of the open documents `which` selects again; a pull client is asked to pull. */
  private refresh(which: (uri: string) => boolean): void {
    if (this.pull) void this.host.connection.languages.diagnostics.refresh().catch(() => undefined);
    else for (const d of this.host.documents.all()) if (which(d.uri)) this.publisher.schedule(d.uri);
  }

  /** A document was closed: forget it and clear its pushed diagnostics. */
  closed(uri: string): void {
    this.publisher.forget(uri);
    if (!this.pull) void this.host.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /** Stops every timer (shutdown). */
  dispose(): void {
    this.publisher.dispose();
  }
}
