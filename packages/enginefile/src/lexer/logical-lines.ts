/**
 * `LogicalLineReader`: physical lines into logical lines as BuildKit's `Parse` reads them (BOM, parser
 * directives, comments, escape character, continuations, empty continuation lines, heredoc bodies), with
 * the problems found on the way.
 */
import { skipGoSpace } from "@enginekit/text";
import { DIRECTIVE_NAMES, type DirectiveName, matchDirective } from "./directives.js";
import { isLineTooLong, type SourceLines } from "./source-lines.js";

/** One piece of a logical line: `length` units copied from the source at `sourceStart`. */
export interface Segment {
  logicalStart: number;
  sourceStart: number;
  length: number;
}

/**
 * An instruction's logical line: physical lines joined after removing comments, empty continuation
 * lines and continuation characters (BuildKit `Parse`). `text` is what the reference calls `line`.
 */
export interface LogicalLine {
  text: string;
  segments: Segment[];
  /** 0-based physical line of the first and last line (before any heredoc body). */
  startLine: number;
  endLine: number;
  /** Source offsets of the instruction's first character and the end of its last line's content. */
  sourceStart: number;
  sourceEnd: number;
  /** Lines inside the continuation that were blank (reference warning). */
  emptyContinuationLines: number[];
}

/** A comment line: `start`/`end` are source offsets of `#…` (without leading space or line end). */
export interface CommentLine {
  line: number;
  start: number;
  end: number;
}

/** A parser directive line, with offsets of the name and value. */
export interface DirectiveLine {
  name: DirectiveName;
  line: number;
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
  valueStart: number;
  valueEnd: number;
  value: string;
}

/** A reference-level problem found while assembling lines. */
export interface LineProblem {
  code: "duplicate-directive" | "invalid-escape" | "line-too-long";
  message: string;
  line: number;
  start: number;
  end: number;
}

/** A heredoc body read after its instruction: raw content and the offsets of body and terminator. */
export interface HeredocBody {
  content: string;
  terminated: boolean;
  /** Source offsets: body start/end (end excludes the terminator line), terminator line span. */
  bodyStart: number;
  bodyEnd: number;
  terminatorStart: number;
  terminatorEnd: number;
  /** Last physical line consumed (the terminator, or the last line when unterminated). */
  endLine: number;
}

const BACKSLASH = 92;

/** The shared (frozen) empty line list of logical lines without empty continuation lines. */
const NO_LINES: number[] = Object.freeze([]) as unknown as number[];

/**
 * The hand-written stage in front of the chevrotain grammars: reads physical lines the way BuildKit's
 * `Parse` does (BOM, parser directives at the top, comments, the escape character, continuations,
 * empty continuation lines) and hands out logical lines; heredoc bodies are pulled on demand because
 * whether a line has them depends on its instruction.
 */
export class LogicalLineReader {
  readonly comments: CommentLine[] = [];
  readonly directives: DirectiveLine[] = [];
  readonly problems: LineProblem[] = [];
  /** The escape character code (`\` or `` ` ``). */
  escape = BACKSLASH;
  /** The first physical line (0-based) over the length limit, where the reference's scanner stops. */
  firstLongLine = Number.POSITIVE_INFINITY;
  private next = 0;
  private directivesDone = false;
  private readonly seen = new Set<string>();

  constructor(private readonly lines: SourceLines) {}

  /** Number of physical lines. */
  get lineCount(): number {
    return this.lines.starts.length;
  }

  private checkLength(i: number): void {
    if (isLineTooLong(this.lines, i)) {
      if (i < this.firstLongLine) this.firstLongLine = i;
      this.problems.push({
        code: "line-too-long",
        message: "dockerfile line greater than max allowed size of 65535",
        line: i,
        start: this.lines.starts[i] ?? 0,
        end: this.lines.ends[i] ?? 0,
      });
    }
  }

  private lineStart(i: number): number {
    return i === 0 ? this.lines.bomLength : (this.lines.starts[i] ?? 0);
  }

  /** The reference's directive check for a line whose content is `[from, to)`. */
  private directive(i: number, from: number, to: number): boolean {
    if (this.directivesDone) return false;
    const text = this.lines.text;
    const m = matchDirective(text, from, to);
    const key = m ? text.slice(m.keyStart, m.keyEnd).toLowerCase() : "";
    if (!m || !(DIRECTIVE_NAMES as readonly string[]).includes(key)) {
      this.directivesDone = true;
      return false;
    }
    const value = text.slice(m.valueStart, m.valueEnd);
    if (this.seen.has(key)) {
      this.problems.push({
        code: "duplicate-directive",
        message: `only one ${key} parser directive can be used`,
        line: i,
        start: from,
        end: to,
      });
      return true;
    }
    this.seen.add(key);
    if (key === "escape") {
      if (value !== "`" && value !== "\\") {
        this.problems.push({
          code: "invalid-escape",
          message: `invalid escape token '${value}' does not match \` or \\`,
          line: i,
          start: m.valueStart,
          end: m.valueEnd,
        });
        return true;
      }
      this.escape = value.charCodeAt(0);
    }
    this.directives.push({
      name: key as DirectiveName,
      line: i,
      start: from,
      end: to,
      nameStart: m.keyStart,
      nameEnd: m.keyEnd,
      valueStart: m.valueStart,
      valueEnd: m.valueEnd,
      value,
    });
    return true;
  }

