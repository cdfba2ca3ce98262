/**
 * Table tests of the `.engineignore` matcher, written from the documented engine semantics
 * (research/build-context-anchors.md §3.2) and the cases the research verified against the engine's
 * own matcher (§3.5).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { patternMatches } from "../src/ignore/pattern.js";
import { IgnoreFileError, IgnoreMatcher, loadEngineRegexp } from "../src/index.js";

const excluded = (patterns: string[], path: string) =>
  IgnoreMatcher.fromPatterns(patterns).matches(path).excluded;

describe("single patterns (rules 11–16)", () => {
  it.each([
    // `**` forms (rule 15)
    ["**", "file", true],
    ["**", "dir/file", true],
    ["**/", "file", true],
    ["**/", "dir/file", true],
    ["**/**", "dir/file", true],
    ["dir/**", "dir/file", true],
    ["dir/**", "dir/dir2/file", true],
    ["dir/**", "dir", false],
    ["abc/**", "abc", false],
    ["abc/**", "abc/def/ghi", true],
    ["abc**", "abcdef", true],
    ["**/dir", "dir", true],
    ["**/dir", "dir/file", true],
    ["**/dir2/*", "dir/dir2/file", true],
    ["**/dir2/**", "dir/dir2/dir3/file", true],
    ["**file", "file", true],
    ["**file", "dir/file", true],
    ["**file", "myfile", true],
    ["**.log", "a/x.log", true],
    ["**/file", "dir/dir/file", true],
    ["**/file*", "dir/dir/file.txt", true],
    ["**/file*txt", "dir/dir/file.txt", true],
    ["**/file*.txt*", "dir/dir/file.txt", true],
    ["**/**/*.txt", "dir/dir/file.txt", true],
    ["**/**/*.txt2", "dir/dir/file.txt", false],
    ["**/*.txt", "file.txt", true],
    ["**/**/*.txt", "file.txt", true],
    ["a**/*.txt", "a/file.txt", true],
    ["a**/*.txt", "a/dir/dir/file.txt", true],
    ["a/*.txt**", "a/file.txt", true],
    ["**/foo/bar", "foo/bar", true],
    ["**/foo/bar", "dir/dir2/foo/bar", true],
    ["**/.foo", ".foo", true],
    ["**/.foo", "bar.foo", false],
    ["a/**/b", "a/b", true],
    ["a/**/b", "a/x/y/b", true],
    ["a/**/b", "a/xb", false],
    // whole-path anchoring (rule 11)
    ["*.md", "a.md", true],
    ["*.md", "docs/a.md", false],
    ["node_modules", "a/node_modules", false],
    ["node_modules", "a/node_modules/x", false],
    ["a/*.txt", "a/dir/file.txt", false],
    ["a/*.txt", "a/file.txt", true],
    // `*`, `?`, bracket expressions (rule 12)
    [".*", ".foo", true],
    [".*", "foo", false],
    ["abc?def", "abcZdef", true],
    ["abc?def", "abcdef", false],
    ["a?b", "a/b", false],
    ["a*b", "a/b", false],
    ["a[b-d]e", "ace", true],
    ["a[b-d]e", "aae", false],
    ["a[b-d]e", "ae", false],
    ["a[^b-d]e", "aze", true],
    ["a[^b-d]e", "ace", false],
    ["a[/]b", "a/b", true],
    ["a[^x]b", "a/b", true],
    ["[!a]", "!", true],
    ["[!a]", "a", true],
    ["[!a]", "b", false],
    ["[\\]]", "]", true],
    ["x[\\-]y", "x-y", true],
    ["?", "é", true],
    ["?", "😀", true],
    // escapes (rule 13)
    ["a\\*b", "a*b", true],
    ["a\\*b", "axb", false],
    ["a\\\\", "a\\", true],
    ["a\\?", "a?", true],
    // literal regexp characters (rule 14) and exact matching (rule 16)
    ["abc.def", "abc.def", true],
    ["abc.def", "abcZdef", false],
    ["a(b)c/def", "a(b)c/def", true],
    ["a(b)c/def", "a(b)c/xyz", false],
    ["a.|)$(}+{bc", "a.|)$(}+{bc", true],
    ["a+b", "a+b", true],
    ["a(b", "a(b", true],
    [
      "dist/proxy.py-2.4.0rc3.dev36+g08acad9-py3-none-any.whl",
      "dist/proxy.py-2.4.0rc3.dev36+g08acad9-py3-none-any.whl",
      true,
    ],
    ["dist/*.whl", "dist/proxy.py-2.4.0rc3.dev36+g08acad9-py3-none-any.whl", true],
    ["a^b", "a^b", true], // no wildcard: compared as text
    ["a^b*", "a^bc", false], // with a wildcard the engine's regexp treats ^ as an anchor
    ["^a*", "ab", true],
    // case-sensitive (rule 19)
    ["README.md", "readme.md", false],
    // trailing `/` is cleaned away: no directory-only patterns (rule 6)
    ["foo/", "foo", true],
    // `.` and `../x` never match (rule 6)
    [".", "x", false],
    ["../x", "x", false],
  ])("%j vs %j → %s", (pattern, path, want) => {
    expect(excluded([pattern], path)).toBe(want);
  });
});

