/**
 * The engine CLI's own regexp for a wildcard pattern, run by the same regexp engine (RE2 syntax and
 * semantics, through `re2js`, a port of RE2 with linear-time matching). moby/patternmatcher
 * `Pattern.compile` turns a pattern into a Go regexp (`*` → `[^/]*`, `?` → `[^/]`, `**` → an optional run of
 * leading segments or `.*`, `\x` copied as is, `[`/`]` copied) and escapes only the characters of a table. The table is
 * built into an 8-byte bitmap whose bit index overflows for bytes ≥ 64, so of `.+()|{}$` only `.+()$`
 * are ever escaped: `|`, `{` and `}` reach the regexp as syntax (`x|*.md` is "starts with x, or ends in
 * .md"; `a{2}*` matches `aa`), as do backslash escapes (`a\b*` has a word boundary), POSIX classes
 * (`[[:alpha:]]`) and bracket expressions holding a wildcard (`[*]` becomes `[[^/]*]`). The engine
 * compiles the regexp when the pattern is first evaluated, and a regexp that does not compile is then
 * `syntax error in pattern`. What is sent is what the engine decides, so enginekit follows it, bugs
 * included (docs/build.md "Patterns the engine reads as regular expressions").
 *
 * `re2js` is loaded on first use (a dynamic import started by the ignore-file loaders), so the common
 * case — no pattern needs it — costs nothing at start-up.
 */

/** The part of `re2js` this module uses. */
interface Re2Module {
  RE2JS: { compile(source: string): { matcher(input: string): { find(): boolean } } };
}

let re2: Re2Module | undefined;
let loading: Promise<void> | undefined;

/** Loads the regexp engine (idempotent). Call before matching a pattern that needs it. */
export function loadEngineRegexp(): Promise<void> {
  loading ??= import("re2js").then((m) => {
    re2 = m as unknown as Re2Module;
  });
  return loading;
}

/** Whether {@link loadEngineRegexp} has completed. */
export function engineRegexpLoaded(): boolean {
  return re2 !== undefined;
}

/** Thrown when a pattern needing the regexp engine is matched before {@link loadEngineRegexp} resolved. */
export class EngineRegexpNotLoadedError extends Error {
  constructor() {
    super(
      "internal: the ignore-pattern regexp engine was not loaded before matching (call loadEngineRegexp)",
    );
    this.name = "EngineRegexpNotLoadedError";
  }
}

/**
 * The engine's regexp source for a cleaned pattern (no `!`), exactly as `Pattern.compile` writes it on
 * Linux (separator `/`): `^` + the translation + `$`. Only meaningful for patterns whose match kind is a
 * regexp (the caller decides the kind, as the engine does, from the same walk).
 */
export function engineRegexpSource(pattern: string): string {
  const chars = Array.from(pattern);
  let out = "^";
  for (let i = 0; i < chars.length; ) {
    const ch = chars[i++]!;
    if (ch === "*") {
      if (chars[i] === "*") {
        i++;
        if (chars[i] === "/") i++;
        out += i >= chars.length ? ".*" : "(.*/)?";
      } else out += "[^/]*";
    } else if (ch === "?") out += "[^/]";
    else if (ch === "." || ch === "+" || ch === "(" || ch === ")" || ch === "$") out += `\\${ch}`;
    else if (ch === "\\") out += i < chars.length ? `\\${chars[i++]}` : "\\";
    else out += ch;
  }
  return `${out}$`;
}

/** A compiled engine regexp, or the engine's error for it (reported when the pattern is evaluated). */
export type EngineRegexp = { test(path: string): boolean } | { error: string };

/**
 * Compiles `source` with RE2 semantics. The engine's `MatchString` is an unanchored search, so the `^`
 * and `$` the translation adds bind only the first and last alternatives of a top-level `|`.
 * @throws EngineRegexpNotLoadedError when {@link loadEngineRegexp} has not completed.
 */
export function compileEngineRegexp(source: string): EngineRegexp {
  if (!re2) throw new EngineRegexpNotLoadedError();
  try {
    const compiled = re2.RE2JS.compile(source);
    return { test: (path) => compiled.matcher(path).find() };
  } catch {
    return { error: "syntax error in pattern" };
  }
}
