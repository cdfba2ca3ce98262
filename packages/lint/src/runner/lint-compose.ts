/**
 * Lints a Compose file: runs the `compose/*` rules on the file checked within its project
 * (`analyzeComposeFile`), applies `# enginekit-ignore` comments (YAML comments, as in manifests) and dclint's
 * `# dclint disable…` comments, and orders
 * the findings. `lintCompose` lints text alone (stdin, rule examples and tests): the project is that one
 * file, interpolated with an empty environment, so its result depends on nothing but the text.
 */
import { isAbsolute, join } from "node:path";
import { memoryFileSystem } from "@enginekit/compose";
import { LineIndex } from "@enginekit/text";
import type { Finding } from "../model/finding.js";
import { manifestSuppressions } from "../suppressions/collect.js";
import { dclintSuppressions } from "../suppressions/dclint-comments.js";
import { type AnalyzedComposeFile, analyzeComposeFile } from "./analyzed-compose.js";
import { finish, runRules } from "./run-rules.js";
import type { LintSettings } from "./settings.js";

/** Lints an analysed Compose file. Pure; never throws. */
export function lintAnalyzedCompose(file: AnalyzedComposeFile, settings: LintSettings): Finding[] {
  const lines = new LineIndex(file.text);
  const found = runRules("compose", file, settings, lines.range(0, 0));
  const suppressions = [...manifestSuppressions(file.text, lines), ...dclintSuppressions(file.text, lines)];
  return finish(found, suppressions, settings);
}

/** Lints Compose text as the file `fileName`, alone (see the module comment). */
export function lintCompose(text: string, fileName: string, settings: LintSettings): Finding[] {
  // a relative name is placed under a fixed folder, so that nothing depends on the working directory
  const path = isAbsolute(fileName) ? fileName : join("/project", fileName);
  const file = analyzeComposeFile(text, path, { fileSystem: memoryFileSystem({}), environment: {} });
  return lintAnalyzedCompose(file, settings);
}
