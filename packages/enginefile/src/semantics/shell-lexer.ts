/**
 * A port of BuildKit's shell-word lexer (`frontend/dockerfile/shell/lex.go`): quote removal, escapes,
 * `$v`, `${v}`, `${v:-w}`, `${v-w}`, `${v:+w}`, `${v+w}`, `${v?w}`, `${v:?w}`, `${v#p}`, `${v##p}`,
 * `${v%p}`, `${v%%p}`, `${v/p/r}`, `${v//p/r}` and word splitting, with its quirks (for example the
 * word buffer shared with nested substitutions).
 */
import { isGoSpace } from "@enginekit/text";

/** Looks a variable up: `undefined` when it is not set. */
export type VariableLookup = (name: string) => string | undefined;

/** Switches of the lexer, named as in BuildKit (`Lex` fields). */
export interface ShellLexOptions {
  /** The escape character (`\` or `` ` ``); default `\`. */
  escapeToken?: string;
  /** Keep quote characters in the result. */
  rawQuotes?: boolean;
  /** Keep escape characters in the result. */
  rawEscapes?: boolean;
  /** Leave references to unset variables as written (`$v`, `${v}`, `${v:-w}` re-printed). */
  skipUnsetEnv?: boolean;
  /** Treat quotes as ordinary characters. */
  skipProcessQuotes?: boolean;
  /**
   * BuildKit's `processPossibleHeredoc`: `<<` keeps the spaces, tabs and carriage returns after it in
   * its word (`<< EOF` is one word; `<<\u3000EOF` and `<<\vEOF` are two). Used to find heredocs.
   */
  heredocOperator?: boolean;
}

/** A variable reference met while processing: name, operator (`:-`, `#`, `/`, …) and offsets. */
export interface ShellVariableReference {
  name: string;
  /** Offsets into the processed word (UTF-16), covering `$name` or `${…}`. */
  start: number;
  end: number;
  braced: boolean;
  operator?: string;
}

/** The outcome of processing a word; `error` holds the reference's message when it fails. */
export interface ShellProcessResult {
  result: string;
  words: string[];
  /** Names found in the lookup, and names that were not (the reference's Matched/Unmatched). */
  matched: Set<string>;
  unmatched: Set<string>;
  references: ShellVariableReference[];
  error?: string;
}

const EOF = -1;

class ShellSyntaxError extends Error {}

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

function isLetter(cp: number): boolean {
  return cp >= 0 && (cp < 128 ? (cp | 32) >= 97 && (cp | 32) <= 122 : LETTER.test(String.fromCodePoint(cp)));
}
function isDigit(cp: number): boolean {
  return cp >= 0 && (cp < 128 ? cp >= 48 && cp <= 57 : DIGIT.test(String.fromCodePoint(cp)));
}
function isSpace(cp: number): boolean {
  return cp >= 0 && cp < 0x10000 && isGoSpace(cp);
}
function isSpecialParam(cp: number): boolean {
  return cp === 64 || cp === 42 || cp === 35 || cp === 63 || cp === 45 || cp === 36 || cp === 33 || cp === 48;
}
function chr(cp: number): string {
  return cp === EOF ? "\ufffd" : String.fromCodePoint(cp);
}

interface Words {
  words: string[];
  inWord: boolean;
}

class ShellWord {
  private pos = 0;
  private buffer = "";
  private rawEscapes: boolean;
  /** Names found and not found (made when the first name is looked up; most words have none). */
  private matchedNames: Set<string> | undefined;
  private unmatchedNames: Set<string> | undefined;
  /** False when only the references are wanted (no lookups are recorded). */
  recordLookups = true;
  readonly references: ShellVariableReference[] = [];
  private readonly escapeCode: number;

  constructor(
    private readonly src: string,
    private readonly lookup: VariableLookup,
    private readonly options: ShellLexOptions,
  ) {
    this.rawEscapes = options.rawEscapes ?? false;
    this.escapeCode = (options.escapeToken ?? "\\").codePointAt(0) ?? 92;
  }

