/**
 * Findings of ignore files (`.engineignore`, `.dockerignore`, `<build file>.dockerignore` …): the
 * ignore-file rules of `@enginekit/lint` over the document's analysis (./ignore-files.ts:
 * the file's folder listed as its build context, as `enginekit lint` checks them). Without a `file:` URI
 * there is no context and the context-dependent rules stay silent.
 */
import type { Finding, LintSettings } from "@enginekit/lint";
import { lintAnalyzedIgnoreFile } from "@enginekit/lint/files";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { IgnoreFiles } from "./ignore-files.js";

/**
 * The findings of an ignore-file document with `settings`; undefined when `current()` says the document
 * changed while its analysis was computed (the work for a superseded version stops there).
 */
export async function ignoreFileFindings(
  ignoreFiles: IgnoreFiles,
  document: TextDocument,
  settings: LintSettings,
  current: () => boolean = () => true,
): Promise<Finding[] | undefined> {
  const file = await ignoreFiles.analysis(document);
  if (!current()) return undefined;
  return lintAnalyzedIgnoreFile(file, settings);
}
