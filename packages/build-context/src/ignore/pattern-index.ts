/**
 * Which patterns of an ignore file can possibly match a path, found without trying each one: every
 * pattern kind has a literal text that any path it matches (or any path below a folder it matches)
 * contains — an exact pattern's whole text, a prefix or suffix pattern's literal part, the longest run of
 * literal characters of a wildcard program — and an Aho–Corasick automaton over those literals finds, in
 * one pass over a path, the patterns whose literal occurs in it. Patterns without such a literal (`*`,
 * `**`, `?`, the engine-regexp ones) are candidates for every path. Deciding a path then only tries
 * the candidates, in file order, which gives exactly the engine's decision (a pattern whose literal is
 * absent cannot match), at a cost that grows with the path's length and its candidates rather than with
 * the number of patterns: 10,000 patterns like `**\/nomatchN/*.log` cost a path the same as 10.
 * (Aho and Corasick, "Efficient string matching", CACM 18(6), 1975; the engine CLI, moby/patternmatcher,
 * tries every pattern's regexp on every path.)
 */
import { Op } from "./glob-program.js";
import type { CompiledPattern } from "./pattern.js";

/**
 * The text every path a pattern matches contains (or every path below a folder it matches, since those
 * start with the folder's path), or "" when there is none to rely on. Lengths in UTF-16 code units.
 */
function requiredLiteral(pattern: CompiledPattern): string {
  switch (pattern.kind) {
    case "exact":
    case "prefix":
      return pattern.literal;
    case "suffix":
      // `**/foo` also matches `foo` itself: the `/` is not required.
      return pattern.literal.startsWith("/") ? pattern.literal.slice(1) : pattern.literal;
    case "glob": {
      const { ops, codes } = pattern.program!;
      let best = "";
      let run = "";
      for (let i = 0; i <= ops.length; i++) {
        if (i < ops.length && ops[i] === Op.literal) {
          run += String.fromCodePoint(codes[i]!);
          continue;
        }
        if (run.length > best.length) best = run;
        run = "";
      }
      return best;
    }
    case "regexp":
      return "";
  }
}

/** See the module comment. Not reentrant (one scratch mark array); every method is synchronous. */
export class PatternIndex {
  /** Patterns (indexes) without a literal: candidates for every path, in order. */
  private readonly always: number[] = [];
  /** Trie nodes so far (node 0 is the root). */
  private nodes = 1;
  /** Each node's first child edge, inline: its code unit (-1 when none) and the child. */
  private readonly firstCode: Int32Array;
  private readonly firstChild: Int32Array;
  /** A node's other child edges, by code unit (most nodes have one child: a literal's next character). */
  private readonly moreChildren: (Map<number, number> | undefined)[];
  /** Failure link of each node. */
  private readonly fail: Int32Array;
  /** Patterns whose literal ends at each node (undefined when none). */
  private readonly output: (number[] | undefined)[];
  /** Nearest node on the failure chain with an output (0 when none). */
  private readonly outputLink: Int32Array;
  private readonly seen: Int32Array;
  private generation = 0;

  constructor(patterns: readonly CompiledPattern[]) {
    this.seen = new Int32Array(patterns.length);
    const literals = patterns.map(requiredLiteral);
    const most = literals.reduce((n, l) => n + l.length, 1);
    this.firstCode = new Int32Array(most).fill(-1);
    this.firstChild = new Int32Array(most);
    this.moreChildren = new Array(most);
    this.fail = new Int32Array(most);
    this.output = new Array(most);
    this.outputLink = new Int32Array(most);
    literals.forEach((literal, index) => {
      if (literal === "") {
        this.always.push(index);
        return;
      }
      let node = 0;
      for (let k = 0; k < literal.length; k++) {
        const code = literal.charCodeAt(k);
        let child = this.child(node, code);
        if (child < 0) {
          child = this.nodes++;
          if (this.firstCode[node] === -1) {
            this.firstCode[node] = code;
            this.firstChild[node] = child;
          } else (this.moreChildren[node] ??= new Map()).set(code, child);
        }
        node = child;
      }
      (this.output[node] ??= []).push(index);
    });
    this.link();
  }

  /** The child of `node` by `code`, -1 when there is none. */
  private child(node: number, code: number): number {
    if (this.firstCode[node] === code) return this.firstChild[node]!;
    return this.moreChildren[node]?.get(code) ?? -1;
  }

  /** Computes failure and output links breadth first. */
  private link(): void {
    const queue = new Int32Array(this.nodes);
    let tail = 0;
    const visitChildren = (node: number, visit: (code: number, child: number) => void) => {
      if (this.firstCode[node] !== -1) visit(this.firstCode[node]!, this.firstChild[node]!);
      for (const [code, child] of this.moreChildren[node] ?? []) visit(code, child);
    };
    visitChildren(0, (_, child) => {
      queue[tail++] = child;
    });
    for (let head = 0; head < tail; head++) {
      const node = queue[head]!;
      visitChildren(node, (code, child) => {
        let f = this.fail[node]!;
        let target = this.child(f, code);
        while (target < 0 && f !== 0) {
          f = this.fail[f]!;
          target = this.child(f, code);
        }
        const failTo = Math.max(target, 0);
        this.fail[child] = failTo;
        this.outputLink[child] = this.output[failTo] ? failTo : this.outputLink[failTo]!;
        queue[tail++] = child;
      });
    }
  }

  /**
   * The patterns that may match `path` or one of its ancestor folders, plus `extra` (indexes a caller
   * must visit anyway), sorted ascending without duplicates. Linear in `path.length` plus the result.
   */
  candidates(path: string, extra?: readonly number[]): number[] {
    if (this.generation === 0x7fffffff) {
      this.seen.fill(0);
      this.generation = 0;
    }
    const gen = ++this.generation;
    const seen = this.seen;
    const out = this.always.slice();
    for (const i of out) seen[i] = gen;
    const always = out.length;
    if (this.nodes > 1) {
      let node = 0;
      for (let k = 0; k < path.length; k++) {
        const code = path.charCodeAt(k);
        let next = this.child(node, code);
        while (next < 0 && node !== 0) {
          node = this.fail[node]!;
          next = this.child(node, code);
        }
        node = Math.max(next, 0);
        for (let o = this.output[node] ? node : this.outputLink[node]!; o !== 0; o = this.outputLink[o]!) {
          for (const i of this.output[o]!) {
            if (seen[i] !== gen) {
              seen[i] = gen;
              out.push(i);
            }
          }
        }
      }
    }
    if (extra) {
      for (const i of extra) {
        if (seen[i] !== gen) {
          seen[i] = gen;
          out.push(i);
        }
      }
    }
    if (out.length > always) out.sort((a, b) => a - b);
    return out;
  }
}