  private peek(): number {
    return this.pos < this.src.length ? (this.src.codePointAt(this.pos) ?? EOF) : EOF;
  }
  private next(): number {
    if (this.pos >= this.src.length) return EOF;
    const cp = this.src.codePointAt(this.pos) ?? EOF;
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }

  private addChar(w: Words, cp: number): void {
    if (isSpace(cp) && w.inWord) {
      if (this.buffer.length !== 0) {
        w.words.push(this.buffer);
        this.buffer = "";
        w.inWord = false;
      }
    } else if (!isSpace(cp)) {
      this.buffer += chr(cp);
      w.inWord = true;
    }
  }
  private getWords(w: Words): string[] {
    if (this.buffer.length > 0) {
      w.words.push(this.buffer);
      this.buffer = "";
      w.inWord = false;
    }
    return w.words;
  }

  processStopOn(stop: number, rawEscapes: boolean): { result: string; words: string[] } {
    let result = "";
    this.buffer = "";
    const w: Words = { words: [], inWord: false };
    const saved = this.rawEscapes;
    this.rawEscapes = rawEscapes;
    try {
      const src = this.src;
      const heredocOperator = this.options.heredocOperator === true;
      while (this.pos < src.length) {
        // fast path: a run of ordinary characters is copied as one slice
        const runStart = this.pos;
        let k = runStart;
        while (k < src.length) {
          const u = src.charCodeAt(k);
          if (
            u === 36 ||
            u === 39 ||
            u === 34 ||
            u === this.escapeCode ||
            u === stop ||
            (u === 60 && heredocOperator) ||
            u >= 0x80 ||
            isSpace(u)
          )
            break;
          k++;
        }
        if (k > runStart) {
          const run = src.slice(runStart, k);
          this.pos = k;
          result += run;
          this.buffer += run;
          w.inWord = true;
          continue;
        }
        // a run of ASCII blanks ends the current word once
        while (k < src.length) {
          const u = src.charCodeAt(k);
          if (u !== 32 && u !== 9) break;
          k++;
        }
        if (k > runStart) {
          result += src.slice(runStart, k);
          this.pos = k;
          if (w.inWord && this.buffer.length !== 0) {
            w.words.push(this.buffer);
            this.buffer = "";
            w.inWord = false;
          }
          continue;
        }
        let ch = this.peek();
        if (stop !== EOF && ch === stop) {
          this.next();
          return { result, words: this.getWords(w) };
        }
        const quotes = !this.options.skipProcessQuotes;
        if (ch === 36 || (quotes && (ch === 39 || ch === 34))) {
          const tmp =
            ch === 36
              ? this.processDollar()
              : ch === 39
                ? this.processSingleQuote()
                : this.processDoubleQuote();
          result += tmp;
          if (ch === 36) {
            // each code point of the substituted value (an index loop: no iterator per character)
            for (let j = 0; j < tmp.length; ) {
              const cp = tmp.codePointAt(j) ?? 0;
              this.addChar(w, cp);
              j += cp > 0xffff ? 2 : 1;
            }
          } else {
            this.buffer += tmp;
            w.inWord = true;
          }
          continue;
        }
        if (ch === 60 && heredocOperator) {
          const tmp = this.processPossibleHeredoc();
          result += tmp;
          this.buffer += tmp;
          w.inWord = true;
          continue;
        }
        ch = this.next();
        if (ch === this.escapeCode) {
          if (this.rawEscapes) {
            this.buffer += chr(ch);
            w.inWord = true;
            result += chr(ch);
          }
          ch = this.next();
          if (ch === EOF) break;
          this.buffer += chr(ch);
          w.inWord = true;
        } else {
          this.addChar(w, ch);
        }
        result += chr(ch);
      }
      if (stop !== EOF)
        throw new ShellSyntaxError(`unexpected end of statement while looking for matching ${chr(stop)}`);
      return { result, words: this.getWords(w) };
    } finally {
      this.rawEscapes = saved;
    }
  }

  /** `<`, or `<<` and the spaces, tabs and carriage returns after it (BuildKit `processPossibleHeredoc`). */
  private processPossibleHeredoc(): string {
    this.next();
    if (this.peek() !== 60) return "<";
    this.next();
    const from = this.pos;
    for (let p = this.peek(); p === 32 || p === 9 || p === 13; p = this.peek()) this.next();
    return `<<${this.src.slice(from, this.pos)}`;
  }

