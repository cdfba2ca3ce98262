/**
 * A compiled wildcard pattern as a small program run by a Thompson-style NFA simulation: time is
 * O(path length × pattern length) whatever the pattern, so no pattern can cause catastrophic
 * backtracking (the engine gets the same guarantee from Go's RE2). The instruction set is exactly
 * what the engine's pattern-to-regexp translation can produce (research §3.2 rules 12–15):
 *
 * - `literal`: one code point;
 * - `class`: a bracket expression `[...]` / `[^...]` (may match `/`, rule 12);
 * - `any`: `?` = one code point other than `/`;
 * - `star`: `*` = any run of code points other than `/`;
 * - `globDir`: a `**` followed by more pattern = `(.*\/)?`, zero or more leading path segments;
 * - `anyStar`: a trailing `**` after other wildcards = `.*` (anything but a newline);
 * - `caret`: an unescaped `^` outside a bracket expression, a regexp anchor that only matches at the start.
 */

/** Instruction opcodes of a {@link GlobProgram}. */
export const Op = { literal: 0, class: 1, any: 2, star: 3, globDir: 4, anyStar: 5, caret: 6 } as const;

/** A bracket expression: sorted inclusive code point ranges, possibly negated. */
export interface CharClass {
  negated: boolean;
  /** Flat list `[lo0, hi0, lo1, hi1, …]` of inclusive code point ranges. */
  ranges: number[];
}

/** A compiled wildcard pattern (see the module comment for the instruction set). */
export interface GlobProgram {
  ops: Uint8Array;
  /** Code point of each `literal` instruction (0 for others). */
  codes: Int32Array;
  /** Bracket expression of each `class` instruction (undefined for others). */
  classes: (CharClass | undefined)[];
}

const SLASH = 0x2f;
const NEWLINE = 0x0a;

function classMatches(cls: CharClass, code: number): boolean {
  const r = cls.ranges;
  let inside = false;
  for (let i = 0; i < r.length; i += 2) {
    if (code >= r[i]! && code <= r[i + 1]!) {
      inside = true;
      break;
    }
  }
  return inside !== cls.negated;
}

/** Reusable state lists of one program's runs (see {@link runGlob}). */
interface Scratch {
  current: Int32Array;
  next: Int32Array;
  /** Generation at which each state was last added to a list. */
  mark: Int32Array;
  generation: number;
}

const scratches = new WeakMap<GlobProgram, Scratch>();

function scratchOf(program: GlobProgram): Scratch {
  let s = scratches.get(program);
  if (!s) {
    const n = program.ops.length + 1;
    s = { current: new Int32Array(n), next: new Int32Array(n), mark: new Int32Array(n), generation: 0 };
    scratches.set(program, s);
  }
  if (s.generation > 0x3fffffff) {
    s.mark.fill(0);
    s.generation = 0;
  }
  return s;
}

/**
 * Adds state `i` and its epsilon closure to `list` (of length `len`); returns the new length. State `n`
 * (= the program's length) accepts.
 */
function add(
  program: GlobProgram,
  mark: Int32Array,
  generation: number,
  list: Int32Array,
  len: number,
  i: number,
  atStart: boolean,
): number {
  const ops = program.ops;
  const n = ops.length;
  while (true) {
    if (mark[i] === generation) return len;
    mark[i] = generation;
    if (i === n) {
      list[len++] = i;
      return len;
    }
    const op = ops[i]!;
    if (op === Op.star || op === Op.anyStar || op === Op.globDir) {
      // `globDir`: inside the optional `.*/` group, or past it
      list[len++] = i;
      i++;
      continue;
    }
    if (op === Op.caret) {
      if (!atStart) return len;
      i++;
      continue;
    }
    list[len++] = i;
    return len;
  }
}

/**
 * Runs `program` against the whole of `text` (anchored at both ends, like the engine's `^…$`).
 * Pure as far as callers can tell; the state lists are allocated once per program and reused, so a run
 * allocates nothing (not reentrant, and it need not be: it never calls out).
 */
export function runGlob(program: GlobProgram, text: string): boolean {
  const { ops, codes, classes } = program;
  const n = ops.length;
  const scratch = scratchOf(program);
  const mark = scratch.mark;
  let current = scratch.current;
  let next = scratch.next;
  let generation = ++scratch.generation;
  let curLen = add(program, mark, generation, current, 0, 0, true);
  let nextLen = 0;
  for (let at = 0; at < text.length; at++) {
    if (curLen === 0) break;
    let code = text.charCodeAt(at);
    if (code >= 0xd800 && code <= 0xdbff && at + 1 < text.length) {
      const low = text.charCodeAt(at + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        at++;
      }
    }
    generation = ++scratch.generation;
    nextLen = 0;
    for (let k = 0; k < curLen; k++) {
      const i = current[k]!;
      if (i === n) continue;
      switch (ops[i]) {
        case Op.literal:
          if (codes[i] === code) nextLen = add(program, mark, generation, next, nextLen, i + 1, false);
          break;
        case Op.class:
          if (classMatches(classes[i]!, code))
            nextLen = add(program, mark, generation, next, nextLen, i + 1, false);
          break;
        case Op.any:
          if (code !== SLASH) nextLen = add(program, mark, generation, next, nextLen, i + 1, false);
          break;
        case Op.star:
          if (code !== SLASH) nextLen = add(program, mark, generation, next, nextLen, i, false);
          break;
        case Op.anyStar:
          if (code !== NEWLINE) nextLen = add(program, mark, generation, next, nextLen, i, false);
          break;
        case Op.globDir:
          // Inside `(.*\/)?`: stay inside on any code point but a newline; a `/` may also end the group.
          if (code !== NEWLINE && mark[i] !== generation) {
            mark[i] = generation;
            next[nextLen++] = i;
          }
          if (code === SLASH) nextLen = add(program, mark, generation, next, nextLen, i + 1, false);
          break;
      }
    }
    const swap = current;
    current = next;
    next = swap;
    curLen = nextLen;
  }
  for (let k = 0; k < curLen; k++) if (current[k] === n) return true;
  return false;
}
