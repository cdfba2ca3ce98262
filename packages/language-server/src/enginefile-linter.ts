/**
 * The Enginefile half of `@enginekit/lint` that the server uses from start-up: analysis, the Enginefile
 * rules and the default settings. Every other module takes these names from here, so the server's static
 * import graph meets the linter in one place.
 *
 * Why one place: in the CLI bundle, any static import of the `@enginekit/lint` root makes `enginekit lsp`
 * load every chunk behind that root that another command keeps live — zod, the `@enginekit/api` schemas,
 * YAML (measured: ~1.2 MB of chunks at `initialize`; without them `initialize` came at 0.22 s instead of
 * 0.28 s after spawn, medians of 21 interleaved runs with the names taken from `@enginekit/lint/files` in
 * a test build). These names are Enginefile-half modules that `@enginekit/lint/files` already reaches
 * but does not export yet; once it does, this module imports them from there and the server starts without
 * the manifest stack (src/manifest-stack/manifest-stack.ts), and test/manifest-stack-loading.test.ts no
 * longer needs to substitute this module.
 */
export { analyzeEnginefile, DEFAULT_SETTINGS, lintAnalyzedEnginefile } from "@enginekit/lint";
