/**
 * `analyzeEnginefileDocument`: an Enginefile version's analysis (the parse, scopes and stage graph of
 * `@enginekit/lint`'s `analyzeEnginefile`), made once per version by the server's parse cache.
 */
import type { AnalyzedEnginefile } from "@enginekit/lint";
import { baseNameOf } from "../../documents/document-kind.js";
import type { AnalysisBase, AnalysisInput } from "../language-services.js";
import { analyzeEnginefile } from "./linter.js";

/** An Enginefile version's analysis. */
export type EnginefileAnalysis = AnalysisBase & { kind: "enginefile"; file: AnalyzedEnginefile };

/** Parses and analyses an Enginefile version (its file name decides the parser's build-file options). */
export function analyzeEnginefileDocument(input: AnalysisInput): EnginefileAnalysis {
  const { document, text, cutAt } = input;
  return {
    kind: "enginefile",
    uri: document.uri,
    version: document.version,
    text,
    file: analyzeEnginefile(text, { fileName: baseNameOf(document.uri) }),
    ...(cutAt === undefined ? {} : { cutAt }),
  };
}
