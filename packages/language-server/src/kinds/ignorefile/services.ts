/**
 * The ignore-file kind (`.engineignore`, `.dockerignore`, `<build file>.engineignore`/`.dockerignore`): each
 * version analysed over a listing of its build context (./ignore-files.ts), its findings (the ignore-file
 * rules of `@enginekit/lint`), pattern hover and path completion, wired in one place.
 */
import type { CompletionItem, CompletionList } from "vscode-languageserver";
import type { ServerServices } from "../../lsp/server-services.js";
import type { AnalysisBase, LanguageServices } from "../language-services.js";
import { ignoreFileFindings } from "./findings.js";
import { ignoreFileHover } from "./hover.js";
import { contextRootOf, IgnoreFiles } from "./ignore-files.js";
import { ignoreFilePathCompletion } from "./path-completion.js";

/**
 * An ignore file's version as the parse cache keeps it: only its text. The analysis over the build
 * context is asynchronous (the context is listed in the background) and lives in {@link IgnoreFiles}.
 */
type IgnoreFileAnalysis = AnalysisBase & { kind: "ignorefile" };

/** The ignore-file kind's services over the server's shared ones. */
export function createServices(shared: ServerServices): LanguageServices<IgnoreFileAnalysis> {
  const ignoreFiles = new IgnoreFiles(() => shared.settings().ignoreFiles.maxContextPaths);
  return {
    kind: "ignorefile",
    // the whole text: the ignore-file analysis has its own bounds (patterns analysed in slices)
    analyze: ({ document }) => ({
      kind: "ignorefile",
      uri: document.uri,
      version: document.version,
      text: document.getText(),
    }),
    findings({ document }, settings) {
      const version = document.version;
      const current = () => shared.documents.get(document.uri)?.version === version;
      return ignoreFileFindings(ignoreFiles, document, settings, current);
    },
    /** Completion of build-context paths in an ignore file on disk (none for other schemes). */
    async completion(p, { document }): Promise<CompletionList | CompletionItem[]> {
      const root = contextRootOf(document.uri);
      if (root === undefined) return [];
      const line = p.position.line;
      const lineText = document
        .getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } })
        .replace(/\r?\n$/, "");
      const insertReplace = Boolean(
        shared.client().textDocument?.completion?.completionItem?.insertReplaceSupport,
      );
      return (await ignoreFilePathCompletion(root, lineText, p.position, { insertReplace })) ?? [];
    },
    async hover(p, { document }) {
      return ignoreFileHover(
        await ignoreFiles.analysis(document),
        p.position.line,
        await ignoreFiles.reach(document, p.position.line + 1),
      );
    },
    closed: (uri) => ignoreFiles.forget(uri),
    filesChanged: (paths) => ignoreFiles.invalidate(paths),
  };
}