  private processSingleQuote(): string {
    let result = "";
    const open = this.next();
    if (this.options.rawQuotes) result += chr(open);
    const close = this.src.indexOf("'", this.pos);
    if (close < 0) {
      this.pos = this.src.length;
      throw new ShellSyntaxError("unexpected end of statement while looking for matching single-quote");
    }
    result += this.src.slice(this.pos, close);
    this.pos = close + 1;
    if (this.options.rawQuotes) result += "'";
    return result;
  }

  private processDoubleQuote(): string {
    let result = "";
    const open = this.next();
    if (this.options.rawQuotes) result += chr(open);
    for (;;) {
      const p = this.peek();
      if (p === EOF)
        throw new ShellSyntaxError("unexpected end of statement while looking for matching double-quote");
      if (p === 34) {
        const ch = this.next();
        if (this.options.rawQuotes) result += chr(ch);
        return result;
      }
      if (p === 36) {
        result += this.processDollar();
        continue;
      }
      const runStart = this.pos;
      let k = runStart;
      while (k < this.src.length) {
        const u = this.src.charCodeAt(k);
        if (u === 34 || u === 36 || u === this.escapeCode) break;
        k++;
      }
      if (k > runStart) {
        result += this.src.slice(runStart, k);
        this.pos = k;
        continue;
      }
      let ch = this.next();
      if (ch === this.escapeCode) {
        if (this.rawEscapes) result += chr(ch);
        const q = this.peek();
        if (q === EOF) continue;
        if (q === 34 || q === 36 || q === this.escapeCode) ch = this.next();
      }
      result += chr(ch);
    }
  }

  get matched(): Set<string> {
    this.matchedNames ??= new Set();
    return this.matchedNames;
  }
  get unmatched(): Set<string> {
    this.unmatchedNames ??= new Set();
    return this.unmatchedNames;
  }

  private getEnv(name: string): string | undefined {
    const v = this.lookup(name);
    if (this.recordLookups) {
      if (v !== undefined) this.matched.add(name);
      else this.unmatched.add(name);
    }
    return v;
  }

  /** Reads the substitution at `pos` (a `$`) as the lexer does anywhere; returns the index after it. */
  substitutionAt(pos: number): number {
    this.pos = pos;
    this.processDollar();
    return this.pos;
  }

