import {
  computeScopes,
  type EnginefileDocument,
  type Instruction,
  parse,
  type Scope,
  type Stage,
  type StageGraph,
  stageGraph,
} from "@enginekit/enginefile";
import type { Range, TextEdit } from "../model/finding.js";
import { TextLines } from "../text/line-index.js";

/** Inputs of Enginefile rules that the file does not contain (from configuration and the file system). */
export interface EnginefileLintOptions {
  /** The file's path as the user gave it (for messages and the build context). */
  fileName?: string;
  /** Registries allowed in FROM (globs like `*.gcr.io`; `docker.io` for Docker Hub); empty = any. */
  trustedRegistries?: readonly string[];
  /**
   * Whether the build context's `.engineignore` excludes a path (relative to the context root, `/`
   * separated). Undefined when there is no ignore file: the `copy-ignored-file` rule then stays silent.
   */
  isIgnored?: (path: string) => boolean;
}

/**
 * An Enginefile parsed and analysed once for every rule: the AST, the variables each instruction
 * sees (BuildKit scoping), the stage graph, the final stage and position helpers. Built by
 * {@link analyzeEnginefile}; rules only read it.
 */
export interface AnalyzedEnginefile {
  text: string;
  doc: EnginefileDocument;
  lines: TextLines;
  options: EnginefileLintOptions;
  scopes: Map<Instruction, Scope>;
  graph: StageGraph;
  /** The last stage: the one `enginekit build` builds without `--target`. */
  finalStage: Stage | undefined;
  /** The stage an instruction belongs to (undefined before the first FROM). */
  stageOf(instruction: Instruction): Stage | undefined;
  /**
   * Expands `word` with the variables `instruction` sees. Undefined when the word uses a variable
   * that has no value here, or has a syntax error: rules never fire on text they cannot resolve
   * (lint-anchors §5, the top complaint against hadolint).
   */
  resolve(instruction: Instruction, word: string): string | undefined;
  /** The edit replacing `range` by `newText`. */
  replace(range: Range, newText: string): TextEdit;
  /** The source text of `range`. */
  source(range: Range): string;
}

/** Parses and analyses `text` (never throws). */
export function analyzeEnginefile(text: string, options: EnginefileLintOptions = {}): AnalyzedEnginefile {
  const doc = parse(text);
  const scopes = computeScopes(doc);
  const graph = stageGraph(doc);
  const stageByInstruction = new Map<Instruction, Stage>();
  for (const stage of doc.stages) {
    stageByInstruction.set(stage.from, stage);
    for (const ins of stage.instructions) stageByInstruction.set(ins, stage);
  }
  return {
    text,
    doc,
    lines: new TextLines(text),
    options,
    scopes,
    graph,
    finalStage: doc.stages.at(-1),
    stageOf: (instruction) => stageByInstruction.get(instruction),
    resolve(instruction, word) {
      if (!word.includes("$")) return expandQuotesOnly(instruction, word, scopes);
      const scope = scopes.get(instruction);
      if (!scope) return undefined;
      const r = scope.expand(word);
      return r.error !== undefined || r.unresolved.length > 0 ? undefined : r.value;
    },
    replace: (range, newText) => ({ range, newText }),
    source: (range) => text.slice(range.start.offset, range.end.offset),
  };
}

function expandQuotesOnly(instruction: Instruction, word: string, scopes: Map<Instruction, Scope>): string {
  if (!/["'\\`]/.test(word)) return word;
  const scope = scopes.get(instruction);
  return scope ? scope.expand(word).value : word;
}
