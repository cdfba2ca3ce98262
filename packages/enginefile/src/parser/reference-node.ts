/**
 * One instruction as BuildKit's `newNodeFromLine` builds it (`frontend/dockerfile/parser/parser.go`,
 * `line_parsers.go`): `referenceNode` splits the line and dispatches to the keyword's line parser, giving the
 * argument nodes, JSON attribute and errors with offsets; also `isKnownKeyword` and `canContainHeredoc`.
 */
import { isAsciiBlank, skipGoSpace } from "@enginekit/text";
import { goQuote } from "../ast/go-quote.js";
import { type BytePlace, findSpaceByte } from "../lexer/byte-cuts.js";
import { type JsonElement, parseJsonArray } from "./json-array-parser.js";
import { type SplitCommand, splitCommand } from "./split-command.js";
import { parseWords } from "./words-parser.js";

/** An argument node of the reference: value and offsets into the logical line (start === end if synthetic). */
export interface RefArg {
  value: string;
  start: number;
  end: number;
}

/** An error of the reference's line parsers, with the offsets it concerns. */
interface RefError {
  code: "json-not-strings" | "missing-arguments" | "missing-equals";
  message: string;
  start: number;
  end: number;
}

/**
 * One instruction as BuildKit's `newNodeFromLine` builds it: keyword, flags, argument nodes and the
 * JSON attribute; ONBUILD carries its nested instruction in `child`.
 */
export interface RefNode extends SplitCommand {
  /** `command` lower-cased (the dispatch key). */
  lower: string;
  /** True when the reference knows the keyword (it has a line parser). */
  known: boolean;
  args: RefArg[];
  json: boolean;
  /** For ENV/LABEL: true for the legacy `key value` form. */
  legacy: boolean;
  child: RefNode | undefined;
  error: RefError | undefined;
}

const NOT_STRINGS = "when using JSON array syntax, arrays must be comprised of strings only";

type Parsed = { args: RefArg[]; json: boolean; legacy?: boolean; child?: RefNode; error?: RefError };
type LineParser = (text: string, from: number, to: number, escapeCode: number) => Parsed;

const none: Parsed = { args: [], json: false };

function jsonArgs(elements: JsonElement[]): RefArg[] {
  return elements.map((e) => ({ value: e.value ?? "", start: e.start, end: e.end }));
}

/** `parseJSON`: undefined when the text is not a JSON array (shell form is used). */
function maybeJson(text: string, from: number, to: number): Parsed | undefined {
  const s = skipGoSpace(text, from, to);
  if (s >= to || text.charCodeAt(s) !== 91) return undefined;
  const r = parseJsonArray(text, s, to);
  if (r.kind === "array") return { args: jsonArgs(r.elements), json: true };
  if (r.kind === "not-strings")
    return {
      args: [],
      json: false,
      error: { code: "json-not-strings", message: NOT_STRINGS, start: s, end: to },
    };
  return undefined;
}

/** `parseStringsWhitespaceDelimited`: split on `[\t\v\f\r ]+`. */
function whitespaceDelimited(text: string, from: number, to: number): Parsed {
  if (from >= to) return none;
  const args: RefArg[] = [];
  let i = from;
  let start = from;
  while (i <= to) {
    if (i === to || isAsciiBlank(text.charCodeAt(i))) {
      args.push({ value: text.slice(start, i), start, end: i });
      while (i < to && isAsciiBlank(text.charCodeAt(i))) i++;
      if (i === to) break;
      start = i;
      continue;
    }
    i++;
  }
  return { args, json: false };
}

const parseString: LineParser = (text, from, to) =>
  from >= to ? none : { args: [{ value: text.slice(from, to), start: from, end: to }], json: false };

const parseMaybeJSON: LineParser = (text, from, to, escapeCode) => {
  if (from >= to) return none;
  return maybeJson(text, from, to) ?? parseString(text, from, to, escapeCode);
};

const parseMaybeJSONToList: LineParser = (text, from, to) =>
  maybeJson(text, from, to) ?? whitespaceDelimited(text, from, to);

function nameVal(key: "ENV" | "LABEL"): LineParser {
  return (text, from, to, escapeCode) => {
    const words = parseWords(text, from, to, escapeCode);
    const first = words[0];
    if (!first) return none;
    if (!first.text.includes("=")) {
      let k = from;
      while (k < to && !isAsciiBlank(text.charCodeAt(k))) k++;
      if (k >= to) {
        return {
          ...none,
          error: {
            code: "missing-arguments",
            message: `${key} must have two arguments`,
            start: from,
            end: to,
          },
        };
      }
      let v = k;
      while (v < to && isAsciiBlank(text.charCodeAt(v))) v++;
      return {
        args: [
          { value: text.slice(from, k), start: from, end: k },
          { value: text.slice(v, to), start: v, end: to },
          { value: "", start: to, end: to },
        ],
        json: false,
        legacy: true,
      };
    }
    const args: RefArg[] = [];
    for (const w of words) {
      const eq = w.text.indexOf("=");
      if (eq < 0) {
        return {
          ...none,
          error: {
            code: "missing-equals",
            message: `Syntax error - can't find = in ${goQuote(w.text)}. Must be of the form: name=value`,
            start: w.start,
            end: w.end,
          },
        };
      }
      args.push({ value: w.text.slice(0, eq), start: w.start, end: w.start + eq });
      args.push({ value: w.text.slice(eq + 1), start: w.start + eq + 1, end: w.end });
      args.push({ value: "=", start: w.start + eq, end: w.start + eq + 1 });
    }
    return { args, json: false, legacy: false };
  };
}

