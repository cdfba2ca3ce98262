import type {
  Comment,
  Diagnostic,
  EnginefileDocument,
  Heredoc,
  Instruction,
  ParserDirective,
} from "../ast/nodes.js";
import { heredocsFromLine } from "../lexer/heredoc-words.js";
import { LogicalLineReader } from "../lexer/logical-lines.js";
import { splitLines } from "../lexer/source-lines.js";
import { buildInstruction } from "./instruction-builder.js";
import { LogicalMapper, PositionMapper } from "./positions.js";
import { canContainHeredoc, isKnownKeyword, referenceNode } from "./reference-node.js";
import { groupStages } from "./stages.js";

/** Shared (frozen) list for the many instructions without heredocs. */
const NO_HEREDOCS: Heredoc[] = Object.freeze([]) as unknown as Heredoc[];

/**
 * Parses an Enginefile (Dockerfile syntax) into an {@link EnginefileDocument}.
 *
 * Follows BuildKit's parser (moby/buildkit `frontend/dockerfile/parser`, see
 * `shared/corpus/README.md`): parser directives, escape character, continuations, comments,
 * heredocs, exec/shell forms and the argument nodes of every instruction. Where the reference stops
 * at the first error, this parser records a diagnostic (code in `REFERENCE_ERROR_CODES`) and goes on,
 * so the whole file is always parsed. Never throws, for any input.
 *
 * @param text the file contents (UTF-16 string; a leading BOM is skipped, CRLF is accepted).
 */
export function parse(text: string): EnginefileDocument {
  const lines = splitLines(text);
  const positions = new PositionMapper(lines);
  const reader = new LogicalLineReader(lines);
  const instructions: Instruction[] = [];
  const diagnostics: Diagnostic[] = [];

  for (let ll = reader.nextLine(); ll; ll = reader.nextLine()) {
    const escapeChar = reader.escape === 96 ? "`" : "\\";
    const mapper = new LogicalMapper(ll.segments, ll.sourceStart, positions);
    const node = referenceNode(ll.text, 0, ll.text.length, reader.escape);
    if (ll.emptyContinuationLines.length > 0) {
      const first = ll.emptyContinuationLines[0] ?? ll.startLine;
      diagnostics.push({
        message: `Empty continuation line found in: ${ll.text}`,
        range: positions.range(lines.starts[first] ?? 0, lines.contentEnds[first] ?? 0),
        code: "empty-continuation",
        severity: "warning",
      });
    }
    if (node.error) {
      diagnostics.push({
        message: node.error.message,
        range: mapper.range(node.error.start, node.error.end),
        code: node.error.code,
        severity: "error",
      });
    }
    let heredocs: Heredoc[] = NO_HEREDOCS;
    let end = ll.sourceEnd;
    if (!node.error && canContainHeredoc(node) && ll.text.includes("<<")) {
      const found = heredocsFromLine(ll.text);
      if (found.error) {
        diagnostics.push({
          message: found.error,
          range: mapper.range(0, ll.text.length),
          code: "invalid-heredoc",
          severity: "error",
        });
      }
      for (const h of found.heredocs) {
        const body = reader.readHeredoc(h.name, h.chomp);
        end = Math.max(end, body.terminated ? body.terminatorEnd : body.bodyEnd);
        const heredoc: Heredoc = {
          name: h.name,
          fileDescriptor: h.fileDescriptor,
          expand: h.expand,
          chomp: h.chomp,
          content: body.content,
          delimiterRange: mapper.range(h.start, h.end),
          bodyRange: positions.range(body.bodyStart, body.bodyEnd),
          terminatorRange: positions.range(body.terminatorStart, body.terminatorEnd),
          terminated: body.terminated,
        };
        if (heredocs === NO_HEREDOCS) heredocs = [];
        heredocs.push(heredoc);
        if (!body.terminated) {
          diagnostics.push({
            message: "unterminated heredoc",
            range: heredoc.delimiterRange,
            code: "unterminated-heredoc",
            severity: "error",
          });
          break;
        }
      }
    }
    const range = positions.range(mapper.source(node.commandStart, false), Math.max(end, ll.sourceStart));
    const instruction = buildInstruction(node, {
      text: ll.text,
      mapper,
      escape: escapeChar,
      range,
      heredocs,
    });
    instructions.push(instruction);
    if (!isKnownKeyword(node.command)) {
      diagnostics.push({
        message: `unknown instruction: ${node.command}`,
        range: instruction.keywordRange,
        code: "unknown-instruction",
        severity: "error",
      });
    }
  }

  for (const p of reader.problems) {
    diagnostics.push({
      message: p.message,
      range: positions.range(p.start, p.end),
      code: p.code,
      severity: "error",
    });
  }
  const fullRange = positions.range(0, text.length);
  if (instructions.length === 0) {
    diagnostics.push({
      message: "file with no instructions",
      range: fullRange,
      code: "no-instructions",
      severity: "error",
    });
  }
  diagnostics.sort((a, b) => a.range.start.offset - b.range.start.offset);

  const comments: Comment[] = reader.comments.map((c) => ({
    kind: "comment",
    range: positions.range(c.start, c.end),
    text: text.slice(c.start + 1, c.end),
  }));
  const directives: ParserDirective[] = reader.directives.map((d) => ({
    kind: "directive",
    name: d.name,
    value: d.value,
    range: positions.range(d.start, d.end),
    nameRange: positions.range(d.nameStart, d.nameEnd),
    valueRange: positions.range(d.valueStart, d.valueEnd),
  }));
  const { stages, globalArgs } = groupStages(instructions);
  return {
    text,
    escapeCharacter: reader.escape === 96 ? "`" : "\\",
    directives,
    comments,
    instructions,
    stages,
    globalArgs,
    diagnostics,
    range: fullRange,
  };
}
