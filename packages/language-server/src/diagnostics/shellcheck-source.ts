/**
 * ShellCheck for the editor, off the typing path: diagnostics are computed with whatever ShellCheck
 * findings are ready for the document's exact text (none at first); meanwhile, after a quiet period, one
 * ShellCheck process checks the document in the background, and when it answers for text that is still
 * current the document's diagnostics are computed again (`onReady`). A run whose text went stale (the
 * document was edited or closed) is stopped: its process is killed, so a closed document is not held
 * until ShellCheck ends. Without `shellcheck` on `PATH`, or with the `shellcheck` rule off, nothing runs.
 */

import type { AnalyzedEnginefile, Finding, LintSettings } from "@enginekit/lint";
import { findShellcheck, shellcheckEnabled, shellcheckEnginefiles } from "@enginekit/lint/files";

/** The background ShellCheck runs of the open Enginefiles, and their latest results. */
export class ShellcheckSource {
  private readonly results = new Map<string, { text: string; findings: Finding[] }>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly pending = new Map<string, string>();
  /** The running process of each document, to stop when its text goes stale. */
  private readonly running = new Map<string, AbortController>();
  private executable: string | undefined | null = null;

  /**
   * `onReady(uri)` is called when new findings are ready for the document's current text; `delayMs`
   * is the quiet period before a run; `executable` overrides the `PATH` lookup (tests), `log` receives
   * ShellCheck failures.
   */
  constructor(
    private readonly onReady: (uri: string) => void,
    private readonly delayMs = 400,
    executable?: string,
    private readonly log: (message: string) => void = () => {},
  ) {
    if (executable) this.executable = executable;
  }

  /**
   * The ShellCheck findings of `file` (before suppressions) if a run for this exact text has finished;
   * otherwise [] and a run is scheduled. Never waits for ShellCheck.
   */
  findingsFor(uri: string, file: AnalyzedEnginefile, settings: LintSettings): Finding[] {
    if (!shellcheckEnabled(settings)) return [];
    const done = this.results.get(uri);
    if (done?.text === file.text) return done.findings;
    if (this.pending.get(uri) !== file.text) this.schedule(uri, file, settings);
    return [];
  }

  private schedule(uri: string, file: AnalyzedEnginefile, settings: LintSettings): void {
    if (this.executable === null) this.executable = findShellcheck();
    const executable = this.executable;
    if (!executable) return;
    clearTimeout(this.timers.get(uri));
    this.stop(uri); // a run for older text is of no use any more
    this.pending.set(uri, file.text);
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      const controller = new AbortController();
      this.running.set(uri, controller);
      const settled = () => {
        if (this.running.get(uri) === controller) this.running.delete(uri);
      };
      shellcheckEnginefiles(executable, [{ file, settings }], controller.signal).then(
        ([findings]) => {
          settled();
          if (this.pending.get(uri) !== file.text) return; // edited meanwhile: a newer run is scheduled
          this.pending.delete(uri);
          this.results.set(uri, { text: file.text, findings: findings ?? [] });
          this.onReady(uri);
        },
        (error: unknown) => {
          settled();
          if (controller.signal.aborted) return; // stopped on purpose (edited or closed)
          if (this.pending.get(uri) === file.text) this.pending.delete(uri);
          this.log(`ShellCheck skipped: ${(error as Error).message}`);
        },
      );
    }, this.delayMs);
    timer.unref?.();
    this.timers.set(uri, timer);
  }

  /** Kills the running ShellCheck process of `uri`, if any. */
  private stop(uri: string): void {
    this.running.get(uri)?.abort();
    this.running.delete(uri);
  }

  /** Forgets a closed document and stops its run. */
  forget(uri: string): void {
    this.stop(uri);
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.pending.delete(uri);
    this.results.delete(uri);
  }

  /** Stops every timer and running process (shutdown). */
  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const uri of [...this.running.keys()]) this.stop(uri);
  }
}
