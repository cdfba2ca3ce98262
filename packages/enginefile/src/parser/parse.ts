/**
 * The Enginefile parser entry point: `parse` turns the text into an `EnginefileDocument` (directives,
 * comments, instructions with heredocs, stages, diagnostics), following BuildKit's parser
 * (`frontend/dockerfile/parser`) but recording its errors and going on.
 */
import type { Range } from "@enginekit/text";
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
import { canContainHeredoc, referenceNode } from "./reference-node.js";
import { groupStages } from "./stages.js";

/** Shared (frozen) list for the many instructions without heredocs. */
const NO_HEREDOCS: Heredoc[] = Object.freeze([]) as unknown as Heredoc[];

/**
 * Parses an Enginefile (Dockerfile syntax) into an {@link EnginefileDocument}.
 *
 * Follows BuildKit's parser (moby/buildkit `frontend/dockerfile/parser`, see
 * `corpus/README.md`): parser directives, escape character, continuations, comments,
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
  // reference errors of instructions, with the 0-based physical line where the reference raises them
  const raised: RaisedError[] = [];
  let unterminatedAtLongLine: RaisedError | undefined;
  const instructionStarts: number[] = [];

  // records a reference error raised on `line` that needs the lines up to `after` read
  const raiseAt = (line: number, after: number, d: Diagnostic) => {
    diagnostics.push(d);
    raised.push({ line, after, diagnostic: d });
  };
  for (let ll = reader.nextLine(); ll; ll = reader.nextLine()) {
    const escapeChar = reader.escape === 96 ? "`" : "\\";
    const mapper = new LogicalMapper(ll.segments, ll.sourceStart, positions);
    const node = referenceNode(ll.text, 0, ll.text.length, reader.escape);
    instructionStarts.push(ll.startLine);
    if (ll.emptyContinuationLines.length > 0) {
      const first = ll.emptyContinuationLines[0] ?? ll.startLine;
      diagnostics.push({
        message: `Empty continuation line found in: ${ll.text}`,
        range: positions.range(lines.starts[first] ?? 0, lines.contentEnds[first] ?? 0),
        code: "empty-continuation",
        severity: "warning",
        referenceLine: ll.endLine + 1,
      });
    }
    if (node.error) {
      raiseAt(ll.startLine, ll.endLine, {
        message: node.error.message,
        range: mapper.range(node.error.start, node.error.end),
        code: node.error.code,
        severity: "error",
        referenceLine: ll.startLine + 1,
      });
    }
    let heredocs: Heredoc[] = NO_HEREDOCS;
    let end = ll.sourceEnd;
    if (!node.error && canContainHeredoc(node) && ll.text.includes("<<")) {
      const found = heredocsFromLine(ll.text);
      if (found.error) {
        raiseAt(ll.startLine, ll.endLine, {
          message: found.error,
          range: mapper.range(0, ll.text.length),
          code: "invalid-heredoc",
          severity: "error",
          referenceLine: ll.startLine + 1,
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
          raiseAt(ll.startLine, ll.endLine, {
            message: "unterminated heredoc",
            range: heredoc.delimiterRange,
            code: "unterminated-heredoc",
            severity: "error",
            referenceLine: ll.startLine + 1,
          });
          break;
        }
        // the reference's scanner stops at an over-long line: a body reaching one is unterminated there
        if (reader.firstLongLine <= body.endLine && unterminatedAtLongLine === undefined) {
          unterminatedAtLongLine = {
            line: ll.startLine,
            after: ll.endLine,
            diagnostic: {
              message: "unterminated heredoc",
              range: heredoc.delimiterRange,
              code: "unterminated-heredoc",
              severity: "error",
              referenceLine: ll.startLine + 1,
            },
          };
        }
      }
    }
    // BuildKit starts an instruction on its first physical line, even one holding only the escape
    // character (`"\\\nRUN a"` spans lines 1-2): the range starts there, the keyword on the next line
    const range = positions.range(ll.sourceStart, Math.max(end, ll.sourceStart));
    const instruction = buildInstruction(node, {
      text: ll.text,
      mapper,
      escape: escapeChar,
      range,
      heredocs,
    });
    instructions.push(instruction);
    if (!node.known) {
      diagnostics.push({
        message: `unknown instruction: ${node.command}`,
        range: instruction.keywordRange,
        code: "unknown-instruction",
        severity: "error",
      });
    }
  }

  for (const p of reader.problems) {
    const d: Diagnostic = {
      message: p.message,
      range: positions.range(p.start, p.end),
      code: p.code,
      severity: "error",
      referenceLine: p.line,
    };
    diagnostics.push(d);
    if (p.code !== "line-too-long") raised.push({ line: p.line, after: p.line, diagnostic: d });
  }
  const fullRange = positions.range(0, text.length);
  let noInstructions: Diagnostic | undefined;
  if (instructions.length === 0) {
    noInstructions = {
      message: "file with no instructions",
      range: fullRange,
      code: "no-instructions",
      severity: "error",
      referenceLine: Math.min(reader.firstLongLine, reader.lineCount),
    };
    diagnostics.push(noInstructions);
  }
  if (unterminatedAtLongLine) raised.push(unterminatedAtLongLine);
  const referenceError = firstReferenceError(
    raised,
    reader.firstLongLine,
    instructionStarts,
    noInstructions,
    diagnostics,
    fullRange,
  );
  if (referenceError && !diagnostics.includes(referenceError)) diagnostics.push(referenceError);
  diagnostics.sort((a, b) => a.range.start.offset - b.range.start.offset);
  // the error BuildKit stops at comes first (`# escape=x` alone: the escape error, then no instructions)
  if (referenceError) {
    const at = diagnostics.indexOf(referenceError);
    if (at > 0) diagnostics.unshift(...diagnostics.splice(at, 1));
  }

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
    ...(referenceError ? { referenceError } : {}),
    range: fullRange,
  };
}

/** A reference error and the physical lines (0-based) where the reference meets it. */
interface RaisedError {
  /** The line whose processing raises it (the instruction's first line, or the directive's line). */
  line: number;
  /** The last line the reference must read without stopping to raise it. */
  after: number;
  diagnostic: Diagnostic;
}

/**
 * The error BuildKit's `Parse` returns: the first one met in reading order, where reading stops at the
 * first over-long line (`longLine`, Infinity if none): an error raised on a line before it wins; else
 * `file with no instructions` when no instruction started before it; else the scanner's error.
 */
function firstReferenceError(
  raised: RaisedError[],
  longLine: number,
  instructionStarts: number[],
  noInstructions: Diagnostic | undefined,
  diagnostics: Diagnostic[],
  fullRange: Range,
): Diagnostic | undefined {
  let best: RaisedError | undefined;
  for (const r of raised) {
    if (r.line >= longLine) continue;
    // an instruction error needs the instruction read in full; one cut by the long line is not reached
    if (r.after >= longLine && r.diagnostic.code !== "unterminated-heredoc") continue;
    if (!best || r.line < best.line) best = r;
  }
  if (best) return best.diagnostic;
  if (noInstructions) return noInstructions;
  if (longLine === Number.POSITIVE_INFINITY) return undefined;
  if ((instructionStarts[0] ?? longLine) >= longLine) {
    return {
      message: "file with no instructions",
      range: fullRange,
      code: "no-instructions",
      severity: "error",
      referenceLine: longLine,
    };
  }
  return diagnostics.find((d) => d.code === "line-too-long" && d.referenceLine === longLine);
}
