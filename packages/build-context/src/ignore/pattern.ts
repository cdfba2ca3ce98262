/**
 * Compiling one ignore pattern exactly as the engine CLI does (moby/patternmatcher `New` and
 * `Pattern.compile`, research §3.2 rules 9–16): trim and clean, `!` marks an exception, a Go
 * `filepath.Match` syntax check, then one of four match kinds:
 *
 * - `exact`: no wildcard → string equality (so `dist/x+y.whl` works, rule 16);
 * - `prefix`: literal text then a trailing `**` → `startsWith` (`dir/**` matches `dir/x`, not `dir`);
 * - `suffix`: a leading `**` then only literal text → `endsWith` (`**.log` matches `a/x.log`;
 *   `**\/foo` also matches `foo`);
 * - `glob`: anything else, run by the linear-time {@link runGlob} program;
 * - `regexp`: a wildcard pattern whose engine regexp uses regexp syntax the engine never meant to expose
 *   (`|`, `{`, `}`, backslash-letter escapes, POSIX classes, wildcards inside brackets …): run as the
 *   engine runs it, by RE2 on the engine's own regexp (`engine-regexp.ts`).
 *
 * The syntax check the engine makes when it reads the file is Go's `filepath.Match` (`go-match-syntax.ts`).
 */
import { compileEngineRegexp, type EngineRegexp, engineRegexpSource } from "./engine-regexp.js";
import { type CharClass, type GlobProgram, Op, runGlob } from "./glob-program.js";
import { goMatchRefuses } from "./go-match-syntax.js";
import { goCleanPath, goTrimSpace } from "./go-path.js";

/**
 * A pattern the engine refuses when it evaluates it (its regexp does not compile): raised by
 * {@link patternMatches} the first time the pattern is evaluated, as the engine fails then.
 */
export class PatternEvaluationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PatternEvaluationError";
  }
}

/** A pattern the engine would refuse (Go's `filepath.ErrBadPattern` and friends). */
export class PatternSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PatternSyntaxError";
  }
}

/** How a compiled pattern is matched (see the module comment). */
type MatchKind = "exact" | "prefix" | "suffix" | "glob" | "regexp";

/** One compiled pattern. `text` is the cleaned pattern without its `!`. */
export interface CompiledPattern {
  text: string;
  exception: boolean;
  kind: MatchKind;
  /** The literal text every matching path starts with ("" when unknown, e.g. for `suffix`). */
  literalPrefix: string;
  /** For `exact` the whole text, for `prefix` the text before `**`, for `suffix` the text after `**`. */
  literal: string;
  program: GlobProgram | undefined;
  /** For `regexp`: the engine's regexp source (`engineRegexpSource`). */
  regexpSource?: string;
  /** For `regexp`: compiled on first evaluation, as the engine does (or the engine's error). */
  regexp?: EngineRegexp;
}

/** What the engine escapes before its regexp sees it (see engine-regexp.ts: `|`, `{`, `}` are not). */
const SPECIAL_ESCAPED = new Set([".", "+", "(", ")", "$"]);
/**
 * Characters and escapes of a wildcard pattern that reach the engine's regexp as syntax the wildcard
 * program does not model: alternation, repetition braces, and a backslash before a letter, a digit or a
 * non-ASCII character.
 */
const REGEXP_SYNTAX = /[|{}]|\\(?:[0-9A-Za-z]|[^\x00-\x7f])/;
const CONTROL_ESCAPES: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
const DIGIT: number[] = [0x30, 0x39];
const SPACE: number[] = [0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x20];
const WORD: number[] = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];

function complement(ranges: number[]): number[] {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    if (ranges[i]! > next) out.push(next, ranges[i]! - 1);
    next = ranges[i + 1]! + 1;
  }
  if (next <= 0x10ffff) out.push(next, 0x10ffff);
  return out;
}

/** Perl classes RE2 gives `\d \s \w` (ASCII only) and their negations. */
const PERL_CLASSES: Record<string, number[]> = {
  d: DIGIT,
  s: SPACE,
  w: WORD,
  D: complement(DIGIT),
  S: complement(SPACE),
  W: complement(WORD),
};

/**
 * What the engine's regexp makes of `\` + `ch`: a literal code point, a class, or an error. The engine
 * copies `\x` into an RE2 regexp, so RE2's escape rules decide: punctuation is literal, `\n`-style
 * escapes are control characters, `\d \s \w` are classes; the remaining letters, digits and non-ASCII
 * characters are refused here (RE2 fails on most of them, and the rest — octal, hex, `\b`, `\pL` — cannot
 * be expressed one code point at a time the way the engine's translation feeds them).
 */