describe("parent rule (17), order rule (18), deciding pattern", () => {
  it("a pattern excludes everything below a matching directory", () => {
    expect(excluded(["dir"], "dir/a/b")).toBe(true);
    expect(excluded(["*/b"], "a/b/c/d")).toBe(true);
  });
  it("an exception re-includes through its parent directory", () => {
    expect(excluded(["*", "!sub"], "sub/x.py")).toBe(false);
    expect(excluded(["**", "!util/docker/web"], "util/docker/web/foo")).toBe(false);
    expect(excluded(["docs", "!docs/README.md"], "docs/README.md")).toBe(false);
    expect(excluded(["docs", "!docs/README.md"], "docs/other.md")).toBe(true);
  });
  it("the last matching line wins (docs example)", () => {
    const m = ["*.md", "!README*.md", "README-secret.md"];
    expect(excluded(m, "a.md")).toBe(true);
    expect(excluded(m, "README.md")).toBe(false);
    expect(excluded(m, "README-secret.md")).toBe(true);
  });
  it("inclusions are only tested while included, exceptions only while excluded", () => {
    // `!a` first is never consulted (nothing is excluded yet), so `a` decides.
    expect(excluded(["!a", "a"], "a")).toBe(true);
    expect(excluded(["a", "!a", "a"], "a")).toBe(true);
    expect(excluded(["a", "!a"], "a")).toBe(false);
  });
  it("names the deciding pattern with its line", () => {
    const matcher = IgnoreMatcher.fromPatterns(["# x", "*.log", "!keep.log"], ".engineignore");
    const d = matcher.matches("debug.log");
    expect(d.excluded).toBe(true);
    expect(d.pattern?.text).toBe("*.log");
    expect(d.pattern?.line).toBe(2);
    const k = matcher.matches("keep.log");
    expect(k).toMatchObject({ excluded: false, pattern: { text: "keep.log", exception: true, line: 3 } });
    expect(matcher.matches("src/a.ts")).toEqual({ excluded: false, pattern: undefined });
  });
  it("accepts paths with ./ or a leading / and never excludes the root", () => {
    expect(excluded(["a/b"], "./a/b")).toBe(true);
    expect(excluded(["a/b"], "/a/b")).toBe(true);
    expect(excluded(["**"], ".")).toBe(false);
  });
});

describe("walker decisions from parent results (rule 20)", () => {
  const walk = (patterns: string[], path: string) => {
    const m = IgnoreMatcher.fromPatterns(patterns);
    let state: ReturnType<IgnoreMatcher["matchesUsingParent"]>["state"] | undefined;
    let result = false;
    const parts = path.split("/");
    for (let i = 1; i <= parts.length; i++) {
      const r = m.matchesUsingParent(parts.slice(0, i).join("/"), state);
      state = r.state;
      result = r.decision.excluded;
    }
    return result;
  };
  it("agrees with the plain matcher in ordinary cases", () => {
    for (const [patterns, path] of [
      [["dir", "!dir/keep"], "dir/keep"],
      [["*", "!sub"], "sub/x.py"],
      [["**/*.log", "!important/*.log"], "important/a.log"],
      [["node_modules"], "node_modules/x/y"],
    ] as [string[], string][]) {
      expect(walk(patterns, path)).toBe(excluded(patterns, path));
    }
  });
  it("keeps the engine walker's quirk: a skipped exception is not re-tested on ancestors", () => {
    // Plain matcher: `!a` matches the parent `a` of `a/b` → included. The walker evaluated `!a` for `a`
    // only while `a` was included (it was skipped), so for `a/b` it tests `a/b` alone → stays excluded.
    expect(excluded(["a/b", "!a"], "a/b")).toBe(false);
    expect(walk(["a/b", "!a"], "a/b")).toBe(true);
  });
});

