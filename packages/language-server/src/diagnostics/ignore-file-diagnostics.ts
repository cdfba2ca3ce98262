/**
 * Diagnostics for ignore files (`.engineignore`, `.dockerignore`, `<build file>.dockerignore` …): the
 * ignore-file rules of `@enginekit/lint`, with the file's folder listed as its build context, exactly as
 * `enginekit lint` checks them (docs/lint.md "Which files"). Ignore files are not analysed documents of
 * the router (no completion, hover or symbols): only their findings are served.
 */
import { fileURLToPath } from "node:url";
import type { Finding, LintSettings } from "@enginekit/lint";
import { isIgnoreFileName, lintIgnoreFile, lintIgnoreFileAt } from "@enginekit/lint/files";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { baseNameOf } from "../documents/document-kind.js";

/** Whether the server lints `uri` as an ignore file. */
export function isIgnoreFileDocument(uri: string): boolean {
  return isIgnoreFileName(baseNameOf(uri));
}

/**
 * The findings of an ignore-file document with `settings`: as on disk for a `file:` URI (its folder is
 * the build context), else without a context (the context-dependent rules stay silent).
 */
export async function ignoreFileFindings(document: TextDocument, settings: LintSettings): Promise<Finding[]> {
  const text = document.getText();
  if (document.uri.startsWith("file:")) return lintIgnoreFileAt(text, fileURLToPath(document.uri), settings);
  return lintIgnoreFile(text, baseNameOf(document.uri), settings);
}