  private processDollar(): string {
    const start = this.pos;
    this.next();
    if (this.peek() !== 123) {
      const name = this.processName();
      if (name === "") return "$";
      this.references.push({ name, start, end: this.pos, braced: false });
      const value = this.getEnv(name);
      if (value === undefined && this.options.skipUnsetEnv) return `$${name}`;
      return value ?? "";
    }
    this.next();
    const p = this.peek();
    if (p === EOF) throw new ShellSyntaxError("syntax error: missing '}'");
    if (p === 123 || p === 125 || p === 58) throw new ShellSyntaxError("syntax error: bad substitution");
    const name = this.processName();
    let ch = this.next();
    let chs = chr(ch);
    let nullIsUnset = false;
    const ref: ShellVariableReference = { name, start, end: start, braced: true };
    this.references.push(ref);
    if (ch === 125) {
      ref.end = this.pos;
      const value = this.getEnv(name);
      if (value === undefined && this.options.skipUnsetEnv) return `\${${name}}`;
      return value ?? "";
    }
    if (ch === 58) {
      nullIsUnset = true;
      ch = this.next();
      chs += chr(ch);
    }
    if (nullIsUnset || ch === 43 || ch === 45 || ch === 63 || ch === 35 || ch === 37) {
      ref.operator = chs;
      const rawEscapes = ch === 35 || ch === 37;
      if (nullIsUnset && rawEscapes)
        throw new ShellSyntaxError(`unsupported modifier (${chs}) in substitution`);
      let word = this.processUntil(125, rawEscapes, "syntax error: missing '}'");
      ref.end = this.pos;
      const value = this.getEnv(name);
      if (this.options.skipUnsetEnv && value === undefined) return `\${${name}${chs}${word}}`;
      switch (ch) {
        case 45:
          return value === undefined || (nullIsUnset && value === "") ? word : value;
        case 43:
          return value === undefined || (nullIsUnset && value === "") ? "" : word;
        case 63:
          if (value === undefined)
            throw new ShellSyntaxError(`${name}: ${word !== "" ? word : "is not allowed to be unset"}`);
          if (nullIsUnset && value === "")
            throw new ShellSyntaxError(`${name}: ${word !== "" ? word : "is not allowed to be empty"}`);
          return value;
        case 37:
        case 35: {
          let greedy = false;
          if (word.length > 0 && word.charCodeAt(0) === ch) {
            greedy = true;
            word = word.slice(1);
          }
          return ch === 37 ? trimSuffix(word, value ?? "", greedy) : trimPrefix(word, value ?? "", greedy);
        }
        default:
          throw new ShellSyntaxError(`unsupported modifier (${chs}) in substitution`);
      }
    }
    if (ch === 47) {
      ref.operator = "/";
      const replaceAll = this.peek() === 47;
      if (replaceAll) {
        this.next();
        ref.operator = "//";
      }
      const pattern = this.processUntil(47, true, "syntax error: missing '/' in $" + "{}");
      const replacement = this.processUntil(125, true, "syntax error: missing '}'");
      ref.end = this.pos;
      let value = this.getEnv(name);
      if (this.options.skipUnsetEnv && value === undefined) return `\${${name}/${pattern}/${replacement}}`;
      value ??= "";
      const re = patternToRegExp(pattern, true, false, replaceAll);
      if (replaceAll) return value.replace(re, (m) => expandGoTemplate(replacement, m));
      const m = re.exec(value);
      if (m) return value.slice(0, m.index) + replacement + value.slice(m.index + m[0].length);
      return value;
    }
    throw new ShellSyntaxError(`unsupported modifier (${chs}) in substitution`);
  }

  /** `processStopOn(stop)`'s result; at the end of input its error becomes `missing`. */
  private processUntil(stop: number, rawEscapes: boolean, missing: string): string {
    try {
      return this.processStopOn(stop, rawEscapes).result;
    } catch (e) {
      if (this.peek() === EOF) throw new ShellSyntaxError(missing);
      throw e;
    }
  }

  private processName(): string {
    let name = "";
    while (this.peek() !== EOF) {
      let ch = this.peek();
      if (name.length === 0 && isDigit(ch)) {
        while (this.peek() !== EOF && isDigit(this.peek())) {
          ch = this.next();
          name += chr(ch);
        }
        return name;
      }
      if (name.length === 0 && isSpecialParam(ch)) {
        ch = this.next();
        return chr(ch);
      }
      if (!isLetter(ch) && !isDigit(ch) && ch !== 95) break;
      ch = this.next();
      name += chr(ch);
    }
    return name;
  }
}

/** Go's `Regexp.Expand` for a pattern without groups: `$0`/`${0}` is the match, `$$` a dollar. */
function expandGoTemplate(template: string, match: string): string {
  if (!template.includes("$")) return template;
  return template.replace(/\$(\$|\{([A-Za-z0-9_]*)\}|([A-Za-z0-9_]+))/g, (all, _d, braced, bare) => {
    if (all === "$$") return "$";
    const name = braced ?? bare;
    if (braced !== undefined && braced === "") return all;
    return name === "0" ? match : "";
  });
}

/**
 * BuildKit's `convertShellPatternToRegex`: `*` (shortest or longest), `?`, `\` escapes of `*`, `?`, `\`;
 * regular-expression characters are quoted. Throws the reference's message on a bad escape.
 */
