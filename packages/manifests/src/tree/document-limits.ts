/**
 * Limits checked on a manifest's text before a parser sees it (docs/manifests.md "Limits"): the parsers
 * (`jsonc-parser`, `yaml`) recurse once per nesting level, so `[[[[…` 100,000 levels deep would overflow
 * the stack (or take seconds to fail). A document longer than {@link MAX_DOCUMENT_LENGTH}, or nested
 * deeper than {@link MAX_PARSED_DEPTH}, is not parsed: it gets one `manifest/syntax` finding at the
 * offset where the limit is crossed. (Below that, the readers parse and stop building the tree at
 * `MAX_DEPTH`, 200 levels, with a finding there.) The scans are single passes over the text, O(length).
 */

/** Deepest nesting handed to a parser: far below what overflows its stack, far above any real manifest. */
const MAX_PARSED_DEPTH = 256;

/** Longest manifest read, in UTF-16 code units (4 MiB of ASCII): engine request bodies are far smaller. */
const MAX_DOCUMENT_LENGTH = 4 * 1024 * 1024;

/** The message for a document longer than {@link MAX_DOCUMENT_LENGTH}. */
const TOO_LONG_MESSAGE = `The document is longer than ${MAX_DOCUMENT_LENGTH} characters (4 MiB); it is not read.`;

/** The message for a document nested deeper than {@link MAX_PARSED_DEPTH} (found before parsing). */
const NESTED_TOO_DEEP_MESSAGE = `The document nests deeper than ${MAX_PARSED_DEPTH} levels here; it is not read.`;

/** A limit crossed: the offset where it happens and the message. */
export interface LimitCrossing {
  offset: number;
  message: string;
}

/**
 * The first limit `text` crosses as JSON: its length, or the first `[`/`{` (outside strings) that opens
 * level {@link MAX_PARSED_DEPTH} + 1. Undefined when within limits.
 */
export function jsonLimitCrossing(text: string): LimitCrossing | undefined {
  if (text.length > MAX_DOCUMENT_LENGTH) return { offset: MAX_DOCUMENT_LENGTH, message: TOO_LONG_MESSAGE };
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22 || d === 0x0a) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > MAX_PARSED_DEPTH) return { offset: i, message: NESTED_TOO_DEEP_MESSAGE };
    } else if ((c === 0x5d /* ] */ || c === 0x7d) /* } */ && depth > 0) depth--;
  }
  return undefined;
}

/**
 * Characters after which a `[`/`{` starts a flow collection, not the middle of a plain scalar: in block
 * context (`a: x[0]` is a plain scalar), and inside a flow collection.
 */
const FLOW_START_AFTER_IN_BLOCK = new Set([" ", "\t", "\n", "\r"]);
const FLOW_START_AFTER_IN_FLOW = new Set([" ", "\t", "[", "{", ",", ":", "\n", "\r"]);
/** Characters after which a quote starts a quoted scalar. */
const QUOTE_AFTER = new Set([" ", "\t", "[", "{", ",", ":", "\n", "\r"]);

/**
 * The first limit `text` crosses as YAML: its length, or where the nesting passes {@link MAX_PARSED_DEPTH}.
 * Nesting counts the block levels open at a line (by indentation, plus compact `- `, `? `, `: `
 * indicators, so `- - - x` is three) and the flow collections (`[`, `{` at the start of a token, outside
 * quoted scalars, comments and block scalars). An over-estimate only where a multi-line plain scalar
 * indents deeper on each line, 200 times. Undefined when within limits.
 */
export function yamlLimitCrossing(text: string): LimitCrossing | undefined {
  if (text.length > MAX_DOCUMENT_LENGTH) return { offset: MAX_DOCUMENT_LENGTH, message: TOO_LONG_MESSAGE };
  /** Indentation columns of the open block levels. */
  const blocks: number[] = [];
  let flow = 0;
  /** Indentation of the line that opened a block scalar (`|`, `>`), whose lines are skipped. */
  let blockScalarIndent = -1;
  let i = 0;
  while (i < text.length) {
    const lineStart = i;
    let indent = 0;
    while (text[i] === " ") {
      i++;
      indent++;
    }
    const first = text[i];
    const blank = first === undefined || first === "\n" || first === "\r" || first === "#";
    if (blockScalarIndent >= 0 && (blank || indent > blockScalarIndent)) {
      i = lineEnd(text, i);
      continue;
    }
    blockScalarIndent = -1;
    if (!blank && flow === 0) {
      while (blocks.length > 0 && blocks[blocks.length - 1]! >= indent) blocks.pop();
      blocks.push(indent);
      // compact nesting on one line: `- - x`, `? - x`, `- key: - x` is not valid, but `- ? x` is
      while (
        (text[i] === "-" || text[i] === "?" || text[i] === ":") &&
        (text[i + 1] === " " || text[i + 1] === "\t")
      ) {
        i += 2;
        while (text[i] === " " || text[i] === "\t") i++;
        blocks.push(i - lineStart);
        if (blocks.length > MAX_PARSED_DEPTH) return { offset: i, message: NESTED_TOO_DEEP_MESSAGE };
      }
      if (blocks.length > MAX_PARSED_DEPTH) return { offset: i, message: NESTED_TOO_DEEP_MESSAGE };
    }
    // the rest of the line: flow collections, quoted scalars (which may span lines), comments
    let last = "\n";
    for (; i < text.length && text[i] !== "\n"; i++) {
      const c = text[i]!;
      if (c === "#" && (last === " " || last === "\t" || last === "\n")) {
        i = lineEnd(text, i) - 1;
        break;
      }
      if ((c === '"' || c === "'") && QUOTE_AFTER.has(last)) {
        i = quotedEnd(text, i);
        last = c;
        continue;
      }
      if (
        (c === "[" || c === "{") &&
        (flow > 0 ? FLOW_START_AFTER_IN_FLOW : FLOW_START_AFTER_IN_BLOCK).has(last)
      ) {
        flow++;
        if (blocks.length + flow > MAX_PARSED_DEPTH) return { offset: i, message: NESTED_TOO_DEEP_MESSAGE };
      } else if ((c === "]" || c === "}") && flow > 0) flow--;
      last = c;
    }
    if (flow === 0 && /[|>][-+0-9]*\s*(?:#.*)?$/.test(text.slice(lineStart, i).trimEnd()))
      blockScalarIndent = indent;
    i = i < text.length ? i + 1 : i;
  }
  return undefined;
}

/** The offset just past the end of the line holding `from` (past its `\n`, or the text's end). */
function lineEnd(text: string, from: number): number {
  const nl = text.indexOf("\n", from);
  return nl < 0 ? text.length : nl + 1;
}

/** The offset of the quote closing the quoted scalar opened at `open` (or the text's end). */
function quotedEnd(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (quote === '"' && c === "\\") i++;
    else if (c === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return text.length;
}