describe("excluded directories and exceptions (rule 21)", () => {
  const m = IgnoreMatcher.fromPatterns(["dir", "vendor", "!dir/keep", "!**/*.py", "!*/x/*"]);
  it("engine-cli mode walks an excluded directory only for literal exceptions below it", () => {
    expect(m.mustDescendExcluded("dir", "engine-cli")).toBe(true);
    expect(m.mustDescendExcluded("vendor", "engine-cli")).toBe(false);
  });
  it("exact mode walks wherever an exception could match", () => {
    expect(m.mustDescendExcluded("vendor", "exact")).toBe(true);
    const literal = IgnoreMatcher.fromPatterns(["dir", "vendor", "!dir/keep", "!src/*.py"]);
    expect(literal.mustDescendExcluded("vendor", "exact")).toBe(false);
    expect(literal.mustDescendExcluded("dir", "exact")).toBe(true);
    expect(literal.mustDescendExcluded("src", "exact")).toBe(true);
    expect(IgnoreMatcher.fromPatterns(["x"]).mustDescendExcluded("x", "exact")).toBe(false);
  });
});

describe("bad patterns (rule 9) are errors naming file, line and column", () => {
  it.each([
    ["[", "syntax error in pattern"],
    ["a[", "syntax error in pattern"],
    ["[^", "syntax error in pattern"],
    ["a\\", "syntax error in pattern"],
    ["[x-]", "syntax error in pattern"],
    ["[]a]", "syntax error in pattern"],
    ["[-a]", "syntax error in pattern"],
    ["*[", "syntax error in pattern"],
    ["!", 'illegal exclusion pattern: "!"'],
  ])("%j", (pattern, message) => {
    let error: unknown;
    try {
      IgnoreMatcher.fromPatterns(["ok", pattern], "ctx/.engineignore");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(IgnoreFileError);
    const e = error as IgnoreFileError;
    expect(e.file).toBe("ctx/.engineignore");
    expect(e.line).toBe(2);
    expect(e.message).toContain(message);
    expect(e.message.startsWith("ctx/.engineignore:2:1: ")).toBe(true);
  });
});

describe("patterns the engine reads as regular expressions (engine-regexp.ts)", () => {
  beforeAll(() => loadEngineRegexp());
  it.each([
    ["x|*.md", "xyz", true],
    ["x|*.md", "a.md", true],
    ["x|*.md", "b", false],
    ["a{2}*", "aa", true],
    ["a{2}*", "a{2}", false],
    ["a*|", "anything/at/all", true],
    ["a\\b*", "a", true],
    ["a\\b*", "ab", false],
    ["[[:alpha:]]", "q", true],
    ["[[:alpha:]]", "1", false],
    ["[*]", "]", true],
    ["[*]", "*", false],
    ["a*\\", "ab$", true],
    ["a|b", "a", false],
    ["a|b", "a|b", true],
    ["**/a|b", "x/a|b", true],
  ])("%j on %j: excluded %j", (pattern, path, want) => {
    expect(excluded([pattern], path)).toBe(want);
  });
  it("the regexp engine is needed only by such patterns", () => {
    expect(IgnoreMatcher.fromPatterns(["*.md", "dir/**", "a?[bc]"]).needsEngineRegexp).toBe(false);
    expect(IgnoreMatcher.fromPatterns(["*.md", "x|*.md"]).needsEngineRegexp).toBe(true);
    expect(IgnoreMatcher.fromPatterns(["a|b"]).needsEngineRegexp).toBe(false);
  });
  it("a regexp that does not compile fails when first evaluated, naming file, line and column", () => {
    const m = IgnoreMatcher.fromPatterns(["ok", "x/[z-a]"], "ctx/.dockerignore");
    expect(() => m.matches("a")).toThrow(IgnoreFileError);
    expect(() => m.matches("a")).toThrow(/^ctx\/\.dockerignore:2:1: syntax error in pattern: "x\/\[z-a\]"/);
    const never = IgnoreMatcher.fromPatterns(["!x/[z-a]"], "ctx/.dockerignore");
    expect(never.matches("a").excluded).toBe(false);
  });
  it.each(["a*[", "a*/[]a]", "a*/[x-]", "a/*[]a]", "[*]", "[[:alpha:]]", "a\\q", "[z-a]"])(
    "%j is accepted when read, as Go's filepath.Match check accepts it",
    (pattern) => {
      expect(() => IgnoreMatcher.fromPatterns([pattern])).not.toThrow();
    },
  );
  it.each(["*/[]a]", "*[]a]", "x/[]a]", "a[", "[x-]"])(
    "%j is refused when read, as the engine refuses it",
    (pattern) => {
      expect(() => IgnoreMatcher.fromPatterns([pattern])).toThrow("syntax error in pattern");
    },
  );
});

describe("pathological patterns stay linear", () => {
  it("many `**` and `*` against a long non-matching path", () => {
    const pattern = "**/a*a*a*a*a*a*a*a*/**/b/**/c/**/d*e*f*g";
    const path = `${"a/".repeat(200)}${"a".repeat(2000)}`;
    const m = IgnoreMatcher.fromPatterns([pattern]);
    const start = performance.now();
    expect(m.matches(path).excluded).toBe(false);
    // Generous bound: a backtracking regexp takes minutes here.
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe("many patterns (#29: only patterns whose literal occurs in a path are tried)", () => {
  /** The matcher's rules without the pattern index: every pattern tried on every path (the engine's way). */
  const reference = (m: IgnoreMatcher, path: string) => {
    const parts = path.split("/");
    const candidates = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
    let excluded = false;
    let decider: number | undefined;
    m.patterns.forEach((p, i) => {
      if (p.exception !== excluded) return;
      if (candidates.some((c) => patternMatches(p.compiled, c))) {
        excluded = !p.exception;
        decider = i;
      }
    });
    return { excluded, decider };
  };
  /** A deterministic pseudo-random generator (xorshift32), so a failure can be replayed. */
  const random = (seed: number) => () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };

  it("decides exactly as trying every pattern, for generated patterns and paths", () => {
    const next = random(29);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const names = ["a", "b", "ab", "ba", "a.log", "b.txt", "x", "xa", "é", "日本", "😀"];
    const shapes = [
      (n: string) => n,
      (n: string) => `${n}/**`,
      (n: string) => `**/${n}`,
      (n: string) => `**${n}`,
      (n: string) => `*${n}`,
      (n: string) => `${n}*`,
      (n: string) => `**/${n}/*`,
      (n: string) => `${n}/*/${pick(names)}`,
      (n: string) => `?${n}`,
      (n: string) => `[ab]${n}`,
      (n: string) => `${n}/**/${pick(names)}`,
      () => "*",
      () => "**",
    ];
    for (let round = 0; round < 60; round++) {
      const patterns = Array.from(
        { length: 1 + Math.floor(next() * 12) },
        () => `${next() < 0.3 ? "!" : ""}${pick(shapes)(pick(names))}`,
      ).filter((p) => p !== "!");
      const m = IgnoreMatcher.fromPatterns(patterns);
      const paths = Array.from({ length: 40 }, () =>
        Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(names)).join("/"),
      );
      const counts = m.matchCounts(paths);
      const expectedCounts = m.patterns.map(
        (p) =>
          paths.filter((path) => {
            const parts = path.split("/");
            return parts.some((_, i) => patternMatches(p.compiled, parts.slice(0, i + 1).join("/")));
          }).length,
      );
      expect(counts, JSON.stringify(patterns)).toEqual(expectedCounts);
      for (const path of paths) {
        const want = reference(m, path);
        const got = m.matches(path);
        const label = `${JSON.stringify(patterns)} ${path}`;
        expect(got.excluded, label).toBe(want.excluded);
        expect(got.pattern, label).toBe(want.decider === undefined ? undefined : m.patterns[want.decider]);
      }
    }
  });

  it("walks 5,000 paths against 10,000 patterns in a bounded time (the engine CLI's scale)", () => {
    const patterns = Array.from({ length: 10_000 }, (_, i) => `**/nomatch${i}/*.log`);
    patterns.push("**/dir7/f1.log", "!dir7/sub");
    const m = IgnoreMatcher.fromPatterns(patterns);
    const start = performance.now();
    let excludedCount = 0;
    for (let d = 0; d < 50; d++) {
      const dir = m.matchesUsingParent(`dir${d}`, undefined);
      const sub = m.matchesUsingParent(`dir${d}/sub`, dir.state);
      for (let f = 0; f < 50; f++) {
        if (m.matchesUsingParent(`dir${d}/f${f}.log`, dir.state).decision.excluded) excludedCount++;
        if (m.matchesUsingParent(`dir${d}/sub/g${f}.txt`, sub.state).decision.excluded) excludedCount++;
      }
    }
    expect(excludedCount).toBe(1);
    // Generous bound (docs/security.md): trying every pattern on every path took 100–200 s here.
    expect(performance.now() - start).toBeLessThan(3000);
  }, 30_000);
});