function patternToRegExp(pattern: string, greedy: boolean, anchored: boolean, global = false): RegExp {
  let out = anchored ? "^" : "";
  const star = greedy ? "[^\\n]*" : "[^\\n]*?";
  const cps = Array.from(pattern);
  for (let i = 0; i < cps.length; i++) {
    let tok = cps[i] ?? "";
    if (tok === "*") {
      out += star;
      continue;
    }
    if (tok === "?") {
      out += "[^\\n]";
      continue;
    }
    if (tok === "\\") {
      const nx = cps[i + 1];
      if (nx === "}" || nx === "/") continue;
      out += "\\";
      i++;
      tok = cps[i] ?? "\ufffd";
      if (tok !== "*" && tok !== "?" && tok !== "\\") {
        throw new ShellSyntaxError(`invalid pattern (${pattern}) in substitution: invalid escape '\\${tok}'`);
      }
    } else if ("[]{}.+()|^$".includes(tok)) {
      out += "\\";
    }
    out += tok;
  }
  return new RegExp(out, global ? "gu" : "u");
}

function trimPrefix(word: string, value: string, greedy: boolean): string {
  const m = patternToRegExp(word, greedy, true).exec(value);
  return m ? value.slice(m.index + m[0].length) : value;
}

function reversePattern(pattern: string): string {
  const runes = Array.from(pattern);
  const out: string[] = new Array(runes.length);
  const last = runes.length - 1;
  for (let i = 0; i <= last; ) {
    const tok = runes[i] ?? "";
    const o = last - i;
    if (tok === "\\" && i !== last) {
      out[o - 1] = tok;
      out[o] = runes[i + 1] ?? "";
      i += 2;
    } else {
      out[o] = tok;
      i++;
    }
  }
  return out.join("");
}

function reverseString(s: string): string {
  return Array.from(s).reverse().join("");
}

function trimSuffix(pattern: string, value: string, greedy: boolean): string {
  return reverseString(trimPrefix(reversePattern(pattern), reverseString(value), greedy));
}

/**
 * Runs the lexer over `source`. Never throws: a syntax error is returned in `error` with the
 * reference's wording (`failed to process "<source>": <reason>`), and `words` is then empty.
 */
export function processShellWord(
  source: string,
  lookup: VariableLookup,
  options: ShellLexOptions = {},
): ShellProcessResult {
  const sw = new ShellWord(source, lookup, options);
  try {
    const { result, words } = sw.processStopOn(EOF, options.rawEscapes ?? false);
    return { result, words, matched: sw.matched, unmatched: sw.unmatched, references: sw.references };
  } catch (e) {
    const reason = e instanceof ShellSyntaxError ? e.message : String(e);
    return {
      result: "",
      words: [],
      matched: sw.matched,
      unmatched: sw.unmatched,
      references: sw.references,
      error: `failed to process ${JSON.stringify(source)}: ${reason}`,
    };
  }
}

const unset: VariableLookup = () => undefined;
const REFERENCES_ONLY_BACKSLASH: ShellLexOptions = { escapeToken: "\\", skipUnsetEnv: true };
const REFERENCES_ONLY_BACKTICK: ShellLexOptions = { escapeToken: "`", skipUnsetEnv: true };

/**
 * The variable references in `source` exactly as {@link processShellWord} reports them when no
 * variable is set (`skipUnsetEnv`), without recording lookups: what the parser attaches to each
 * argument. On a syntax error, the references met before it. Never throws.
 *
 * @param escapeToken the document's escape character (`\` or `` ` ``).
 */
export function shellVariableReferences(source: string, escapeToken: string): ShellVariableReference[] {
  return scanReferences(source, escapeToken);
}

/** `[A-Za-z_]` */
function isAsciiNameStart(c: number): boolean {
  return ((c | 32) >= 97 && (c | 32) <= 122) || c === 95;
}

/** `[0-9]` */
function isAsciiDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Bail-out of the quick reading: the substitution needs {@link ShellWord}. */
const NEEDS_LEXER = -1;
/** The lexer met a syntax error: reading stops. */
const STOPPED = -2;

/**
 * The end of the name `ShellWord.processName` reads at `k` (`k` itself for none: a lone `$`), or
 * {@link NEEDS_LEXER} when a non-ASCII character could be part of it (Unicode letters and digits).
 */
