/**
 * `AnalysisCache`: each document version analysed once, by its kind's `analyze` (src/kinds/), and shared by
 * every feature (the Langium parse cache), with the size limit beyond which only a prefix is analysed.
 */
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { AnalysisBase, LanguageServices } from "../kinds/language-services.js";

/**
 * Largest part of a document the server analyses, in UTF-16 code units (8 Mi, about 8 MB of ASCII; the
 * largest Enginefile of the corpus is under 100 kB). Beyond it only the lines before the limit are read
 * and the diagnostics say where the rest starts (#14 "Limits with clear findings").
 */
export const MAX_ANALYSED_CHARS = 8 * 1024 * 1024;

/** The text to analyse: the whole document, or its lines before {@link MAX_ANALYSED_CHARS}. */
function analysedText(document: TextDocument): { text: string; cutAt?: number } {
  const text = document.getText();
  if (text.length <= MAX_ANALYSED_CHARS) return { text };
  const lineEnd = text.lastIndexOf("\n", MAX_ANALYSED_CHARS - 1);
  const cutAt = lineEnd > 0 ? lineEnd + 1 : MAX_ANALYSED_CHARS;
  return { text: text.slice(0, cutAt), cutAt };
}

/** One cached analysis and the API version it was made for. */
interface Entry {
  analysis: AnalysisBase;
  apiVersion: string | undefined;
}

/**
 * Analyses each document version at most once: the first feature that asks for `(uri, version)` has the
 * kind's services analyse it, later ones (diagnostics, completion, semantic tokens, …) reuse the result.
 * Only the latest version of each document is kept, so memory does not grow with the number of edits. A
 * version is analysed again when the project's `apiVersion` (`.enginekit.yaml`, as `enginekit lint` uses
 * it) changed.
 */
export class AnalysisCache {
  private readonly entries = new Map<string, Entry>();
  /** How many analyses ran (for tests: one per version). */
  parses = 0;

  /** The analysis of `document` by `services`; analyses when the cached one is older. Never throws. */
  get<A extends AnalysisBase>(document: TextDocument, services: LanguageServices<A>, apiVersion?: string): A {
    const cached = this.entries.get(document.uri);
    if (
      cached &&
      cached.analysis.version === document.version &&
      cached.analysis.kind === services.kind &&
      cached.apiVersion === apiVersion
    )
      return cached.analysis as A;
    const { text, cutAt } = analysedText(document);
    const analysis = services.analyze({
      document,
      text,
      ...(cutAt === undefined ? {} : { cutAt }),
      ...(apiVersion === undefined ? {} : { apiVersion }),
    });
    this.parses++;
    this.entries.set(document.uri, { analysis, apiVersion });
    return analysis;
  }

  /** The latest analysis of `uri`, whatever its version (undefined when none was made or it was closed). */
  latest(uri: string): AnalysisBase | undefined {
    return this.entries.get(uri)?.analysis;
  }

  /** Forgets a closed document. */
  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
