/**
 * @enginekit/text: the foundation every enginekit package shares, declared once — positions, ranges and
 * text edits (LSP convention), one line index, the edit distance behind "did you mean", and the engine's
 * value syntaxes that both the api schemas and the Enginefile parser read (signals, Go durations, Go's
 * character classes) plus the settings' glob syntax, and the one rule for which names hold secrets and how their values are
 * masked in output. No dependencies; pure functions that never throw.
 */

export { editDistance } from "./edit-distance.js";
export { atOrAbove, type Fix, SEVERITIES, type Severity, severityRank } from "./finding.js";
export { type GlobOptions, globToRegExp } from "./glob.js";
export {
  type DurationResult,
  MINIMUM_HEALTHCHECK_DURATION_NS,
  parseDuration,
  parseHealthcheckDuration,
} from "./go-duration.js";
export {
  GO_SPACE_CLASS,
  isAsciiBlank,
  isGoSpace,
  isRegexpSpace,
  skipGoSpace,
  trimGoSpaceEnd,
  utf8Length,
} from "./go-text.js";
export { LineIndex } from "./line-index.js";
export { type Position, position, type Range, rangeContains } from "./position.js";
export { redactSecretValues, secretValueSpans } from "./redact-secret-values.js";
export { isPlaceholderSecret, looksLikeSecretName } from "./secret-names.js";
export { isSignalName, parseSignal, SIGNALS, type SignalResult } from "./signals.js";
export { closestMatch, Suggester } from "./suggester.js";
export { applyTextEdits, compareTextEdits, type TextEdit } from "./text-edit.js";
export { parseDurationMs } from "./timeout-duration.js";
