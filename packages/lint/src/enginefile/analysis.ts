/**
 * `analyzeEnginefile`: what the Enginefile rules read (`AnalyzedEnginefile`): the parsed document,
 * instructions, stages, variable scopes as BuildKit scopes them, the stage graph and a line index, computed
 * lazily once per parsed document; and `EnginefileLintOptions`, the inputs a file does not contain.
 */
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
import { LineIndex } from "@enginekit/text";
import type { Range, TextEdit } from "../model/finding.js";
import { DocumentCache } from "./document-cache.js";
import type { ImagePlatform } from "./image-platforms.js";
import type { LabelType } from "./label-types.js";

/** A Compose service that builds the Enginefile, with the build secret ids it provides. */
export interface ComposeServiceSecrets {
  service: string;
  ids: readonly string[];
}

/** Inputs of Enginefile rules that the file does not contain (from configuration and the file system). */
export interface EnginefileLintOptions {
  /** The file's path as the user gave it (for messages and the build context). */
  fileName?: string;
  /** Registries allowed in FROM (globs like `*.gcr.io`; `docker.io` for Docker Hub); empty = any. */
  trustedRegistries?: readonly string[];
  /**
   * Labels the final image must carry, with the type of value each must have (hadolint's
   * `label-schema`; the label rules are silent without one).
   */
  labelSchema?: Readonly<Record<string, LabelType>>;
  /** Report labels the schema does not name (hadolint's `strict-labels`). */
  strictLabels?: boolean;
  /**
   * The secret ids the project's build configuration provides (the keys of `.enginekit.yaml`'s
   * `build.secrets`; never their sources or values). Undefined when the project configures none: the
   * `unconfigured-build-secret` rule is then silent (secrets may come from `--secret` alone).
   */
  buildSecrets?: readonly string[];
  /**
   * The Compose services whose `build:` builds this file, each with the secret ids its `build.secrets`
   * provides (the id the build sees: `target`, else `source`; never a source or value), found in the
   * nearest Compose project above the file (`node/compose-build-secrets.ts`). Undefined when no service
   * builds it: the `unconfigured-build-secret` rule then reads `buildSecrets` alone.
   */
  composeBuildSecrets?: readonly ComposeServiceSecrets[];
  /**
   * Whether the build context's ignore file (`.engineignore`, else `.dockerignore`) excludes a path (relative to the context root, `/`
   * separated). Undefined when there is no ignore file: the `copy-ignored-file` rule then stays silent.
   */
  isIgnored?: (path: string) => boolean;
  /** True when the ignore file has exception patterns (`!path`), which bring excluded paths back. */
  ignoreHasExceptions?: boolean;
  /** The base name of the ignore file behind `isIgnored` (`.engineignore`, `.dockerignore` …), for messages. */
  ignoreFileName?: string;
  /**
   * The platform of each base image the engine has, by its reference as the file resolves it (read online:
   * enginefile/image-platforms.ts). Undefined offline: the platform check stays silent.
   */
  imagePlatforms?: ReadonlyMap<string, ImagePlatform>;
  /** The engine's platform: the one a stage without `FROM --platform` builds for. */
  targetPlatform?: ImagePlatform;
}

/**
 * An Enginefile parsed and analysed for every rule: the AST, the variables each instruction sees
 * (BuildKit scoping), the stage graph, the final stage and position helpers. Built by
 * {@link analyzeEnginefile}; rules only read it. `lines`, `scopes` and `graph` are computed on first
 * read and shared by every analysis of the same parsed document (so one parse serves any number of
 * option sets, and a reader that needs only the AST pays only for the parse).
 */
export interface AnalyzedEnginefile {
  text: string;
  doc: EnginefileDocument;
  readonly lines: LineIndex;
  options: EnginefileLintOptions;
  readonly scopes: Map<Instruction, Scope>;
  readonly graph: StageGraph;
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

/** The option-independent products of one parsed document, each computed on first use. */
class DocumentProducts {
  private lineIndex: LineIndex | undefined;
  private scopeMap: Map<Instruction, Scope> | undefined;
  private stages: StageGraph | undefined;
  private stageIndex: Map<Instruction, Stage> | undefined;

