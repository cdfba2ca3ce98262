/**
 * `@enginekit/build-context/ignore`: the `.engineignore` matcher alone (build-context-anchors §3), without
 * the packer and the upload — what the linter's "COPY of an ignored path" rule shares with `enginekit build`.
 * Importing it never loads the api schemas or undici.
 */
export { EngineRegexpNotLoadedError, engineRegexpLoaded, loadEngineRegexp } from "./engine-regexp.js";
export { IgnoreFileError } from "./ignore-file-error.js";
export {
  type ExceptionMode,
  type IgnoreDecision,
  IgnoreMatcher,
  type IgnorePattern,
  normaliseMatchPath,
  type ParentMatchState,
} from "./ignore-matcher.js";
export {
  DOCKER_IGNORE_FILE_NAME,
  IGNORE_FILE_NAME,
  type IgnoreFileCandidate,
  ignoreFileCandidates,
  ignoreFileCandidatesWithReasons,
  type LoadedIgnoreFile,
  loadIgnoreFile,
  parseIgnoreFile,
} from "./load-ignore-file.js";
export {
  type IgnoreLine,
  MAX_IGNORE_LINE_BYTES,
  type ReadIgnoreOptions,
  readIgnoreLines,
} from "./read-ignore-file.js";
