/**
 * Environment files (`.env`, `--env-file`, a service's `env_file`) in compose-go's dotenv syntax
 * (compose-spec/compose-go `dotenv/parser.go`): `KEY=VALUE` lines, an optional `export ` prefix, `#`
 * comments (after white space when unquoted), single-quoted values taken literally (several lines allowed),
 * double-quoted values with `\n`, `\t`, `\\`, `\"` escapes, and `${VAR}` interpolation in unquoted and
 * double-quoted values from the variables above and the lookup. A bare `KEY` takes its value from the lookup.
 */
import { LineIndex, type Range } from "@enginekit/manifests";
import { substitute } from "../interpolate/template.js";

/** One variable of an env file: its value, and the range of the line that set it. */
interface EnvFileEntry {
  name: string;
  value: string;
  range: Range;
}

/** An env file as read: entries in order (a later one wins) and lines that could not be read. */
export interface EnvFileRead {
  entries: EnvFileEntry[];
  errors: { message: string; range: Range }[];
}

const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * Reads an env file's text. `lookup` gives variables not set above (the process environment) for `${VAR}`
 * and bare keys; a bare key the lookup does not know is left out. Never throws.
 */
export function readEnvFile(text: string, lookup: (name: string) => string | undefined): EnvFileRead {
  const lines = new LineIndex(text);
  const entries: EnvFileEntry[] = [];
  const errors: EnvFileRead["errors"] = [];
  const known = new Map<string, string>();
  const resolve = (name: string) => known.get(name) ?? lookup(name);
  let offset = 0;
  while (offset < text.length) {
    let end = text.indexOf("\n", offset);
    if (end < 0) end = text.length;
    const lineStart = offset;
    let line = text.slice(offset, end).replace(/\r$/, "");
    offset = end + 1;
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    line = line.trimStart();
    if (line.startsWith("export ")) line = line.slice(7).trimStart();
    const equals = line.search(/[=:]/);
    const key = (equals < 0 ? line : line.slice(0, equals)).trim();
    if (!KEY.test(key)) {
      errors.push({
        message: `unexpected character in variable name "${key.slice(0, 40)}"`,
        range: lines.range(lineStart, end),
      });
      continue;
    }
    if (equals < 0) {
      const value = resolve(key);
      if (value !== undefined) entries.push({ name: key, value, range: lines.range(lineStart, end) });
      continue;
    }
    let rest = line.slice(equals + 1).trimStart();
    let value: string;
    let lineEnd = end;
    const quote = rest[0];
    if (quote === "'" || quote === '"') {
      // A quoted value may run over several lines: read on to the closing quote.
      let body = rest.slice(1);
      let close = findClosingQuote(body, quote);
      while (close < 0 && offset < text.length) {
        let next = text.indexOf("\n", offset);
        if (next < 0) next = text.length;
        body += `\n${text.slice(offset, next).replace(/\r$/, "")}`;
        lineEnd = next;
        offset = next + 1;
        close = findClosingQuote(body, quote);
      }
      if (close < 0) {
        errors.push({
          message: `unterminated quoted value of ${key}`,
          range: lines.range(lineStart, lineEnd),
        });
        continue;
      }
      const raw = body.slice(0, close);
      value = quote === "'" ? raw : expand(unescapeDouble(raw), resolve);
    } else {
      const comment = rest.search(/\s#/);
      if (comment >= 0) rest = rest.slice(0, comment);
      value = expand(rest.trim(), resolve);
    }
    known.set(key, value);
    entries.push({ name: key, value, range: lines.range(lineStart, lineEnd) });
  }
  return { entries, errors };
}

function findClosingQuote(body: string, quote: string): number {
  for (let i = 0; i < body.length; i++) {
    if (quote === '"' && body[i] === "\\") {
      i++;
      continue;
    }
    if (body[i] === quote) return i;
  }
  return -1;
}

function unescapeDouble(raw: string): string {
  return raw.replace(/\\(.)/gs, (_, c: string) =>
    c === "n" ? "\n" : c === "t" ? "\t" : c === "r" ? "\r" : c,
  );
}

function expand(value: string, resolve: (name: string) => string | undefined): string {
  if (!value.includes("$")) return value;
  return substitute(value, resolve).value;
}
