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
export {
  type BuildFile,
  type ContextPlan,
  DEFAULT_ENGINEFILE,
  type PlanOptions,
  type PreparedContext,
  planContext,
  prepareContext,
} from "./pack/plan-context.js";
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
  type BuilderFlags,
  type BuilderParameters,
  builderParameters,
  CLASSIC_ONLY,
  CLASSIC_ONLY_BEFORE_1_42,
  checkFlagSupport,
  FLAG_SUPPORT,
  ignoredByBuildkit,
} from "./upload/buildkit/builder-parameters.js";
export {
  BUILDKIT_MIN_API_VERSION,
  type Builder,
  type BuilderChoice,
  buildkitUnsupported,
  chooseBuilder,
  type EngineBuilderFacts,
  explicitBuilder,
} from "./upload/buildkit/choose-builder.js";
export {
  parseSecretFlag,
  parseSshFlag,
  readSecrets,
  type SecretSource,
  type SshSource,
  svcSecretSource,
} from "./upload/buildkit/secret-sources.js";
export {
  type BuildSession,
  openBuildSession,
  type SessionEngine,
  type SessionServices,
} from "./upload/buildkit/session/build-session.js";
export { FileSync, type FileSyncSource } from "./upload/buildkit/session/file-sync.js";
export {
  type ProgressEvent,
  parseStepName,
  SolveProgress,
  type StepName,
  type VertexState,
  vertexSeconds,
} from "./upload/buildkit/solve-progress.js";
export {
  BUILDKIT_TRACE_ID,
  decodeStatusResponse,
  type SourcePosition,
  type StatusResponse,
  traceOf,
  type Vertex,
  type VertexLog,
  type VertexStatus,
  type VertexWarning,
} from "./upload/buildkit/status-response.js";
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
