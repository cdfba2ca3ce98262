import type { ILexerConfig, IParserConfig } from "chevrotain";

/**
 * How the chevrotain lexers and parsers of this package are built. The shipped ones are built on
 * first use and skip chevrotain's definition checks, which are most of their construction time and
 * so of the package's start-up; `validate: true` runs the checks (a definition error then throws),
 * as `test/grammar.test.ts` does for every lexer and parser.
 */
export interface GrammarBuildOptions {
  /** Run chevrotain's lexer and grammar validations while constructing (default false). */
  validate?: boolean;
}

/** The configuration of every lexer: offsets only (ranges come from the logical-line mapper). */
export function lexerConfig(options: GrammarBuildOptions = {}): ILexerConfig {
  return {
    positionTracking: "onlyOffset",
    ensureOptimizations: false,
    skipValidations: options.validate !== true,
  };
}

/** The configuration of every parser: no error recovery (the callers decide what a failure means). */
export function parserConfig(options: GrammarBuildOptions = {}): IParserConfig {
  return { recoveryEnabled: false, skipValidations: options.validate !== true };
}

/** A value built by `build` on the first call and returned by every later call. */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
