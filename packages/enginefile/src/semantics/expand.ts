import { GO_SPACE_CLASS } from "@enginekit/text";
import { processShellWord, type VariableLookup } from "./shell-lexer.js";

/** Where variable values come from: a lookup function, a `Map`, or a plain record. */
export type VariableSource = VariableLookup | ReadonlyMap<string, string> | Readonly<Record<string, string>>;

/** Options of {@link expandWord}. */
export interface ExpandOptions {
  /** The document's escape character (`\` by default). */
  escapeCharacter?: "\\" | "`";
  /** Keep references to unset variables as written instead of expanding them to "" (BuildKit `SkipUnsetEnv`). */
  keepUnset?: boolean;
}

/**
 * The result of expanding a word: `value` (quotes removed, escapes applied, variables substituted),
 * `words` (the value split on unquoted whitespace, as for `ProcessWords`), the variables that were
 * found and those that were not (`unresolved`), and `error` with BuildKit's message on a syntax error
 * (`failed to process "…": syntax error: missing '}'`); on error `value` is "" and `words` empty.
 */
export interface ExpansionResult {
  value: string;
  words: string[];
  resolved: string[];
  unresolved: string[];
  error: string | undefined;
}

/** Words without `$`, quotes, the escape character (`\` or `` ` ``) and Go spaces. */
const LITERAL_BACKSLASH = new RegExp(`^[^$'"\\\\${GO_SPACE_CLASS}]*$`);
const LITERAL_BACKTICK = new RegExp(`^[^$'"\`${GO_SPACE_CLASS}]*$`);

/** Normalises a {@link VariableSource} into a lookup function. */
export function toLookup(source: VariableSource): VariableLookup {
  if (typeof source === "function") return source;
  if (source instanceof Map) return (name) => source.get(name);
  const record = source as Readonly<Record<string, string>>;
  return (name) => (Object.hasOwn(record, name) ? record[name] : undefined);
}

/**
 * Expands variables in one word with BuildKit's shell-word rules (`frontend/dockerfile/shell`):
 * `$v`, `${v}`, `${v:-w}`, `${v-w}`, `${v:+w}`, `${v+w}`, `${v:?w}`, `${v?w}`, `${v#p}`, `${v##p}`,
 * `${v%p}`, `${v%%p}`, `${v/p/r}`, `${v//p/r}`; single quotes keep everything literal, double quotes
 * allow substitution, the escape character escapes the next character. Never throws.
 *
 * @example expandWord('"${NAME:-world}"/$HOME', { HOME: "/root" }).value === "world//root"
 */
export function expandWord(
  word: string,
  variables: VariableSource,
  options: ExpandOptions = {},
): ExpansionResult {
  // a word the lexer only copies: no substitution, quote, escape character or space (most ENV
  // values, ARG defaults and images); the property test compares it with the lexer
  if ((options.escapeCharacter === "`" ? LITERAL_BACKTICK : LITERAL_BACKSLASH).test(word)) {
    return { value: word, words: word === "" ? [] : [word], resolved: [], unresolved: [], error: undefined };
  }
  const r = processShellWord(word, toLookup(variables), {
    escapeToken: options.escapeCharacter ?? "\\",
    skipUnsetEnv: options.keepUnset ?? false,
  });
  return {
    value: r.result,
    words: r.words,
    resolved: [...r.matched],
    unresolved: [...r.unmatched],
    error: r.error,
  };
}
