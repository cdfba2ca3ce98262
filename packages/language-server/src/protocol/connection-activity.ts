/**
 * When the connection last dispatched a message (the connection's message strategy reports each one,
 * src/protocol/shutdown-gate.ts), so background work — diagnostics of documents the user is not
 * waiting on — runs in the quiet moments between messages instead of between each two of them: after
 * a burst of 1,000 `didOpen`, a hover queued behind them is answered before the background resumes
 * (#29). vscode-jsonrpc dispatches one queued message per turn of the event loop, so a queue being
 * worked shows as messages dispatched less than a millisecond apart.
 */
export class ConnectionActivity {
  /** `performance.now()` of the last dispatched message (0: none yet). */
  private lastMessageAt = 0;

  /** A message is being dispatched now. */
  dispatched(): void {
    this.lastMessageAt = performance.now();
  }

  /**
   * Resolves once no message was dispatched for `quietMs`, or after `maxWaitMs` at the latest (so a
   * client that never stops talking still gets its diagnostics, one document per `maxWaitMs`).
   */
  async quiet(quietMs = 2, maxWaitMs = 1000): Promise<void> {
    const start = performance.now();
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      const now = performance.now();
      if (now - this.lastMessageAt >= quietMs || now - start >= maxWaitMs) return;
      await new Promise((resolve) => setTimeout(resolve, quietMs));
    }
  }
}