function escapeMeaning(ch: string): number | number[] {
  const code = ch.codePointAt(0)!;
  if (code < 0x80 && !/[0-9A-Za-z]/.test(ch)) return code;
  const control = CONTROL_ESCAPES[ch];
  if (control !== undefined) return control;
  const perl = PERL_CLASSES[ch];
  if (perl) return perl;
  throw new PatternSyntaxError(`unsupported escape sequence \`\\${ch}\` in pattern`);
}

interface Builder {
  ops: number[];
  codes: number[];
  classes: (CharClass | undefined)[];
}

function emit(b: Builder, op: number, code = 0, cls?: CharClass): void {
  b.ops.push(op);
  b.codes.push(code);
  b.classes.push(cls);
}

function emitEscaped(b: Builder, meaning: number | number[]): void {
  if (typeof meaning === "number") emit(b, Op.literal, meaning);
  else emit(b, Op.class, 0, { negated: false, ranges: meaning });
}

/** Parses a bracket expression starting after `[`; returns the index after its `]`. */
function parseClass(b: Builder, chars: string[], start: number): number {
  let i = start;
  const negated = chars[i] === "^";
  if (negated) i++;
  const ranges: number[] = [];
  const item = (): number | number[] => {
    // Go's syntax check may leave an unterminated bracket unchecked (go-match-syntax.ts): regexp route.
    if (i >= chars.length) throw new PatternSyntaxError("unterminated bracket expression");
    const ch = chars[i]!;
    if (ch === "*" || ch === "?") {
      throw new PatternSyntaxError(
        `\`${ch}\` inside a bracket expression is not supported (the engine turns it into a broken regexp)`,
      );
    }
    if (ch === "[" && chars[i + 1] === ":") {
      throw new PatternSyntaxError("POSIX character classes like `[[:alpha:]]` are not supported");
    }
    i++;
    if (ch === "\\") {
      if (i >= chars.length) throw new PatternSyntaxError("trailing backslash");
      return escapeMeaning(chars[i++]!);
    }
    return ch.codePointAt(0)!;
  };
  let count = 0;
  while (!(chars[i] === "]" && count > 0)) {
    const lo = item();
    if (chars[i] === "-") {
      i++;
      const hi = item();
      if (typeof lo !== "number" || typeof hi !== "number") {
        throw new PatternSyntaxError("a class escape cannot be a range bound in a bracket expression");
      }
      if (lo > hi) throw new PatternSyntaxError("invalid character class range in pattern");
      ranges.push(lo, hi);
    } else if (typeof lo === "number") {
      ranges.push(lo, lo);
    } else {
      ranges.push(...lo);
    }
    count++;
  }
  const pairs: [number, number][] = [];
  for (let k = 0; k < ranges.length; k += 2) pairs.push([ranges[k]!, ranges[k + 1]!]);
  pairs.sort((x, y) => x[0] - y[0]);
  emit(b, Op.class, 0, { negated, ranges: pairs.flat() });
  return i + 1;
}

/**
 * Compiles one pattern line (without reading-time processing; see `readIgnoreFile`).
 * @returns undefined for a pattern that is empty after trimming (skipped, like the engine).
 * @throws PatternSyntaxError for a lone `!` (`illegal exclusion pattern: "!"`), Go `filepath.Match`
 *   syntax errors (`[`, `a[`, `[^`, a trailing `\`, `[x-]`, `[]a]`…) and constructs whose engine
 *   meaning is an accident of its regexp translation (see {@link escapeMeaning}).
 */
