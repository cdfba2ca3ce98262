/**
 * `LookupCache`: secret lookups cached for a TTL, concurrent identical lookups coalesced, each bounded by a
 * timeout and aborted when every waiter cancelled (the project's own design).
 */
import type { CancellationToken } from "vscode-languageserver";

interface Entry {
  promise: Promise<unknown>;
  controller: AbortController;
  settled: boolean;
  expires: number;
  waiters: number;
}

/** Thrown to a waiter whose request the client cancelled. */
export class LookupCancelled extends Error {
  constructor() {
    super("cancelled by the client");
    this.name = "LookupCancelled";
  }
}

/** The error of a lookup that took longer than the cache's `timeoutMs`. */
export class LookupTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the secrets service did not answer within ${timeoutMs} ms`);
    this.name = "LookupTimeout";
  }
}

/**
 * A cache of async secret lookups by key (task §2, lsp-anchors §3 lessons): successful answers are
 * kept `ttlMs`; concurrent identical lookups share one request (coalescing); each request is bounded
 * by `timeoutMs` and aborted when every waiter's client request was cancelled; failures are not cached.
 * Only the latest answer per key is kept and expired ones are dropped on access, so memory stays
 * bounded by the folders actually browsed.
 */
export class LookupCache {
  private readonly entries = new Map<string, Entry>();
  /** How many requests were started (tests check coalescing and caching with it). */
  fetches = 0;

  constructor(
    public ttlMs: number,
    public timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer for `key`, fetching it with an abort signal when not cached. Rejects with the fetch's error, a timeout, or {@link LookupCancelled}. */
  get<T>(key: string, fetch: (signal: AbortSignal) => Promise<T>, token?: CancellationToken): Promise<T> {
    let entry = this.entries.get(key);
    if (entry?.settled && entry.expires <= this.now()) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (!entry) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new LookupTimeout(this.timeoutMs)), this.timeoutMs);
      this.fetches++;
      const created: Entry = {
        controller,
        settled: false,
        expires: Number.POSITIVE_INFINITY,
        waiters: 0,
        promise: Promise.resolve(),
      };
      created.promise = fetch(controller.signal).then(
        (value) => {
          clearTimeout(timer);
          created.settled = true;
          created.expires = this.now() + this.ttlMs;
          return value;
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (this.entries.get(key) === created) this.entries.delete(key);
          throw controller.signal.aborted ? controller.signal.reason : error;
        },
      );
      created.promise.catch(() => undefined);
      this.entries.set(key, created);
      entry = created;
    }
    return this.wait(key, entry, token) as Promise<T>;
  }

  private wait(key: string, entry: Entry, token: CancellationToken | undefined): Promise<unknown> {
    if (!token || entry.settled) return entry.promise;
    entry.waiters++;
    return new Promise((resolve, reject) => {
      let done = false;
      const listener = token.onCancellationRequested(() => {
        if (done) return;
        done = true;
        entry.waiters--;
        if (entry.waiters === 0 && !entry.settled) {
          entry.controller.abort(new LookupCancelled());
          if (this.entries.get(key) === entry) this.entries.delete(key);
        }
        reject(new LookupCancelled());
      });
      entry.promise.then(
        (value) => {
          if (done) return;
          done = true;
          entry.waiters--;
          listener.dispose();
          resolve(value);
        },
        (error: unknown) => {
          if (done) return;
          done = true;
          entry.waiters--;
          listener.dispose();
          reject(error);
        },
      );
    });
  }

  /** Forgets everything (settings changed). In-flight requests finish for their waiters. */
  clear(): void {
    this.entries.clear();
  }
}
