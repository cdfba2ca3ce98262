import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
// @ts-expect-error: a build script in plain JavaScript, without type declarations
import { contentId, toCommonJs } from "../scripts/commonjs-chunks.mjs";
import { createChunkLoader } from "../src/launch/chunk-loader.js";

const convert = toCommonJs as (source: string, fileName: string) => Promise<string>;

describe("the bundle's ES module chunks made CommonJS (scripts/commonjs-chunks.mjs)", () => {
  const dir = mkdtempSync(join(tmpdir(), "enginekit-cjs-chunks-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("imports, exports, import() of a chunk and import.meta run as they did, in strict mode", async () => {
    writeFileSync(
      join(dir, "entry.js"),
      await convert(
        `#!/usr/bin/env node
import { twice } from "./shared.js";
export const four = twice(2);
export const url = import.meta.url;
export const file = import.meta.filename;
export const folder = import.meta.dirname;
export const later = () => import("./later.js").then((m) => m.value);
export function sloppy() { undeclared = 1; }
`,
        "entry.js",
      ),
    );
    writeFileSync(join(dir, "shared.js"), await convert("export const twice = (x) => 2 * x;\n", "shared.js"));
    writeFileSync(join(dir, "later.js"), await convert("export const value = 'later';\n", "later.js"));
    const entry = createChunkLoader(dir, undefined).require(join(dir, "entry.js")) as {
      four: number;
      url: string;
      file: string;
      folder: string;
      later: () => Promise<string>;
      sloppy: () => void;
    };
    expect(entry.four).toBe(4);
    expect(entry.url).toBe(pathToFileURL(join(dir, "entry.js")).href);
    expect(entry.file).toBe(join(dir, "entry.js"));
    expect(entry.folder).toBe(dir);
    expect(await entry.later()).toBe("later");
    expect(() => entry.sloppy()).toThrow(ReferenceError);
  });

  test("what a script cannot do is a build error naming the file", async () => {
    await expect(convert("await Promise.resolve(1);\nexport {};\n", "worker.main.js")).rejects.toThrow(
      /^bundle: worker\.main\.js:1:1 cannot become a CommonJS chunk: Top-level await [^\n]*$/,
    );
    await expect(convert("export const r = import.meta.resolve('x');\n", "odd.js")).rejects.toThrow(
      /^bundle: odd\.js: .*import\.meta/,
    );
  });

  test("the bundle id changes with any file's content or name, not with their order", () => {
    const files: [string, string][] = [
      ["a.js", "exports.x = 1;"],
      ["b.js", "exports.y = 2;"],
    ];
    const id = (contentId as (f: [string, string][]) => string)(files);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(contentId([...files].reverse())).toBe(id);
    // same length, other text: V8 would accept the old code cache, so the id must differ
    expect(contentId([files[0], ["b.js", "exports.y = 3;"]])).not.toBe(id);
    expect(contentId([files[0], ["c.js", "exports.y = 2;"]])).not.toBe(id);
  });
});