export function compilePattern(raw: string): CompiledPattern | undefined {
  let p = goTrimSpace(raw);
  if (p === "") return undefined;
  p = goCleanPath(p);
  let exception = false;
  if (p[0] === "!") {
    if (p.length === 1) throw new PatternSyntaxError('illegal exclusion pattern: "!"');
    exception = true;
    p = p.slice(1);
  }
  if (goMatchRefuses(p)) throw new PatternSyntaxError("syntax error in pattern");

  const chars = Array.from(p);
  const b: Builder = { ops: [], codes: [], classes: [] };
  let kind: MatchKind = "exact";
  let literalPrefix = "";
  let prefixOpen = true;
  let i = 0;
  let regexpOnly = false;
  try {
    for (let step = 0; i < chars.length; step++) {
      const ch = chars[i++]!;
      const before = b.ops.length;
      if (ch === "*") {
        if (chars[i] === "*") {
          i++;
          if (chars[i] === "/") i++;
          if (i >= chars.length) {
            if (kind === "exact") kind = "prefix";
            else {
              emit(b, Op.anyStar);
              kind = "glob";
            }
          } else {
            emit(b, Op.globDir);
            kind = "glob";
          }
          if (step === 0) kind = "suffix";
        } else {
          emit(b, Op.star);
          kind = "glob";
        }
      } else if (ch === "?") {
        emit(b, Op.any);
        kind = "glob";
      } else if (SPECIAL_ESCAPED.has(ch)) {
        emit(b, Op.literal, ch.codePointAt(0)!);
      } else if (ch === "\\") {
        // Go's syntax check may leave a trailing `\` unchecked (go-match-syntax.ts): regexp route.
        if (i >= chars.length) throw new PatternSyntaxError("trailing backslash");
        emitEscaped(b, escapeMeaning(chars[i++]!));
        kind = "glob";
      } else if (ch === "[") {
        i = parseClass(b, chars, i);
        kind = "glob";
      } else if (ch === "]") {
        emit(b, Op.literal, 0x5d);
        kind = "glob";
      } else if (ch === "^") {
        emit(b, Op.caret);
      } else {
        emit(b, Op.literal, ch.codePointAt(0)!);
      }
      if (prefixOpen) {
        if (b.ops.length === before + 1 && b.ops[before] === Op.literal) {
          literalPrefix += String.fromCodePoint(b.codes[before]!);
        } else prefixOpen = false;
      }
    }
  } catch (error) {
    // A construct the wildcard program cannot express: the engine's regexp decides (see escapeMeaning).
    if (!(error instanceof PatternSyntaxError)) throw error;
    regexpOnly = true;
    kind = "glob";
  }
  if (kind === "glob" && (regexpOnly || REGEXP_SYNTAX.test(p))) {
    return {
      text: p,
      exception,
      kind: "regexp",
      literalPrefix: "",
      literal: "",
      program: undefined,
      regexpSource: engineRegexpSource(p),
    };
  }
  // `^` is only an anchor inside a wildcard pattern; in an exact/prefix/suffix pattern it is literal text.
  let literal = "";
  if (kind === "exact") literal = p;
  else if (kind === "prefix") literal = p.slice(0, -2);
  else if (kind === "suffix") literal = p.slice(2);
  if (kind === "exact" || kind === "prefix") literalPrefix = literal;
  if (kind === "suffix") literalPrefix = "";
  const program =
    kind === "glob"
      ? { ops: Uint8Array.from(b.ops), codes: Int32Array.from(b.codes), classes: b.classes }
      : undefined;
  return { text: p, exception, kind, literalPrefix, literal, program };
}

/**
 * Whether `pattern` matches `path` itself (no parent rule). `path` is relative, `/`-separated, cleaned.
 * @throws PatternEvaluationError for a `regexp` pattern whose regexp does not compile (the engine's
 *   `syntax error in pattern`, raised at first evaluation as the engine raises it).
 * @throws EngineRegexpNotLoadedError for a `regexp` pattern before `loadEngineRegexp()` resolved.
 */
export function patternMatches(pattern: CompiledPattern, path: string): boolean {
  switch (pattern.kind) {
    case "exact":
      return path === pattern.literal;
    case "prefix":
      return path.startsWith(pattern.literal);
    case "suffix": {
      const suffix = pattern.literal;
      if (path.endsWith(suffix)) return true;
      return suffix[0] === "/" && path === suffix.slice(1);
    }
    case "glob":
      if (pattern.literalPrefix !== "" && !path.startsWith(pattern.literalPrefix)) return false;
      return runGlob(pattern.program!, path);
    case "regexp": {
      pattern.regexp ??= compileEngineRegexp(pattern.regexpSource!);
      if ("error" in pattern.regexp) throw new PatternEvaluationError(pattern.regexp.error);
      return pattern.regexp.test(path);
    }
  }
}

/**
 * Whether `pattern` could match some path strictly below directory `dir` (itself relative and cleaned):
 * false only when its literal prefix rules that out. Used to decide whether an excluded directory must
 * be walked because an exception might re-include something inside it.
 */
export function mayMatchBelow(pattern: CompiledPattern, dir: string): boolean {
  const dirSlash = `${dir}/`;
  const prefix = pattern.literalPrefix;
  if (pattern.kind === "exact") return prefix.startsWith(dirSlash);
  return prefix.startsWith(dirSlash) || dirSlash.startsWith(prefix);
}
