/**
 * `SemanticTokensStore`: the last semantic tokens per document, answering LSP
 * `textDocument/semanticTokens/full/delta` with one edit.
 */
import type { SemanticTokens, SemanticTokensDelta } from "vscode-languageserver";

/**
 * Remembers the last semantic tokens sent per document and answers `semanticTokens/full/delta` with
 * one edit (the span between the common prefix and suffix of the two arrays), which is what typing
 * produces. Only the latest result per document is kept.
 */
export class SemanticTokensStore {
  private readonly last = new Map<string, { resultId: string; data: number[] }>();
  private counter = 0;

  /** Stores `data` as the latest result and returns it with a fresh result id. */
  full(uri: string, data: number[]): SemanticTokens {
    const resultId = String(++this.counter);
    this.last.set(uri, { resultId, data });
    return { resultId, data };
  }

  /** A delta against `previousResultId` when it is the stored one, else the full tokens. */
  delta(uri: string, previousResultId: string, data: number[]): SemanticTokens | SemanticTokensDelta {
    const previous = this.last.get(uri);
    if (!previous || previous.resultId !== previousResultId) return this.full(uri, data);
    const old = previous.data;
    let prefix = 0;
    const max = Math.min(old.length, data.length);
    while (prefix < max && old[prefix] === data[prefix]) prefix++;
    let suffix = 0;
    while (suffix < max - prefix && old[old.length - 1 - suffix] === data[data.length - 1 - suffix]) suffix++;
    const resultId = String(++this.counter);
    this.last.set(uri, { resultId, data });
    if (prefix === old.length && prefix === data.length) return { resultId, edits: [] };
    return {
      resultId,
      edits: [
        {
          start: prefix,
          deleteCount: old.length - prefix - suffix,
          data: data.slice(prefix, data.length - suffix),
        },
      ],
    };
  }

  /** Forgets a closed document. */
  forget(uri: string): void {
    this.last.delete(uri);
  }
}
