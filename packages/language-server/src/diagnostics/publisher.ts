/**
 * `DiagnosticsPublisher`: debounced push diagnostics, one document at a time in the connection's quiet
 * moments and the focused document first, keeping each document's latest findings (the project's own design,
 * docs/language-server.md).
 */
import type { Finding } from "@enginekit/lint";
import type { Diagnostic } from "vscode-languageserver";

/**
 * Debounced push diagnostics (task §1; the peer re-validates on every keystroke, lsp-anchors §4 A):
 * `schedule(uri)` (re)starts a timer of `delayMs`; when it fires, the document joins the queue of
 * documents to check, `compute(uri)` runs once for the latest version and `send` publishes. A document's
 * first diagnostics (when it is opened) are not debounced: there are no keystrokes to coalesce yet, and
 * the editor shows them at once. Keeps the latest findings per document for quick fixes.
 *
 * The queue is worked one document at a time, waiting between two documents until the connection is
 * quiet (`pause`, src/protocol/connection-activity.ts), so requests that arrive meanwhile are answered
 * after at most one document's work (#29: 1,000 `didOpen` used to run 1,000 lint jobs back to back
 * ahead of a hover), and the document the user was last seen in (`focus`: a request or an edit there)
 * goes first.
 */
export class DiagnosticsPublisher {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly latest = new Map<string, Finding[]>();
  /** Documents whose quiet time is over, waiting for their turn (insertion order breaks ties). */
  private readonly queue = new Set<string>();
  /** When each document was last in focus (a counter, higher = more recent). */
  private readonly focused = new Map<string, number>();
  private clock = 0;
  private working = false;
  private disposed = false;

  constructor(
    private readonly compute: (
      uri: string,
    ) => Promise<{ findings: Finding[]; diagnostics: Diagnostic[]; version: number } | undefined>,
    private readonly send: (uri: string, diagnostics: Diagnostic[], version: number) => void,
    public delayMs: number,
    /** Waits for a quiet moment between two documents (default: one turn of the event loop). */
    private readonly pause: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve)),
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
        this.queue.add(uri);
        void this.work();
      },
      this.latest.has(uri) ? this.delayMs : 0,
    );
    timer.unref?.();
    this.timers.set(uri, timer);
  }

  /** The user is looking at `uri` (a request or an edit there): its diagnostics go before the others'. */
  focus(uri: string): void {
    this.focused.set(uri, ++this.clock);
  }

  /** Whether `uri` is the document most recently in focus. */
  isFocused(uri: string): boolean {
    return this.clock > 0 && this.focused.get(uri) === this.clock;
  }

  /** Works the queue, one document at a time, yielding to the event loop between two. */
  private async work(): Promise<void> {
    if (this.working) return;
    this.working = true;
    try {
      while (this.queue.size > 0 && !this.disposed) {
        const uri = this.next();
        this.queue.delete(uri);
        try {
          await this.publishNow(uri);
        } catch {
          // compute() reports its own failures; one document's failure never stops the queue
        }
        await this.pause();
      }
    } finally {
      this.working = false;
    }
  }

  /** The queued document most recently in focus (the first queued when none was). */
  private next(): string {
    let best: string | undefined;
    let bestAt = -1;
    for (const uri of this.queue) {
      const at = this.focused.get(uri) ?? 0;
      if (at > bestAt) {
        best = uri;
        bestAt = at;
      }
    }
    return best!;
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
    this.queue.delete(uri);
    this.focused.delete(uri);
  }

  /** Stops every timer (shutdown). */
  dispose(): void {
    this.disposed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.queue.clear();
  }
}
