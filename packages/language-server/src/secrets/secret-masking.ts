/**
 * Secret masking of responses: the values a document assigns to secret-looking names (the CLI's masking
 * rule) and `maskResponse`, which hides them in every string the server sends but edits.
 */
import { secretValueSpans } from "@enginekit/text";

/** Values shorter than this are masked where they are shown as a secret's value, not wherever they occur. */
const MIN_MASKED_LENGTH = 3;

/** Lines worth running the masking rule on: they name something secret-looking (a fast pre-filter). */
const SECRET_WORD = /PASSWORD|PASSWD|PWD|SECRET|TOKEN|KEY|CREDENTIAL/i;

/** The secret values of each analysed document version (the analysis object is the key). */
const valuesByAnalysis = new WeakMap<object, readonly string[]>();

/**
 * The values a document assigns to secret-looking names, by the CLI's masking rule (`secretValueSpans` of
 * `@enginekit/lint`, the rule of its code frames): `ENV DB_PASSWORD=hunter2`, `--password=…`,
 * `api_token: …`, `"TOKEN": "…"`. Quotes are removed; values of fewer than 3 characters are left out
 * (masking every `1` of a response would hide nothing). Empty for the usual document, which names no secret.
 */
export function secretValuesOf(analysis: { text: string }): readonly string[] {
  const cached = valuesByAnalysis.get(analysis);
  if (cached) return cached;
  const text = analysis.text;
  if (!SECRET_WORD.test(text)) {
    valuesByAnalysis.set(analysis, []);
    return [];
  }
  const values = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    if (!SECRET_WORD.test(line)) continue;
    for (const [start, end] of secretValueSpans(line)) {
      const value = line.slice(start, end).replace(/^(["'])(.*)\1$/, "$2");
      if (value.length >= MIN_MASKED_LENGTH) values.add(value);
    }
  }
  // Longest first, so a value containing another is masked whole.
  const list = [...values].sort((a, b) => b.length - a.length);
  valuesByAnalysis.set(analysis, list);
  return list;
}

/** `text` with every occurrence of the secret values replaced by `*` of the same length. */
function maskText(text: string, values: readonly string[]): string {
  let out = text;
  for (const value of values) if (out.includes(value)) out = out.split(value).join("*".repeat(value.length));
  return out;
}

/**
 * A response with every string masked (#14 "Secrets never shown anywhere": hover, completion, inlay
 * hints, symbols, diagnostics, signature help, links…), except the `newText` of edits, which write the
 * document's own text back into it (formatting, rename, quick fixes) and are never displayed as such.
 * Returns `value` itself when there is nothing to mask.
 */
export function maskResponse<T>(value: T, values: readonly string[]): T {
  if (values.length === 0) return value;
  const walk = (v: unknown, key: string | undefined): unknown => {
    if (typeof v === "string") return key === "newText" ? v : maskText(v, values);
    if (Array.isArray(v))
      return v.length > 0 && typeof v[0] === "number" ? v : v.map((x) => walk(x, undefined));
    if (v && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x, k);
      return out;
    }
    return v;
  };
  return walk(value, undefined) as T;
}
