#!/usr/bin/env node
/**
 * Build step of @enginekit/cli: bundles the command into `dist/bundle/` with esbuild, because start-up is
 * dominated by resolving and loading hundreds of small modules (docs/cli.md "Start-up").
 *
 * esbuild writes ES module chunks (entry points `enginekit.main` — the command; subcommand actions stay
 * separate chunks, loaded when they run — and `lint-worker.main`, the linter's worker thread), which are
 * then made CommonJS modules (commonjs-chunks.mjs) that the bundle's own loader runs with a V8 code cache
 * made after the command has run (src/launch/chunk-loader.ts, built as `chunk-loader.cjs`). The files
 * Node starts are two small scripts: `enginekit.js` (the command) and `lint-worker.js` (found beside the
 * bundle as @enginekit/lint expects), and `package.json` marks the folder CommonJS.
 * The language server is bundled too, as chunks only `enginekit lsp` loads (an editor waited ~0.2 s longer
 * for `initialize` when it was loaded from its package's hundreds of modules); the secrets dev server is
 * bundled the same way, as chunks only `secrets dev` loads, so the bundle needs no package at run time
 * (the published `enginekit` package has no dependencies, docs/install.md). Beside the bundle:
 * `enginekit.cjs`, the bin (launcher/enginekit.cjs: checks the Node version with launcher/node-version.cjs,
 * in syntax any Node parses, then runs `enginekit.js`, whose first line runs the same check), and `../seed/demo.yaml`, the dev server's demo seed, which its bundled
 * code finds at `../seed/demo.yaml` from the chunk as it does from its package's `dist/`, and
 * `../rule-pages/`, the rule pages (docs/rules) that diagnostics link to.
 * Workspace packages are bundled from their TypeScript sources (the `@enginekit/source` condition).
 */
