import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { type ChunkLoaderStats, createChunkLoader, pruneBundleCaches } from "../src/launch/chunk-loader.js";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const node = join(packageDir, "..", "..", "node_modules", "node", "bin", "node");

// Two chunks as scripts/commonjs-chunks.mjs writes them: CommonJS, strict, requiring each other by "./x.js".
const CHUNK_A = `"use strict";
const b = require("./b.js");
exports.next = (x) => b.add(x, 1);
exports.where = () => new Error("here").stack;
exports.file = __filename;
exports.sloppyAssignment = () => { undeclared = 1; };
`;
const CHUNK_B = `"use strict";
exports.loads = (exports.loads ?? 0) + 1;
exports.add = (x, y) => x + y;
exports.separator = require("node:path").sep;
`;

describe("the bundle's chunk loader", () => {
  const root = mkdtempSync(join(tmpdir(), "enginekit-chunks-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const dir = join(root, "bundle");
  mkdirSync(dir);
  writeFileSync(join(dir, "a.js"), CHUNK_A);
  writeFileSync(join(dir, "b.js"), CHUNK_B);
  const cacheDir = join(root, "cache", "enginekit-lint");

  test("runs chunks as CommonJS modules: each once, its own file, strict, Node built-ins from Node", () => {
    const loader = createChunkLoader(dir, undefined);
    const a = loader.require(join(dir, "a.js")) as Record<string, (...args: unknown[]) => unknown>;
    const b = loader.require(join(dir, "b.js")) as Record<string, unknown>;
    expect(a.next?.(41)).toBe(42);
    expect(b.loads).toBe(1);
    expect(b.separator).toBe("/");
    expect(a.file).toBe(join(dir, "a.js"));
    expect(() => a.sloppyAssignment?.()).toThrow(ReferenceError);
    expect(loader.stats.loaded).toEqual(["a.js", "b.js"]);
    // without a cache folder, nothing is read or written
    loader.saveCodeCache();
    expect(loader.stats).toMatchObject({ fromCache: [], written: [] });
  });

  test("a chunk that throws while loading is not kept half-loaded, as with Node's require", () => {
    writeFileSync(
      join(dir, "fails.js"),
      `"use strict";\nexports.runs = (globalThis.__ekRuns ?? 0) + 1;\nglobalThis.__ekRuns = exports.runs;\nthrow new Error("broken chunk");\n`,
    );
    const loader = createChunkLoader(dir, undefined);
    expect(() => loader.require(join(dir, "fails.js"))).toThrow("broken chunk");
    expect(() => loader.require(join(dir, "fails.js"))).toThrow("broken chunk");
    expect((globalThis as { __ekRuns?: number }).__ekRuns).toBe(2);
    expect(() => loader.require(join(dir, "absent.js"))).toThrow(/ENOENT/);
  });

  test("stack traces name the chunk's own file, line and column", () => {
    const a = createChunkLoader(dir, undefined).require(join(dir, "a.js")) as { where: () => string };
    expect(a.where()).toContain(`${join(dir, "a.js")}:4:23`);
  });

  // V8 keeps compiled scripts in memory, per process: whether a cache file is used or rejected only shows
  // in a new process, so each run below is one.
  const driver = join(root, "run.mjs");
  writeFileSync(
    driver,
    `import { createChunkLoader } from ${JSON.stringify(join(packageDir, "src", "launch", "chunk-loader.ts"))};
const loader = createChunkLoader(${JSON.stringify(dir)}, ${JSON.stringify(cacheDir)});
const next = loader.require(${JSON.stringify(join(dir, "a.js"))}).next(1);
loader.saveCodeCache();
console.log(JSON.stringify({ next, ...loader.stats }));
`,
  );
  const runInProcess = (): ChunkLoaderStats & { next: number } =>
    JSON.parse(execFileSync(node, [driver], { encoding: "utf8" })) as ChunkLoaderStats & { next: number };

  test("writes each chunk's code cache once, and the next process uses it", () => {
    const first = runInProcess();
    expect(first).toEqual({
      next: 2,
      loaded: ["a.js", "b.js"],
      fromCache: [],
      written: ["a.js.v8", "b.js.v8"],
    });
    expect(readdirSync(cacheDir).sort()).toEqual(["a.js.v8", "b.js.v8"]); // no temporary file left
    const second = runInProcess();
    expect(second).toEqual({ next: 2, loaded: ["a.js", "b.js"], fromCache: ["a.js", "b.js"], written: [] });
  });

  test("a damaged or foreign cache is rejected by V8, not run, and written anew", () => {
    const damaged = join(cacheDir, "b.js.v8");
    writeFileSync(damaged, Buffer.from("not a code cache"));
    expect(runInProcess()).toEqual({
      next: 2,
      loaded: ["a.js", "b.js"],
      fromCache: ["a.js"],
      written: ["b.js.v8"],
    });
    expect(readFileSync(damaged).toString("latin1")).not.toContain("not a code cache");
    expect(runInProcess().fromCache).toEqual(["a.js", "b.js"]);
  });

  test("a cache folder that cannot be made is skipped without a word", () => {
    const blocked = join(root, "a-file");
    writeFileSync(blocked, "");
    const loader = createChunkLoader(dir, join(blocked, "cache"));
    expect((loader.require(join(dir, "a.js")) as { next: (x: number) => number }).next(0)).toBe(1);
    expect(() => loader.saveCodeCache()).not.toThrow();
    expect(loader.stats.written).toEqual([]);
  });
});

describe("old bundles' code caches", () => {
  test("all but the most recently written few are removed, never the current bundle's", () => {
    const root = mkdtempSync(join(tmpdir(), "enginekit-prune-"));
    try {
      // five bundles, written one minute apart; "b2" is the current one, though old
      for (const [i, name] of ["b0", "b1", "b2", "b3", "b4"].entries()) {
        mkdirSync(join(root, name, "enginekit-lint"), { recursive: true });
        writeFileSync(join(root, name, "enginekit-lint", "x.js.v8"), "cache");
        const when = new Date(Date.UTC(2026, 0, 1, 0, i));
        utimesSync(join(root, name), when, when);
      }
      writeFileSync(join(root, "not-a-folder"), "");
      pruneBundleCaches(join(root, "b2", "enginekit-lint"), 3);
      // kept: the current bundle and the two most recent others
      expect(readdirSync(root).sort()).toEqual(["b2", "b3", "b4", "not-a-folder"]);
      // the current bundle's folder is now the most recently written
      expect(statSync(join(root, "b2")).mtimeMs).toBeGreaterThan(statSync(join(root, "b4")).mtimeMs);
      expect(() => pruneBundleCaches(join(root, "absent", "b2", "enginekit-lint"))).not.toThrow();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
