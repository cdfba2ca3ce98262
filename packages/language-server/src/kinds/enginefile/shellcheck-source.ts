/**
 * ShellCheck for the editor, off the typing path: diagnostics are computed with whatever ShellCheck
 * findings are ready for the document's exact text (none at first); meanwhile, after a quiet period, one
 * ShellCheck process checks the document in the background, and when it answers for text that is still
 * current the document's diagnostics are computed again (`onReady`). A run whose text went stale (the
 * document was edited or closed) is stopped: its process is killed, so a closed document is not held
 * until ShellCheck ends. Without `shellcheck` on `PATH`, or with the `shellcheck` rule off, nothing runs.
 *
 * At most {@link shellcheckProcessLimit} processes run at once (#29: 1,000 `didOpen` started 125–288
 * ShellCheck processes together, and a hover waited 26–83 s for the machine); documents whose quiet time
 * is over wait in a queue, the one most recently in focus (`focus`) first. `enginekit lint` runs one
 * ShellCheck process for a whole run (`shellcheckEnginefiles`); the server keeps one per document so an
 * edit or close can stop just that document's run.
 */
import { availableParallelism } from "node:os";

import type { AnalyzedEnginefile, Finding, LintSettings } from "@enginekit/lint";
import { findShellcheck, shellcheckEnabled, shellcheckEnginefiles } from "@enginekit/lint/files";

/**
 * How many ShellCheck processes the server runs at once: one core is left to the server itself, at
 * least one process and at most 4 (on this project's 2-core machines: 1).
 */
function shellcheckProcessLimit(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/** A document waiting for a ShellCheck process. */
interface Waiting {
  file: AnalyzedEnginefile;
  settings: LintSettings;
  executable: string;
}

/** The background ShellCheck runs of the open Enginefiles, and their latest results. */
export class ShellcheckSource {
  private readonly results = new Map<string, { text: string; findings: Finding[] }>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly pending = new Map<string, string>();
  /** Documents waiting for a process (insertion order breaks ties of focus). */
  private readonly waiting = new Map<string, Waiting>();
  /** When each document was last in focus (a counter, higher = more recent). */
  private readonly focused = new Map<string, number>();
  private clock = 0;
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
    private readonly maxProcesses = shellcheckProcessLimit(),
  ) {
    if (executable) this.executable = executable;
  }

  /** The user is looking at `uri`: its run goes before the other waiting ones. */
  focus(uri: string): void {
    this.focused.set(uri, ++this.clock);
  }

  /** How many ShellCheck processes are running now. */
  get runningCount(): number {
    return this.running.size;
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
      this.waiting.set(uri, { file, settings, executable });
      this.startWaiting();
    }, this.delayMs);
    timer.unref?.();
    this.timers.set(uri, timer);
  }

  /** Starts waiting runs while fewer than `maxProcesses` run, the one most recently in focus first. */
  private startWaiting(): void {
    while (this.running.size < this.maxProcesses && this.waiting.size > 0) {
      let uri: string | undefined;
      let at = -1;
      for (const candidate of this.waiting.keys()) {
        const seen = this.focused.get(candidate) ?? 0;
        if (seen > at) {
          uri = candidate;
          at = seen;
        }
      }
      const job = this.waiting.get(uri!)!;
      this.waiting.delete(uri!);
      this.run(uri!, job);
    }
  }

  private run(uri: string, { file, settings, executable }: Waiting): void {
    const controller = new AbortController();
    this.running.set(uri, controller);
    const settled = () => {
      if (this.running.get(uri) === controller) this.running.delete(uri);
      this.startWaiting();
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
  }

  /** Kills the running ShellCheck process of `uri`, if any. */
  private stop(uri: string): void {
    this.waiting.delete(uri);
    const controller = this.running.get(uri);
    if (!controller) return;
    this.running.delete(uri);
    controller.abort();
    this.startWaiting();
  }

  /** Forgets a closed document and stops its run. */
  forget(uri: string): void {
    this.stop(uri);
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.pending.delete(uri);
    this.results.delete(uri);
    this.focused.delete(uri);
  }

  /** Stops every timer and running process (shutdown). */
  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.waiting.clear();
    for (const uri of [...this.running.keys()]) this.stop(uri);
  }
}
