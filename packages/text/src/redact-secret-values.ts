/**
 * The masking rule for secrets in output: `secretValueSpans` finds the values a line assigns to
 * secret-looking names and `redactSecretValues` masks them in code frames (the project's own design).
 */
import { looksLikeSecretName } from "./secret-names.js";

/**
 * A name followed by what assigns it a value: `NAME=`, `NAME: ` (YAML/JSON keys, quoted or not) or a flag
 * `--name=`. The name is checked with `looksLikeSecretName` (the heuristic of the plain-secret checks).
 */
const ASSIGNMENT = /(?:^|[\s"'{,[(-])([A-Za-z_][\w.-]*)(["']?\s*[=:]\s*)/g;
/** `ENV NAME value` / `ARG NAME value` (the legacy form without `=`). */
const LEGACY_FORM = /^(\s*(?:ENV|ARG)\s+)([A-Za-z_][\w.-]*)(\s+)/i;

/** The end (exclusive) of the value starting at `start`: a quoted string, or up to a blank or delimiter. */
function valueEnd(line: string, start: number): number {
  const quote = line[start];
  if (quote === '"' || quote === "'") {
    const close = line.indexOf(quote, start + 1);
    return close < 0 ? line.length : close + 1;
  }
  let end = start;
  while (end < line.length && !/[\s"',}\]]/.test(line[end]!)) end++;
  return end;
}

/** True for a value that is not a secret in itself: empty, a variable, or a `svc:` reference. */
function isReference(value: string): boolean {
  const v = value.replace(/^["']/, "");
  return v === "" || v.startsWith("$") || v.startsWith("svc:");
}

/**
 * The spans `[start, end)` of a source line that hold values assigned to secret-looking names (the one
 * masking rule, shared by {@link redactSecretValues} and the language server's responses): `DB_PASSWORD=…`,
 * `api_token: …`, `"TOKEN": "…"`, `--password=…`, `ENV API_KEY …`. Variables (`$X`, `${X}`) and `svc:`
 * references are not secrets. Sorted, not overlapping; a quoted value's span includes its quotes.
 */
export function secretValueSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  const consider = (name: string, valueStart: number) => {
    if (!looksLikeSecretName(name)) return;
    const end = valueEnd(line, valueStart);
    if (end > valueStart && !isReference(line.slice(valueStart, end))) spans.push([valueStart, end]);
  };
  const legacy = LEGACY_FORM.exec(line);
  if (legacy) consider(legacy[2]!, legacy[0].length);
  for (const m of line.matchAll(ASSIGNMENT)) consider(m[1]!, m.index + m[0].length);
  const out: [number, number][] = [];
  for (const span of spans.sort((a, b) => a[0] - b[0])) if (span[0] >= (out.at(-1)?.[1] ?? 0)) out.push(span);
  return out;
}

/**
 * Masks, with `*` of the same length (columns stay aligned under a finding's marker), every value a source
 * line assigns to a secret-looking name ({@link secretValueSpans}). Used for the code frames of the human
 * output, which CI logs keep, and to keep the parse-error rule from repeating a word of a secret's value: a
 * secret written in a file must not be copied into output (ARCHITECTURE.md: secrets never appear in logs or
 * diagnostics).
 */
export function redactSecretValues(line: string): string {
  const spans = secretValueSpans(line);
  if (spans.length === 0) return line;
  let out = "";
  let at = 0;
  for (const [start, end] of spans) {
    out += line.slice(at, start) + "*".repeat(end - start);
    at = end;
  }
  return out + line.slice(at);
}
