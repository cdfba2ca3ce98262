import { isGoSpace, isRegexpSpace } from "@enginekit/text";

/** Parser directive names the reference recognises (BuildKit `validDirectives`). */
export const DIRECTIVE_NAMES = ["syntax", "escape", "check"] as const;
/** A recognised parser directive name. */
export type DirectiveName = (typeof DIRECTIVE_NAMES)[number];

/** A `# key = value` match: key (as written) and value spans as offsets into the scanned text. */
export interface DirectiveMatch {
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
}

function isAlpha(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Matches `text[from, to)` the way the reference's `DirectiveParser.ParseLine` does, without
 * backtracking: cut the `#` prefix, trim leading Unicode white space (Go `unicode.IsSpace`, so a
 * U+00A0 after `#` is allowed), then `^([a-zA-Z][a-zA-Z0-9]*)\s*=\s*(.+?)\s*$` (Go `\s` is ASCII).
 * Like the lazy group, an all-space value yields its last space character.
 */
export function matchDirective(text: string, from: number, to: number): DirectiveMatch | undefined {
  let i = from;
  if (i >= to || text.charCodeAt(i) !== 35) return undefined;
  i++;
  while (i < to && isGoSpace(text.charCodeAt(i))) i++;
  if (i >= to || !isAlpha(text.charCodeAt(i))) return undefined;
  const keyStart = i;
  i++;
  while (i < to && (isAlpha(text.charCodeAt(i)) || isDigit(text.charCodeAt(i)))) i++;
  const keyEnd = i;
  while (i < to && isRegexpSpace(text.charCodeAt(i))) i++;
  if (i >= to || text.charCodeAt(i) !== 61) return undefined;
  i++;
  const afterEquals = i;
  while (i < to && isRegexpSpace(text.charCodeAt(i))) i++;
  if (i >= to) {
    if (to === afterEquals || text.charCodeAt(to - 1) === 10) return undefined;
    return { keyStart, keyEnd, valueStart: to - 1, valueEnd: to };
  }
  let end = to;
  while (end > i && isRegexpSpace(text.charCodeAt(end - 1))) end--;
  return { keyStart, keyEnd, valueStart: i, valueEnd: end };
}