  /**
   * The reference's continuation test on `[from, to)`: `([^E])E[ \t]*$|^E[ \t]*$`. Returns the end of
   * the kept text, or -1 when the line does not continue.
   */
  private continuationEnd(from: number, to: number): number {
    const text = this.lines.text;
    let j = to;
    while (j > from) {
      const c = text.charCodeAt(j - 1);
      if (c !== 32 && c !== 9) break;
      j--;
    }
    if (j === from || text.charCodeAt(j - 1) !== this.escape) return -1;
    if (j - 1 === from) return from;
    return text.charCodeAt(j - 2) === this.escape ? -1 : j - 1;
  }

  private isCommentAt(from: number, to: number): number {
    const k = skipGoSpace(this.lines.text, from, to);
    return k < to && this.lines.text.charCodeAt(k) === 35 ? k : -1;
  }

  /** Reads the next logical line, or undefined at the end of the text. */
  nextLine(): LogicalLine | undefined {
    const { text, contentEnds } = this.lines;
    const count = this.lineCount;
    while (this.next < count) {
      const i = this.next++;
      this.checkLength(i);
      const lineEnd = contentEnds[i] ?? 0;
      const from = skipGoSpace(text, this.lineStart(i), lineEnd);
      const commentAt = this.isCommentAt(from, lineEnd);
      const isDirective = this.directive(i, from, lineEnd);
      if (commentAt >= 0) {
        if (!isDirective) this.comments.push({ line: i, start: commentAt, end: lineEnd });
        continue;
      }
      if (from === lineEnd) continue;
      let keepEnd = this.continuationEnd(from, lineEnd);
      if (keepEnd < 0) {
        // the common case: one physical line
        return {
          text: text.slice(from, lineEnd),
          segments: [{ logicalStart: 0, sourceStart: from, length: lineEnd - from }],
          startLine: i,
          endLine: i,
          sourceStart: from,
          sourceEnd: lineEnd,
          emptyContinuationLines: NO_LINES,
        };
      }
      // the first line's kept text is empty when it holds only the escape character
      const segments: Segment[] =
        keepEnd > from ? [{ logicalStart: 0, sourceStart: from, length: keepEnd - from }] : [];
      let logicalLength = keepEnd - from;
      let joined = text.slice(from, keepEnd);
      let empty = NO_LINES;
      let endLine = i;
      let sourceEnd = lineEnd;
      while (keepEnd >= 0 && this.next < count) {
        const k = this.next++;
        this.checkLength(k);
        this.directive(k, this.lines.starts[k] ?? 0, contentEnds[k] ?? 0);
        endLine = k;
        const ks = this.lineStart(k);
        const ke = contentEnds[k] ?? 0;
        sourceEnd = ke;
        const c = this.isCommentAt(ks, ke);
        if (c >= 0) {
          this.comments.push({ line: k, start: c, end: ke });
          continue;
        }
        if (skipGoSpace(text, ks, ke) === ke) {
          if (empty === NO_LINES) empty = [];
          empty.push(k);
          continue;
        }
        keepEnd = this.continuationEnd(ks, ke);
        const e = keepEnd < 0 ? ke : keepEnd;
        if (e > ks) {
          segments.push({ logicalStart: logicalLength, sourceStart: ks, length: e - ks });
          joined += text.slice(ks, e);
          logicalLength += e - ks;
        }
      }
      return {
        text: joined,
        segments,
        startLine: i,
        endLine,
        sourceStart: from,
        sourceEnd,
        emptyContinuationLines: empty,
      };
    }
    return undefined;
  }

  /**
   * Reads one heredoc body: raw physical lines (line ends included) up to a line equal to `name`
   * (with `chomp`, leading tabs ignored in the comparison), as BuildKit does.
   */
  readHeredoc(name: string, chomp: boolean): HeredocBody {
    const { text, starts, ends, contentEnds } = this.lines;
    const count = this.lineCount;
    const bodyStart = this.next < count ? (starts[this.next] ?? text.length) : text.length;
    let endLine = this.next - 1;
    while (this.next < count) {
      const k = this.next++;
      this.checkLength(k);
      endLine = k;
      let s = starts[k] ?? 0;
      const ce = contentEnds[k] ?? 0;
      if (chomp) while (s < ce && text.charCodeAt(s) === 9) s++;
      if (ce - s === name.length && text.startsWith(name, s)) {
        const bodyEnd = starts[k] ?? 0;
        return {
          content: text.slice(bodyStart, bodyEnd),
          terminated: true,
          bodyStart,
          bodyEnd,
          terminatorStart: starts[k] ?? 0,
          terminatorEnd: ends[k] ?? 0,
          endLine,
        };
      }
    }
    return {
      content: text.slice(bodyStart),
      terminated: false,
      bodyStart,
      bodyEnd: text.length,
      terminatorStart: text.length,
      terminatorEnd: text.length,
      endLine,
    };
  }
}
