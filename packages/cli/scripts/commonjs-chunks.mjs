/**
 * Turns the ES module files esbuild writes for the bundle into the CommonJS modules the bundle's chunk
 * loader runs (src/launch/chunk-loader.ts, docs/cli.md "Start-up"): `import`/`export` become
 * `require`/`exports`, `import()` of a chunk becomes a `require` in a promise (the loader's), and
 * `import.meta.url`/`filename`/`dirname` the module's own file. Each stays a plain CommonJS module that
 * Node's `require` could load as well.
 */
import { createHash } from "node:crypto";
import { transform } from "esbuild";

const IMPORT_META_URL = 'var __ekImportMetaUrl = require("node:url").pathToFileURL(__filename).href;';

/**
 * The CommonJS form of `source`, the ES module esbuild wrote as `fileName`. Strict mode is kept (ES
 * modules are strict). Throws a one-line error naming the file (and line and column) on what a
 * script cannot hold (top-level await) and on anything esbuild warns about (an `import.meta` it cannot
 * map).
 */
export async function toCommonJs(source, fileName) {
  // a hashbang line becomes a comment: a script cannot start with one, and line numbers stay as they are
  const body = source.startsWith("#!") ? `//${source.slice(2)}` : source;
  const result = await transform(body, {
    format: "cjs",
    platform: "node",
    target: "node22",
    sourcefile: fileName,
    supported: { "dynamic-import": false },
    define: {
      "import.meta.url": "__ekImportMetaUrl",
      "import.meta.filename": "__filename",
      "import.meta.dirname": "__dirname",
    },
    banner: `"use strict";${body.includes("import.meta.url") ? IMPORT_META_URL : ""}`,
    logLevel: "silent",
    // asn1 (under ssh2, for `--ssh` key files) writes `!strings instanceof Array`, always false; bundling
    // keeps its meaning, so this one lint of third-party code is not a reason to stop.
    logOverride: { "suspicious-boolean-not": "silent" },
  }).catch((error) => {
    const first = error.errors?.[0];
    const at = first?.location ? `:${first.location.line}:${first.location.column + 1}` : "";
    throw new Error(
      `bundle: ${fileName}${at} cannot become a CommonJS chunk: ${first?.text ?? error.message}`,
    );
  });
  if (result.warnings.length > 0)
    throw new Error(`bundle: ${fileName}: ${result.warnings.map((w) => w.text).join("; ")}`);
  return result.code;
}

/** A short id of a set of files (`[name, content]` pairs, in any order): 16 hex digits of SHA-256. */
export function contentId(files) {
  const hash = createHash("sha256");
  for (const [name, content] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    hash.update(`${name}\0${content.length}\0`).update(content);
  return hash.digest("hex").slice(0, 16);
}
