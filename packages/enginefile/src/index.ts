/**
 * @enginekit/enginefile: an exact, fault-tolerant Enginefile (Dockerfile syntax) parser on chevrotain.
 * `parse(text)` gives a typed AST with ranges and diagnostics; `dump()` prints the reference's dump;
 * the semantics helpers expand variables, scope build arguments, build the stage graph and read
 * durations and signals; the printer prints losslessly or formats canonically.
 */

export {
  type DurationResult,
  MINIMUM_HEALTHCHECK_DURATION_NS,
  type Position,
  parseDuration,
  parseHealthcheckDuration,
  parseSignal,
  position,
  type Range,
  rangeContains,
  SIGNALS,
  type SignalResult,
} from "@enginekit/text";
export { goQuote } from "./ast/go-quote.js";
export * from "./ast/nodes.js";
export * from "./build-file-names.js";
export { dump, dumpInstruction, referenceLines } from "./dump.js";
export { parse } from "./parser/parse.js";
export { decodeBytes, encodeBytes, parseBytes } from "./parser/parse-bytes.js";
export { type FormatOptions, format, formatEdits } from "./printer/format.js";
export { printLossless, type SourceElement, sourceElements } from "./printer/lossless.js";
export {
  type ExpandOptions,
  type ExpansionResult,
  expandWord,
  toLookup,
  type VariableSource,
} from "./semantics/expand.js";
export {
  automaticArgs,
  type BindingKind,
  computeScopes,
  type Scope,
  type ScopeOptions,
  scopeAt,
  type VariableBinding,
} from "./semantics/scope.js";
export {
  processShellWord,
  type ShellLexOptions,
  type ShellProcessResult,
  type ShellVariableReference,
  type VariableLookup,
} from "./semantics/shell-lexer.js";
export {
  type StageGraph,
  type StageReference,
  type StageReferenceKind,
  stageGraph,
} from "./semantics/stage-graph.js";
