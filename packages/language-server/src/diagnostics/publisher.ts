import type { Finding } from "@enginekit/lint";
import type { Diagnostic } from "vscode-languageserver";

/**
 * Debounced push diagnostics (task §1; the peer re-validates on every keystroke, lsp-anchors §4 A):
 * `schedule(uri)` (re)starts a timer of `delayMs`; when it fires, `compute(uri)` runs once for the
 * latest version and `send` publishes. A document's first diagnostics (when it is opened) are not
 * debounced: there are no keystrokes to coalesce yet, and the editor shows them at once. Keeps the latest
 * findings per document for quick fixes.
 */
export class DiagnosticsPublisher {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly latest = new Map<string, Finding[]>();

  constructor(
    private readonly compute: (
      uri: string,
    ) => Promise<{ findings: Finding[]; diagnostics: Diagnostic[]; version: number } | undefined>,
    private readonly send: (uri: string, diagnostics: Diagnostic[], version: number) => void,
    public delayMs: number,
  ) {}

  /**
   * Publishes after `delayMs` of quiet (0: on the next tick), or on the next tick when the document has
   * not been published yet (just opened).
   */
  schedule(uri: string): void {
    clearTimeout(this.timers.get(uri));
    const timer = setTimeout(
      () => {
        this.timers.delete(uri);
        void this.publishNow(uri);
      },
      this.latest.has(uri) ? this.delayMs : 0,
    );
    timer.unref?.();
    this.timers.set(uri, timer);
  }

  /** Computes and publishes at once. */
  async publishNow(uri: string): Promise<void> {
    const result = await this.compute(uri);
    if (!result) return;
    this.latest.set(uri, result.findings);
    this.send(uri, result.diagnostics, result.version);
  }

  /** Records findings computed for a pull request (so quick fixes see them too). */
  remember(uri: string, findings: Finding[]): void {
    this.latest.set(uri, findings);
  }

  /** The latest findings of a document (empty before the first run). */
  findingsOf(uri: string): Finding[] {
    return this.latest.get(uri) ?? [];
  }

  /** Stops the timer and forgets a closed document. */
  forget(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.latest.delete(uri);
  }

  /** Stops every timer (shutdown). */
  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
