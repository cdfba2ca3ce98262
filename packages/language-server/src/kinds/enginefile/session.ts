/**
 * `EnginefileSession`: the server's Enginefile features on one text, in process and without a connection
 * (for embedding and the `lsp` benchmark), parsed once and analysed on demand as the server does.
 */
import type { Finding, LintSettings } from "@enginekit/lint";
import type { CompletionItem, Diagnostic, Position, TextEdit } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { toDiagnostic } from "../../diagnostics/to-lsp.js";
import { enginefileCompletion } from "./completion.js";
import { enginefileFindings } from "./findings.js";
import { enginefileFormatting } from "./formatting.js";
import { analyzeEnginefile, DEFAULT_SETTINGS } from "./linter.js";
import { enginefileSemanticTokens } from "./semantic-tokens.js";

/**
 * The server's Enginefile features on one text, in process and without a connection (for embedding
 * and for the `lsp` benchmark): the text is parsed once, in the constructor, exactly as the server's
 * parse cache does for a document version, and analysed on demand (scopes, stage graph and rule
 * indexes are computed by the first feature that needs them and kept); each method runs the same
 * provider the server runs for the LSP request of that name.
 */
export class EnginefileSession {
  readonly document: TextDocument;
  private readonly file;

  constructor(text: string, uri = "file:///Enginefile") {
    this.document = TextDocument.create(uri, "enginefile", 1, text);
    this.file = analyzeEnginefile(text, { fileName: "Enginefile" });
  }

  /** `textDocument/publishDiagnostics`: the lint findings as LSP diagnostics. */
  diagnostics(settings: LintSettings = DEFAULT_SETTINGS): Diagnostic[] {
    const findings: Finding[] = enginefileFindings(this.file, settings);
    return findings.map((f) => toDiagnostic(f));
  }

  /** `textDocument/semanticTokens/full`: the encoded token data. */
  semanticTokens(): number[] {
    return enginefileSemanticTokens(this.file);
  }

  /** `textDocument/formatting` with 4-space continuation indent. */
  formatting(): TextEdit[] {
    return enginefileFormatting(this.document, this.file, { tabSize: 4, insertSpaces: true });
  }

  /** `textDocument/completion` at `position` (snippets on). */
  completion(position: Position): CompletionItem[] {
    return enginefileCompletion(this.document, this.file, this.document.offsetAt(position), {
      snippets: true,
    });
  }
}