  constructor(readonly doc: EnginefileDocument) {}

  get lines(): LineIndex {
    this.lineIndex ??= new LineIndex(this.doc.text);
    return this.lineIndex;
  }

  get scopes(): Map<Instruction, Scope> {
    this.scopeMap ??= computeScopes(this.doc);
    return this.scopeMap;
  }

  /** The stage graph, expanding stage references with {@link scopes} (computed once for both). */
  get graph(): StageGraph {
    this.stages ??= stageGraph(this.doc, {}, this.scopes);
    return this.stages;
  }

  stageOf(instruction: Instruction): Stage | undefined {
    if (!this.stageIndex) {
      const index = new Map<Instruction, Stage>();
      for (const stage of this.doc.stages) {
        index.set(stage.from, stage);
        for (const ins of stage.instructions) index.set(ins, stage);
      }
      this.stageIndex = index;
    }
    return this.stageIndex.get(instruction);
  }
}

const productsByDocument = new DocumentCache<DocumentProducts>("products");

function productsOf(doc: EnginefileDocument): DocumentProducts {
  let products = productsByDocument.get(doc);
  if (!products) {
    products = new DocumentProducts(doc);
    productsByDocument.set(doc, products);
  }
  return products;
}

/**
 * An analysis: the document, its options and, through the document's shared products, everything
 * else. The methods and accessors are the prototype's, not per-instance closures: on Node 24 an
 * instance holding closures over its document kept the document alive through V8's young-generation
 * collections (measured; see document-cache.ts).
 */
class Analysis implements AnalyzedEnginefile {
  readonly #products: DocumentProducts;
  readonly text: string;
  readonly doc: EnginefileDocument;
  readonly options: EnginefileLintOptions;
  readonly finalStage: Stage | undefined;

  constructor(doc: EnginefileDocument, options: EnginefileLintOptions) {
    this.#products = productsOf(doc);
    this.text = doc.text;
    this.doc = doc;
    this.options = options;
    this.finalStage = doc.stages.at(-1);
  }

  get lines(): LineIndex {
    return this.#products.lines;
  }

  get scopes(): Map<Instruction, Scope> {
    return this.#products.scopes;
  }

  get graph(): StageGraph {
    return this.#products.graph;
  }

  stageOf(instruction: Instruction): Stage | undefined {
    return this.#products.stageOf(instruction);
  }

  resolve(instruction: Instruction, word: string): string | undefined {
    return resolveWord(this.#products, instruction, word);
  }

  replace(range: Range, newText: string): TextEdit {
    return { range, newText };
  }

  source(range: Range): string {
    return this.text.slice(range.start.offset, range.end.offset);
  }
}

/** {@link AnalyzedEnginefile.resolve} over a document's products. */
function resolveWord(products: DocumentProducts, instruction: Instruction, word: string): string | undefined {
  if (!word.includes("$")) return expandQuotesOnly(instruction, word, products);
  const scope = products.scopes.get(instruction);
  if (!scope) return undefined;
  const r = scope.expand(word);
  return r.error !== undefined || r.unresolved.length > 0 ? undefined : r.value;
}

/**
 * Analyses an Enginefile for the rules: `input` is its text (parsed here) or a document already
 * parsed by `@enginekit/enginefile`'s `parse` (not parsed again: the language server parses each
 * document version once and analyses it with each project's options). Scopes, the stage graph and
 * the line index are computed lazily, once per parsed document. Never throws.
 */
export function analyzeEnginefile(
  input: string | EnginefileDocument,
  options: EnginefileLintOptions = {},
): AnalyzedEnginefile {
  return new Analysis(typeof input === "string" ? parse(input) : input, options);
}

const QUOTE_OR_ESCAPE = /["'\\`]/;

/** `word` with quotes and escapes applied (it has no `$`); undefined when the engine's lexer rejects it. */
function expandQuotesOnly(
  instruction: Instruction,
  word: string,
  products: DocumentProducts,
): string | undefined {
  if (!QUOTE_OR_ESCAPE.test(word)) return word;
  const scope = products.scopes.get(instruction);
  if (!scope) return word;
  const r = scope.expand(word);
  return r.error === undefined ? r.value : undefined;
}
