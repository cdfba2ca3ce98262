/**
 * Lexer and parser configuration for chevrotain (`lexerConfig`, `parserConfig`), and `builtOnFirstUse`, which
 * builds the lexers and the parser on first use (the project's own design, for start-up time).
 */
import type { ILexerConfig, IParserConfig } from "chevrotain";

/**
 * How the chevrotain lexers and the parser of this package are built. There are four lexers (words
 * with `\` or `` ` `` as escape character, flags, JSON: one lexer with modes was measured slower to
 * build) and one parser, `InstructionArgumentsParser`, holding the words, flags and JSON-array
 * grammars as top-level rules, because each parser instance pays chevrotain's `performSelfAnalysis`
 * (recording, lookahead, then deleting about 90 recording methods from the instance: about 5 ms).
 * The shipped ones are built on first use and skip chevrotain's definition checks, which are most of
 * their construction time and so of the package's start-up; `validate: true` runs the checks (a
 * definition error then throws), as `test/grammar.test.ts` does for every lexer and the parser.
 */
export interface GrammarBuildOptions {
  /** Run chevrotain's lexer and grammar validations while constructing (default false). */
  validate?: boolean;
}

/**
 * The configuration of every lexer: offsets only (ranges come from the logical-line mapper).
 * `firstCharIndex` is whether chevrotain indexes the token types by the characters a token can start
 * with. It can only do so when every token type gives those characters (a string pattern, a
 * `start_chars_hint`, or a regular expression without a complement set `[^…]`, which it then parses);
 * a lexer with a token type it cannot index is built with `false` (chevrotain's `safeMode`), which
 * skips parsing the patterns of the others for an index the lexer could not use anyway.
 */
export function lexerConfig(options: GrammarBuildOptions, firstCharIndex: boolean): ILexerConfig {
  return {
    positionTracking: "onlyOffset",
    ensureOptimizations: firstCharIndex,
    safeMode: !firstCharIndex,
    skipValidations: options.validate !== true,
  };
}

/** The configuration of every parser: no error recovery (the callers decide what a failure means). */
export function parserConfig(options: GrammarBuildOptions = {}): IParserConfig {
  return { recoveryEnabled: false, skipValidations: options.validate !== true };
}

/**
 * A value built by `build` on the first call and returned by every later call: the lexers and the
 * parser, so that importing the package builds nothing and a file needing no flags, words or JSON
 * array never builds their lexers.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