import { copyFile, cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { contentId, toCommonJs } from "./commonjs-chunks.mjs";

const nodeRequire = createRequire(import.meta.url);

/**
 * Built-ins a lint seldom needs, loaded on the first call of one of their functions rather than when the
 * chunk importing them loads: `fs/promises` brings streams and `readline` with it (about 25 internal
 * modules), `v8` its heap utilities, `os` one module. A one-file lint then loads 13 internal modules
 * fewer; medians of 50 interleaved runs, twice: 85.3–87.5 → 82.8–83.7 ms. These have no default export
 * (nothing imports one).
 */
const LOADED_ON_FIRST_CALL = new Set(["node:fs/promises", "node:v8", "node:os"]);

/**
 * Each import of a {@link LOADED_ON_FIRST_CALL} built-in resolves to a module that exports the names the
 * bundle uses (each a pure call, so the unused ones are dropped by tree shaking): plain functions as
 * wrappers that take the built-in from `process.getBuiltinModule` on their first call; anything else
 * (constants, classes, which `new` and `instanceof` need as they are) read when the importing chunk
 * loads. Other built-ins are plain `require`s once the chunks are CommonJS (commonjs-chunks.mjs), which
 * build no ES facade: an ES import of a built-in made Node read every export, running the lazy getters
 * of `node:fs`, `node:util` and others (about 35 internal modules a lint never used).
 */
const builtinsLoadedOnFirstCall = {
  name: "builtins-loaded-on-first-call",
  setup(b) {
    // `require()` of a built-in (CommonJS dependencies) stays a plain require
    b.onResolve({ filter: /^node:/ }, (args) =>
      args.kind === "import-statement" &&
      LOADED_ON_FIRST_CALL.has(args.path) &&
      // dependencies may import a default (log-update's ansi-escapes: `import os from 'node:os'`)
      !args.importer.includes("/node_modules/")
        ? { path: args.path, namespace: "node-builtin" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "node-builtin" }, (args) => {
      const builtin = nodeRequire(args.path);
      const names = Object.keys(builtin).filter((n) => n !== "default" && /^[A-Za-z_$][\w$]*$/.test(n));
      const id = JSON.stringify(args.path);
      const lines = [
        "let __ekBuiltin;",
        `const __ekLoad = () => (__ekBuiltin ??= process.getBuiltinModule(${id}));`,
        "const __ekExport = (name) => __ekLoad()[name];",
        ...names.map((n) =>
          typeof builtin[n] === "function" && !/^[A-Z]/.test(n)
            ? `export function ${n}(...args) { return __ekLoad().${n}(...args); }`
            : `export const ${n} = /* @__PURE__ */ __ekExport(${JSON.stringify(n)});`,
        ),
      ];
      return { contents: lines.join("\n"), loader: "js" };
    });
  },
};

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const outdir = join(packageDir, "dist", "bundle");
const seedDir = join(packageDir, "dist", "seed");
const { version } = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
await rm(outdir, { recursive: true, force: true });
await rm(seedDir, { recursive: true, force: true });
const { outputFiles } = await build({
  entryPoints: {
    "enginekit.main": join(packageDir, "src", "bin.ts"),
    "lint-worker.main": join(packageDir, "..", "lint", "src", "node", "lint-worker.ts"),
  },
  outdir,
  write: false,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  conditions: ["@enginekit/source"],
  mainFields: ["module", "main"],
  plugins: [builtinsLoadedOnFirstCall],
  // ssh2 (`--ssh` key files) tries its optional native speed-ups inside try/catch; without them it is pure
  // JavaScript, which is what the bundle ships.
  external: ["cpu-features", "*.node"],
  define: { ENGINEKIT_VERSION: JSON.stringify(version) },
  legalComments: "none",
  logLevel: "warning",
});
const chunks = await Promise.all(
  outputFiles.map(async (f) => [basename(f.path), await toCommonJs(f.text, basename(f.path))]),
);
await mkdir(outdir, { recursive: true });
await Promise.all(chunks.map(([name, code]) => writeFile(join(outdir, name), code)));
await build({
  entryPoints: [join(packageDir, "src", "launch", "run-entry.ts")],
  outfile: join(outdir, "chunk-loader.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node22",
  define: { ENGINEKIT_BUNDLE_ID: JSON.stringify(contentId(chunks)) },
  legalComments: "none",
  logLevel: "warning",
});
/**
 * The file Node starts for a bundle entry: it runs `<entry>.main.js` through the chunk loader. The
 * command's entry first checks the Node version (launcher/node-version.cjs, ES5), so `node enginekit.js`
 * on an older Node says which one it needs, as the bin does, instead of failing in a chunk.
 */
const entryScript = (entry, { codeCache, checkNode }) =>
  `"use strict";\n${checkNode ? 'require("./node-version.cjs");\n' : ""}require("./chunk-loader.cjs").runBundleEntry(__dirname, ${JSON.stringify(entry)}, { codeCache: ${codeCache} });\n`;
await writeFile(
  join(outdir, "enginekit.js"),
  `#!/usr/bin/env node\n${entryScript("enginekit", { codeCache: true, checkNode: true })}`,
  { mode: 0o755 },
);
await writeFile(
  join(outdir, "lint-worker.js"),
  entryScript("lint-worker", { codeCache: false, checkNode: false }),
);
await writeFile(join(outdir, "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
await copyFile(join(packageDir, "launcher", "enginekit.cjs"), join(outdir, "enginekit.cjs"));
await copyFile(join(packageDir, "launcher", "node-version.cjs"), join(outdir, "node-version.cjs"));
await cp(join(packageDir, "..", "secrets-dev-server", "seed"), seedDir, { recursive: true });
// The rule pages (docs/rules), which diagnostics link to as installed files (@enginekit/lint rule-uri.ts
// looks for `../rule-pages/` from the chunk): `dist/rule-pages/<id>.md`.
await rm(join(packageDir, "dist", "rule-pages"), { recursive: true, force: true });
await cp(join(packageDir, "..", "..", "docs", "rules"), join(packageDir, "dist", "rule-pages"), {
  recursive: true,
});
console.log(`bundle: wrote ${outdir}`);