function quickNameEnd(source: string, k: number): number {
  const c = source.charCodeAt(k);
  if (c >= 0x80) return NEEDS_LEXER;
  let end = k;
  if (isAsciiDigit(c)) {
    while (isAsciiDigit(source.charCodeAt(end))) end++;
  } else if (isSpecialParam(c)) {
    return k + 1;
  } else if (isAsciiNameStart(c)) {
    for (let d = c; isAsciiNameStart(d) || isAsciiDigit(d); d = source.charCodeAt(end)) end++;
  } else {
    return k;
  }
  return source.charCodeAt(end) >= 0x80 ? NEEDS_LEXER : end;
}

/**
 * Reads the `$` at `i` as `ShellWord.processDollar` does when it is `$name`, `$1`, `$@` (pushed to
 * `out`) or a lone `$`, and returns the index after it; {@link NEEDS_LEXER} for `${…}` and non-ASCII
 * names, which the lexer reads.
 */
function quickDollar(source: string, i: number, out: ShellVariableReference[]): number {
  if (source.charCodeAt(i + 1) === 123) return NEEDS_LEXER;
  const end = quickNameEnd(source, i + 1);
  if (end > i + 1) out.push({ name: source.slice(i + 1, end), start: i, end, braced: false });
  return end;
}

/**
 * The variable references of a word, read the way `ShellWord.processStopOn` reads it without its
 * output: text, single- and double-quoted strings and escapes in one pass, and each `$` by
 * {@link quickDollar} or, for `${…}` and non-ASCII names, by the lexer itself at that place (a
 * substitution reads the same at the top level and inside double quotes). A syntax error ends the
 * reading with the references met before it, as in the lexer. The property test checks that this
 * gives exactly the lexer's references.
 */
function scanReferences(source: string, escapeToken: string): ShellVariableReference[] {
  const escapeCode = escapeToken.charCodeAt(0);
  const out: ShellVariableReference[] = [];
  const n = source.length;
  let lexer: ShellWord | undefined;
  const dollar = (i: number): number => {
    const quick = quickDollar(source, i, out);
    if (quick !== NEEDS_LEXER) return quick;
    lexer ??= new ShellWord(
      source,
      unset,
      escapeToken === "`" ? REFERENCES_ONLY_BACKTICK : REFERENCES_ONLY_BACKSLASH,
    );
    lexer.recordLookups = false;
    const found = lexer.references;
    const before = found.length;
    let end = STOPPED;
    try {
      end = lexer.substitutionAt(i);
    } catch {
      // a syntax error: the lexer stops here, keeping the references met so far
    }
    for (let k = before; k < found.length; k++) out.push(found[k] as ShellVariableReference);
    return end;
  };
  let i = source.indexOf("$");
  if (i < 0) return out;
  // quotes and escapes before the first `$` decide how it is read: start from the beginning then
  if (hasQuoteOrEscape(source, i, escapeCode)) i = 0;
  while (i < n) {
    const c = source.charCodeAt(i);
    if (c === 36) {
      i = dollar(i);
      if (i === STOPPED) return out;
    } else if (c === escapeCode) {
      // the escaped code point is kept as it is
      const next = source.charCodeAt(i + 1);
      i += next >= 0xd800 && next <= 0xdbff ? 3 : 2;
    } else if (c === 39) {
      const close = source.indexOf("'", i + 1);
      if (close < 0) return out;
      i = close + 1;
    } else if (c === 34) {
      i++;
      for (;;) {
        if (i >= n) return out;
        const d = source.charCodeAt(i);
        if (d === 34) {
          i++;
          break;
        }
        if (d === 36) {
          i = dollar(i);
          if (i === STOPPED) return out;
        } else if (d === escapeCode) {
          const q = source.charCodeAt(i + 1);
          i += q === 34 || q === 36 || q === escapeCode ? 2 : 1;
        } else i++;
      }
    } else i++;
  }
  return out;
}

/** True when `source[0, end)` holds a quote or the escape character. */
function hasQuoteOrEscape(source: string, end: number, escapeCode: number): boolean {
  for (let i = 0; i < end; i++) {
    const c = source.charCodeAt(i);
    if (c === 39 || c === 34 || c === escapeCode) return true;
  }
  return false;
}
