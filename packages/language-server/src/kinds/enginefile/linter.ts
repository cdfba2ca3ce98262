/**
 * The Enginefile half of `@enginekit/lint` that the server uses from start-up: analysis, the Enginefile
 * rules and the default settings, from the light entry `@enginekit/lint/files`. Every other module takes
 * these names from here, so the server's static import graph meets the linter in one place.
 *
 * Why the light entry: in the CLI bundle, a static import of the `@enginekit/lint` root makes `enginekit
 * lsp` load every chunk behind that root that another command keeps live — zod, the `@enginekit/api`
 * schemas, YAML (~1.2 MB of chunks at `initialize`; with the light entry `initialize` came at 0.22 s
 * instead of 0.28 s after spawn, medians of 21 interleaved runs). The manifest half loads with the first
 * manifest (src/kinds/manifest/services.ts); test/kind-loading.test.ts keeps it so.
 */
export {
  analyzeEnginefile,
  type ComposeServiceSecrets,
  composeBuildSecretsFor,
  DEFAULT_SETTINGS,
  lintAnalyzedEnginefile,
  readImagePlatforms,
} from "@enginekit/lint/files";