const parseNameOrNameVal: LineParser = (text, from, to, escapeCode) => ({
  args: parseWords(text, from, to, escapeCode).map((w) => ({ value: w.text, start: w.start, end: w.end })),
  json: false,
});

/**
 * `parseHealthConfig`: the type is cut at the first space *byte* (Go `unicode.IsSpace(rune(rest[i]))`,
 * so also 0x85 and 0xA0 inside a character: `CMD\u00a0echo` is the type `CMD\xc2` and the command
 * `echo`, while `CMD\u3000echo` is one word); the command starts at the next non-space byte.
 */
const parseHealthConfig: LineParser = (text, from, to, escapeCode) => {
  const sep = findSpaceByte(text, from, to, 0, true);
  if (sep.unit === from && sep.byte === 0) return none;
  const next = sep.unit >= to ? sep : findSpaceByte(text, sep.unit, to, sep.byte, false);
  const cmd =
    next.byte === 0
      ? parseMaybeJSON(text, next.unit, to, escapeCode)
      : parseAfterHead(parseMaybeJSON, text, next, to, escapeCode);
  if (cmd.error) return cmd;
  const typ = { value: text.slice(from, sep.unit) + sep.before, start: from, end: sep.unit + sep.units };
  return { args: [typ, ...cmd.args], json: cmd.json };
};

/**
 * Runs `parser` on arguments that start inside a character (at `at`, after some of its bytes): the
 * rest of that character's bytes are the first characters of the arguments' text, as raw bytes
 * (`ADD --\U000E0001 b` has the flag `--\xf3` and the arguments `\x80\x81` and `b`). Offsets of the
 * result are mapped back to `text`: the raw bytes cover the whole character.
 */
function parseAfterHead(
  parser: LineParser,
  text: string,
  at: BytePlace,
  to: number,
  escapeCode: number,
): Parsed {
  const end = at.unit + at.units;
  const patched = text.slice(0, at.unit) + at.after + text.slice(end, to);
  const headEnd = at.unit + at.after.length;
  const shift = (o: number) => (o <= at.unit ? o : o <= headEnd ? end : o - headEnd + end);
  const r = parser(patched, at.unit, patched.length, escapeCode);
  return {
    args: r.args.map((a) => ({ ...a, start: shift(a.start), end: shift(a.end) })),
    json: r.json,
    ...(r.legacy !== undefined ? { legacy: r.legacy } : {}),
    ...(r.child ? { child: shiftNode(r.child, shift) } : {}),
    ...(r.error ? { error: { ...r.error, start: shift(r.error.start), end: shift(r.error.end) } } : {}),
  };
}

/** `node` with every offset passed through `shift`. */
function shiftNode(node: RefNode, shift: (o: number) => number): RefNode {
  return {
    ...node,
    commandStart: shift(node.commandStart),
    commandEnd: shift(node.commandEnd),
    flags: node.flags.map((f) => ({ ...f, start: shift(f.start), end: shift(f.end) })),
    restStart: shift(node.restStart),
    restEnd: shift(node.restEnd),
    args: node.args.map((a) => ({ ...a, start: shift(a.start), end: shift(a.end) })),
    child: node.child ? shiftNode(node.child, shift) : undefined,
    error: node.error
      ? { ...node.error, start: shift(node.error.start), end: shift(node.error.end) }
      : undefined,
  };
}

const parseSubCommand: LineParser = (text, from, to, escapeCode) => {
  if (from >= to) return none;
  const child = referenceNode(text, from, to, escapeCode);
  return { args: [], json: false, child, ...(child.error ? { error: child.error } : {}) };
};

const parseIgnore: LineParser = (_text, _from, to) => ({
  args: [{ value: "", start: to, end: to }],
  json: false,
});

/** BuildKit's dispatch table: lower-case keyword → line parser. */
const DISPATCH = new Map<string, LineParser>(
  Object.entries({
    add: parseMaybeJSONToList,
    arg: parseNameOrNameVal,
    cmd: parseMaybeJSON,
    copy: parseMaybeJSONToList,
    entrypoint: parseMaybeJSON,
    env: nameVal("ENV"),
    expose: whitespaceDelimited,
    from: whitespaceDelimited,
    healthcheck: parseHealthConfig,
    label: nameVal("LABEL"),
    maintainer: parseString,
    onbuild: parseSubCommand,
    run: parseMaybeJSON,
    shell: parseMaybeJSON,
    stopsignal: parseString,
    user: parseString,
    volume: parseMaybeJSONToList,
    workdir: parseString,
  }),
);

/**
 * BuildKit's `newNodeFromLine` over `text[from, to)`: split the command, dispatch to the line parser
 * of its keyword (unknown keywords get one empty argument) and return the reference node. Never throws.
 */
export function referenceNode(text: string, from: number, to: number, escapeCode: number): RefNode {
  const split = splitCommand(text, from, to, escapeCode);
  const lower = split.command.toLowerCase();
  const parser = DISPATCH.get(lower);
  const parse = parser ?? parseIgnore;
  const parsed = split.restHead
    ? parseAfterHead(parse, text, split.restHead, split.restEnd, escapeCode)
    : parse(text, split.restStart, split.restEnd, escapeCode);
  return {
    ...split,
    lower,
    known: parser !== undefined,
    args: parsed.args,
    json: parsed.json,
    legacy: parsed.legacy ?? false,
    child: parsed.child,
    error: parsed.error,
  };
}

/** BuildKit `canContainHeredoc`: RUN/COPY/ADD (or ONBUILD of one) not in JSON form. */
export function canContainHeredoc(node: RefNode): boolean {
  let n = node;
  if (n.lower === "onbuild" && n.child) n = n.child;
  const c = n.lower;
  return (c === "run" || c === "copy" || c === "add") && !n.json;
}
