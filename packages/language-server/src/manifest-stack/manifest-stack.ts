/**
 * `MANIFEST_STACK`: the server's manifest half (analysis, lint, completion, hover, symbols, online secret
 * checks) in one module loaded only when a manifest is opened (the project's own design, for start-up time).
 */
import { memoryFileSystem, nodeFileSystem } from "@enginekit/compose";
import {
  analyzeComposeFile,
  analyzeManifest,
  lintAnalyzedCompose,
  lintAnalyzedManifest,
} from "@enginekit/lint";
import { checkSecretReferences } from "@enginekit/manifests";
import { manifestCompletion } from "../features/manifest/completion.js";
import { manifestHover } from "../features/manifest/hover.js";
import { manifestSymbols } from "../features/manifest/symbols.js";

/**
 * The server's manifest half, in one module that only `loadManifestStack` imports (dynamically): reading
 * and checking a manifest against the `@enginekit/api` schemas, the manifest half of the linter, Compose files
 * checked within their project (`@enginekit/compose` through the linter), schema-driven
 * completion and hover (field docs), symbols and the online secret-reference check. Everything it imports
 * brings zod, the api schema modules and YAML with it, which an Enginefile-only session never needs: moving
 * it out of start-up brought `initialize` in the CLI bundle from 0.37 to 0.28 s after spawn (medians of 21
 * interleaved runs; docs/language-server.md "Performance"). One exported name, so a bundler's
 * dynamic-import chunk holds nothing else.
 */
export const MANIFEST_STACK = {
  analyzeComposeFile,
  lintAnalyzedCompose,
  memoryFileSystem,
  nodeFileSystem,
  analyzeManifest,
  lintAnalyzedManifest,
  checkSecretReferences,
  manifestCompletion,
  manifestHover,
  manifestSymbols,
};

/** The shape of {@link MANIFEST_STACK}, for the loader's (type-only) import. */
export type ManifestStack = typeof MANIFEST_STACK;
