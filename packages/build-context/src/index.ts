/** @enginekit/build-context: .engineignore matcher, build-context tar packer and POST /build uploader. */
export * from "./ignore/index.js";
export { ContextError } from "./pack/context-error.js";
export {
  type PackOptions,
  type PackProgress,
  packContext,
  RECYCLE_ARENA_BYTES,
  tarChunks,
} from "./pack/pack-stream.js";
export { type ContextPlan, DEFAULT_ENGINEFILE, type PlanOptions, planContext } from "./pack/plan-context.js";
export { encodeHeader, type TarHeader, TypeFlag } from "./pack/tar-header.js";
export {
  type ContextEntry,
  compareNames,
  type ExcludedEntry,
  type WalkProblem,
} from "./pack/walk-context.js";
export {
  BuildFlagError,
  parseBuildArgs,
  parseByteSize,
  parseByteSizeOrUnlimited,
  parseCpuList,
  parseInteger,
  parseLabels,
} from "./upload/build-flags.js";
export { formatMessage, imageIdOf } from "./upload/build-stream.js";
export {
  parseSecretRegistryAuth,
  RegistryCredentialsError,
  readCredentialsFile,
  readSecretRegistryAuth,
  type SecretRegistryAuth,
} from "./upload/registry-credentials.js";
export {
  BuildFailedError,
  type BuildParameters,
  BuildQueryError,
  type BuildResult,
  buildQueryFor,
  type RunBuildOptions,
  runBuild,
} from "./upload/run-build.js";
