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
export function requiredLiteral(pattern: CompiledPattern): string {
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
  /** Trie edges: `node * 0x10000 + code unit` → child node. */
  private readonly edges = new Map<number, number>();
  /** Failure link of each node. */
  private readonly fail: number[] = [0];
  /** Patterns whose literal ends at each node (undefined when none). */
  private readonly output: (number[] | undefined)[] = [undefined];
  /** Nearest node on the failure chain with an output (0 when none). */
  private readonly outputLink: number[] = [0];
  private readonly seen: Int32Array;
  private generation = 0;

  constructor(patterns: readonly CompiledPattern[]) {
    this.seen = new Int32Array(patterns.length);
    patterns.forEach((pattern, index) => {
      const literal = requiredLiteral(pattern);
      if (literal === "") {
        this.always.push(index);
        return;
      }
      let node = 0;
      for (let k = 0; k < literal.length; k++) {
        const key = node * 0x10000 + literal.charCodeAt(k);
        let child = this.edges.get(key);
        if (child === undefined) {
          child = this.fail.length;
          this.fail.push(0);
          this.output.push(undefined);
          this.outputLink.push(0);
          this.edges.set(key, child);
        }
        node = child;
      }
      (this.output[node] ??= []).push(index);
    });
    this.link();
  }

  /** Computes failure and output links breadth first (children are listed by scanning the edge map once). */
  private link(): void {
    const children: number[][] = this.fail.map(() => []);
    const codeOf = new Int32Array(this.fail.length);
    for (const [key, child] of this.edges) {
      children[Math.floor(key / 0x10000)]!.push(child);
      codeOf[child] = key % 0x10000;
    }
    const queue = [...children[0]!];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      for (const child of children[node]!) {
        const code = codeOf[child]!;
        let f = this.fail[node]!;
        let target = this.edges.get(f * 0x10000 + code);
        while (target === undefined && f !== 0) {
          f = this.fail[f]!;
          target = this.edges.get(f * 0x10000 + code);
        }
        const failTo = target ?? 0;
        this.fail[child] = failTo;
        this.outputLink[child] = this.output[failTo] ? failTo : this.outputLink[failTo]!;
        queue.push(child);
      }
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
    if (this.fail.length > 1) {
      let node = 0;
      for (let k = 0; k < path.length; k++) {
        const code = path.charCodeAt(k);
        let next = this.edges.get(node * 0x10000 + code);
        while (next === undefined && node !== 0) {
          node = this.fail[node]!;
          next = this.edges.get(node * 0x10000 + code);
        }
        node = next ?? 0;
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
