/**
 * `readJson`: strict JSON (RFC 8259, as the engine's decoder reads it) into a located tree with
 * `jsonc-parser`, syntax errors as `manifest/syntax` findings over the recovered tree, duplicate keys and
 * document limits reported.
 */
import { LineIndex } from "@enginekit/text";
import { type Node as JsonNode, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import type { Finding } from "../findings.js";
import { jsonLimitCrossing } from "./document-limits.js";
import { duplicateKeyFindings } from "./duplicate-keys.js";
import type { LocatedNode, LocatedObject, LocatedProperty, PathSegment } from "./located-node.js";
import type { ReadResult } from "./manifest-document.js";
import { MAX_DEPTH, syntaxFinding, TOO_DEEP_MESSAGE, unreadableFinding } from "./syntax-finding.js";

/** Messages for `jsonc-parser`'s error code names (`printParseErrorCode`). */
const ERROR_MESSAGES: Record<string, string> = {
  InvalidSymbol: "Invalid symbol",
  InvalidNumberFormat: "Invalid number format",
  PropertyNameExpected: "Property name expected",
  ValueExpected: "Value expected",
  ColonExpected: "Colon expected",
  CommaExpected: "Comma expected",
  CloseBraceExpected: "Closing brace } expected",
  CloseBracketExpected: "Closing bracket ] expected",
  EndOfFileExpected: "End of file expected",
  InvalidCommentToken: "Comments are not allowed in JSON",
  UnexpectedEndOfComment: "Unexpected end of comment",
  UnexpectedEndOfString: "Unexpected end of string",
  UnexpectedEndOfNumber: "Unexpected end of number",
  InvalidUnicode: "Invalid unicode escape",
  InvalidEscapeCharacter: "Invalid escape character",
  InvalidCharacter: "Invalid character",
};

/**
 * Reads strict JSON (RFC 8259: no comments, no trailing commas — the engine's decoder accepts neither) into
 * a located tree with `jsonc-parser`. Syntax errors become `manifest/syntax` findings and the partial tree
 * the error-tolerant parser recovered is kept. A leading byte order mark is allowed. A document past the
 * limits of `document-limits.ts` (length, nesting) is not parsed: one finding where the limit is crossed.
 * Never throws. Always one document (index 0).
 */
export function readJson(text: string): ReadResult {
  const lines = new LineIndex(text);
  const findings: Finding[] = [];
  const crossing = jsonLimitCrossing(text);
  if (crossing) {
    findings.push(syntaxFinding(crossing.message, lines.range(crossing.offset, crossing.offset + 1), 0));
    return {
      format: "json",
      documents: [{ index: 0, range: lines.range(0, text.length), syntaxFindings: findings }],
      lines,
    };
  }
  const errors: ParseError[] = [];
  let tree: JsonNode | undefined;
  try {
    // A byte order mark is an editor artefact, not content: read it as whitespace (offsets stay the same).
    const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
    tree = parseTree(source, errors, {
      allowTrailingComma: false,
      disallowComments: true,
      allowEmptyContent: true,
    });
  } catch (error) {
    findings.push(unreadableFinding("JSON", error, lines.range(0, 0)));
  }
  let lastOffset = -1;
  for (const error of errors) {
    if (error.offset === lastOffset) continue; // jsonc-parser reports one spot twice (`,}`: name and value expected)
    lastOffset = error.offset;
    const message = ERROR_MESSAGES[printParseErrorCode(error.error)] ?? "Invalid JSON";
    findings.push(syntaxFinding(message, lines.range(error.offset, error.offset + error.length), 0));
  }
  const convert = (node: JsonNode, path: PathSegment[], depth: number): LocatedNode | undefined => {
    const range = lines.range(node.offset, node.offset + node.length);
    if (depth > MAX_DEPTH) {
      findings.push(syntaxFinding(TOO_DEEP_MESSAGE, range, 0, path));
      return undefined;
    }
    switch (node.type) {
      case "object": {
        const properties: LocatedProperty[] = [];
        for (const child of node.children ?? []) {
          const [keyNode, valueNode] = child.children ?? [];
          if (child.type !== "property" || !keyNode) continue;
          const key = String(keyNode.value ?? "");
          const keyRange = lines.range(keyNode.offset, keyNode.offset + keyNode.length);
          const value = valueNode ? convert(valueNode, [...path, key], depth + 1) : undefined;
          const property: LocatedProperty = {
            key,
            keyRange,
            range: lines.range(child.offset, child.offset + child.length),
            ...(value ? { value } : {}),
          };
          const innerStart = keyNode.offset + 1;
          const innerEnd = keyNode.offset + keyNode.length - 1;
          if (innerEnd >= innerStart && text.slice(innerStart, innerEnd) === key) {
            property.keyTextRange = lines.range(innerStart, innerEnd);
          }
          properties.push(property);
        }
        const object: LocatedObject = { kind: "object", properties, range };
        findings.push(...duplicateKeyFindings(object, path, 0));
        return object;
      }
      case "array": {
        const items: LocatedNode[] = [];
        (node.children ?? []).forEach((child, index) => {
          const item = convert(child, [...path, index], depth + 1);
          if (item) items.push(item);
        });
        return { kind: "array", items, range };
      }
      case "number": {
        const value = node.value as number;
        // An integer beyond 2^53 is kept exactly as written (LocatedScalar.integer), as Go's decoder reads an int64.
        const written =
          Number.isInteger(value) && !Number.isSafeInteger(value)
            ? text.slice(node.offset, node.offset + node.length)
            : "";
        return {
          kind: "scalar",
          value,
          ...(/^-?\d+$/.test(written) ? { integer: BigInt(written) } : {}),
          style: "json",
          range,
        };
      }
      case "string":
      case "boolean":
      case "null":
        return { kind: "scalar", value: node.value ?? null, style: "json", range };
      default:
        return undefined;
    }
  };
  const root = tree ? convert(tree, [], 0) : undefined;
  return {
    format: "json",
    documents: [
      { index: 0, range: lines.range(0, text.length), syntaxFindings: findings, ...(root ? { root } : {}) },
    ],
    lines,
  };
}
