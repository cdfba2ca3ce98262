/**
 * `analyzeComposeDocument`: a Compose file version checked within its project (override, `extends`,
 * `include`, `.env`, read from disk beside it; `@enginekit/lint`'s `analyzeComposeFile`), made once per
 * version by the server's parse cache.
 */
import { memoryFileSystem, nodeFileSystem } from "@enginekit/compose";
import { type AnalyzedComposeFile, analyzeComposeFile } from "@enginekit/lint";
import { baseNameOf, filePathOf } from "../../documents/document-kind.js";
import type { AnalysisBase, AnalysisInput } from "../language-services.js";

/** A Compose file version's analysis: the file checked within its project (docs/compose.md). */
export type ComposeAnalysis = AnalysisBase & { kind: "compose"; compose: AnalyzedComposeFile };

/**
 * The analysis of a Compose document: its project read from disk beside it, this document's text in place
 * of its file, variables from the server's environment then `.env`, as `enginekit lint` reads them. An
 * unsaved document (`untitled:`) is a project of its own text alone, with no variables. Judged at the
 * project's `apiVersion` when `.enginekit.yaml` sets one (`input.apiVersion`), else at Compose's default.
 */
export function analyzeComposeDocument(
  input: AnalysisInput,
  environment: Readonly<Record<string, string | undefined>>,
): ComposeAnalysis {
  const { document, text, cutAt, apiVersion } = input;
  const path = filePathOf(document.uri);
  // judged at the project's apiVersion (`.enginekit.yaml`), as `enginekit lint` judges it
  const target = apiVersion === undefined ? {} : { apiVersion };
  const compose = path
    ? analyzeComposeFile(text, path, { fileSystem: nodeFileSystem, environment, ...target })
    : analyzeComposeFile(text, `/untitled/${baseNameOf(document.uri) || "compose.yaml"}`, {
        fileSystem: memoryFileSystem({}),
        environment: {},
        ...target,
      });
  return {
    kind: "compose",
    uri: document.uri,
    version: document.version,
    text,
    compose,
    ...(cutAt === undefined ? {} : { cutAt }),
  };
}
