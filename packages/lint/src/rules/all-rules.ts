/**
 * `RULES`: every lint rule, imported from its own file, Enginefile rules first, in documentation order (the
 * project's own registry, one file per rule as ESLint keeps them).
 */
import type { Rule } from "../model/rule.js";
import addInsteadOfCopy from "./best-practice/add-instead-of-copy.js";
import apkNoCache from "./best-practice/apk-no-cache.js";
import aptListsCleanup from "./best-practice/apt-lists-cleanup.js";
import aptNoInstallRecommends from "./best-practice/apt-no-install-recommends.js";
import cdInRun from "./best-practice/cd-in-run.js";
import consecutiveRun from "./best-practice/consecutive-run.js";
import copyDestinationSlash from "./best-practice/copy-destination-slash.js";
import copyRelativeDestination from "./best-practice/copy-relative-destination.js";
import copyThenExtract from "./best-practice/copy-then-extract.js";
import curlAndWget from "./best-practice/curl-and-wget.js";
import definitionDescription from "./best-practice/definition-description.js";
import execFormCommand from "./best-practice/exec-form-command.js";
import finalUserRoot from "./best-practice/final-user-root.js";
import healthcheckMissing from "./best-practice/healthcheck-missing.js";
import latestBaseImage from "./best-practice/latest-base-image.js";
import legacyKeyValue from "./best-practice/legacy-key-value.js";
import lnBinSh from "./best-practice/ln-bin-sh.js";
import maintainerDeprecated from "./best-practice/maintainer-deprecated.js";
import multipleInstructions from "./best-practice/multiple-instructions.js";
import noSudo from "./best-practice/no-sudo.js";
import packageManagerConfirm from "./best-practice/package-manager-confirm.js";
import pipNoCacheDir from "./best-practice/pip-no-cache-dir.js";
import pipefail from "./best-practice/pipefail.js";
import pointlessCommand from "./best-practice/pointless-command.js";
import relativeWorkdir from "./best-practice/relative-workdir.js";
import rpmCacheCleanup from "./best-practice/rpm-cache-cleanup.js";
import shellcheck from "./best-practice/shellcheck.js";
import trustedRegistry from "./best-practice/trusted-registry.js";
import unconfiguredBuildSecret from "./best-practice/unconfigured-build-secret.js";
import untaggedBaseImage from "./best-practice/untagged-base-image.js";
import useAptGet from "./best-practice/use-apt-get.js";
import userNumeric from "./best-practice/user-numeric.js";
import useraddNoLogInit from "./best-practice/useradd-no-log-init.js";
import wgetProgress from "./best-practice/wget-progress.js";
import yarnCacheClean from "./best-practice/yarn-cache-clean.js";
import zypperDistUpgrade from "./best-practice/zypper-dist-upgrade.js";
import composeBuildAndImage from "./compose/build-and-image.js";
import composeBuildSecretSource from "./compose/build-secret-source.js";
import composeCapDropAll from "./compose/cap-drop-all.js";
import composeContainerName from "./compose/container-name.js";
import composeContainerNameScale from "./compose/container-name-scale.js";
import composeDangerousCapability from "./compose/dangerous-capability.js";
import composeDependsOnCycle from "./compose/depends-on-cycle.js";
import composeDependsOnOrder from "./compose/depends-on-order.js";
import composeDuplicateContainerName from "./compose/duplicate-container-name.js";
import composeDuplicateKey from "./compose/duplicate-key.js";
import composeDuplicateMountTarget from "./compose/duplicate-mount-target.js";
import composeDuplicatePublishedPort from "./compose/duplicate-published-port.js";
import composeEngineAdvisory from "./compose/engine-advisory.js";
import composeEngineLimit from "./compose/engine-limit.js";
import composeEngineSocket from "./compose/engine-socket.js";
import composeExtends from "./compose/extends.js";
import composeFile from "./compose/file.js";
import composeHealthcheckTest from "./compose/healthcheck-test.js";
import composeHostDevice from "./compose/host-device.js";
import composeHostNamespace from "./compose/host-namespace.js";
import composeImageDigest from "./compose/image-digest.js";
import composeImageOrBuild from "./compose/image-or-build.js";
import composeImageTag from "./compose/image-tag.js";
import composeInclude from "./compose/include.js";
import composeInterpolation from "./compose/interpolation.js";
import composeLoggingDisabled from "./compose/logging-disabled.js";
import composeMerge from "./compose/merge.js";
import composeNetworkModeConflict from "./compose/network-mode-conflict.js";
import composeNoNewPrivileges from "./compose/no-new-privileges.js";
import composePlainSecret from "./compose/plain-secret.js";
import composePortAllInterfaces from "./compose/port-all-interfaces.js";
import composePortsOrder from "./compose/ports-order.js";
import composePrivileged from "./compose/privileged.js";
import composeProjectName from "./compose/project-name.js";
import composeQuotedVolume from "./compose/quoted-volume.js";
import composeReadOnly from "./compose/read-only.js";
import composeResourceConflict from "./compose/resource-conflict.js";
import composeResourceLimits from "./compose/resource-limits.js";
import composeRootUser from "./compose/root-user.js";
import composeSchema from "./compose/schema.js";
import composeSecretSource from "./compose/secret-source.js";
import composeSensitiveHostPath from "./compose/sensitive-host-path.js";
import composeServiceKeysOrder from "./compose/service-keys-order.js";
import composeServicesOrder from "./compose/services-order.js";
import composeSharedPropagation from "./compose/shared-propagation.js";
import composeSyntax from "./compose/syntax.js";
import composeTmpfsExec from "./compose/tmpfs-exec.js";
import composeTopLevelOrder from "./compose/top-level-order.js";
import composeUnconfinedProfile from "./compose/unconfined-profile.js";
import composeUndefinedConfig from "./compose/undefined-config.js";
import composeUndefinedNetwork from "./compose/undefined-network.js";
import composeUndefinedSecret from "./compose/undefined-secret.js";
import composeUndefinedVolume from "./compose/undefined-volume.js";
import composeUnknownKey from "./compose/unknown-key.js";
import composeUnknownService from "./compose/unknown-service.js";
import composeUnquotedPort from "./compose/unquoted-port.js";
import composeUnsetVariable from "./compose/unset-variable.js";
import composeVersionField from "./compose/version-field.js";
import ignoreExceptionUnreachable from "./ignore-file/ignore-exception-unreachable.js";
import ignoreExcludesBuildFile from "./ignore-file/ignore-excludes-build-file.js";
import ignorePatternDuplicate from "./ignore-file/ignore-pattern-duplicate.js";
import ignorePatternRegexp from "./ignore-file/ignore-pattern-regexp.js";
import ignorePatternSyntax from "./ignore-file/ignore-pattern-syntax.js";
import ignorePatternUnmatched from "./ignore-file/ignore-pattern-unmatched.js";
import labelEmpty from "./labels/label-empty.js";
import labelKeyInvalid from "./labels/label-key-invalid.js";
import labelRequired from "./labels/label-required.js";
import labelSuperfluous from "./labels/label-superfluous.js";
import labelValueFormat from "./labels/label-value-format.js";
import internalError from "./linter/internal-error.js";
import invalidSuppression from "./linter/invalid-suppression.js";
import suppressionForbidden from "./linter/suppression-forbidden.js";
import unusedSuppression from "./linter/unused-suppression.js";
import manifestApiVersion from "./manifest/api-version.js";
import manifestConstraint from "./manifest/constraint.js";
import manifestDuplicateKey from "./manifest/duplicate-key.js";
import manifestIgnoredValue from "./manifest/ignored-value.js";
import manifestInvalidType from "./manifest/invalid-type.js";
import manifestInvalidValue from "./manifest/invalid-value.js";
import manifestKindMismatch from "./manifest/kind-mismatch.js";
import manifestLimit from "./manifest/limit.js";
import manifestMissingField from "./manifest/missing-field.js";
import manifestNotAnObject from "./manifest/not-an-object.js";
import manifestSyntax from "./manifest/syntax.js";
import manifestUnknownKey from "./manifest/unknown-key.js";
import manifestUnknownKind from "./manifest/unknown-kind.js";
import apkVersionPin from "./pinning/apk-version-pin.js";
import aptVersionPin from "./pinning/apt-version-pin.js";
import dnfVersionPin from "./pinning/dnf-version-pin.js";
import gemVersionPin from "./pinning/gem-version-pin.js";
import goInstallVersionPin from "./pinning/go-install-version-pin.js";
import npmVersionPin from "./pinning/npm-version-pin.js";
import pipVersionPin from "./pinning/pip-version-pin.js";
import yumVersionPin from "./pinning/yum-version-pin.js";
import zypperVersionPin from "./pinning/zypper-version-pin.js";
import secretPlainValue from "./secret/plain-value.js";
import secretRefFieldNotFound from "./secret-ref/field-not-found.js";
import secretRefForbidden from "./secret-ref/forbidden.js";
import secretRefKv2Path from "./secret-ref/kv2-path.js";
import secretRefNotFound from "./secret-ref/not-found.js";
import secretRefSyntax from "./secret-ref/syntax.js";
import secretRefUnreachable from "./secret-ref/unreachable.js";
import copyIgnoredFile from "./security/copy-ignored-file.js";
import secretNameInArgEnv from "./security/secret-name-in-arg-env.js";
import secretReferenceInArgEnv from "./security/secret-reference-in-arg-env.js";
import copyFromSelf from "./stages/copy-from-self.js";
import copyFromUnknownStage from "./stages/copy-from-unknown-stage.js";
import copyWholeFilesystem from "./stages/copy-whole-filesystem.js";
import duplicateStageName from "./stages/duplicate-stage-name.js";
import fromPlatform from "./stages/from-platform.js";
import invalidBaseImagePlatform from "./stages/invalid-base-image-platform.js";
import invalidImageReference from "./stages/invalid-image-reference.js";
import redundantTargetPlatform from "./stages/redundant-target-platform.js";
import reservedStageName from "./stages/reserved-stage-name.js";
import stageNameCasing from "./stages/stage-name-casing.js";
import exposeFormat from "./syntax/expose-format.js";
import exposeHostPort from "./syntax/expose-host-port.js";
import exposeProtoCasing from "./syntax/expose-proto-casing.js";
import fromAsCasing from "./syntax/from-as-casing.js";
import healthcheckOptions from "./syntax/healthcheck-options.js";
import instructionArguments from "./syntax/instruction-arguments.js";
import instructionCasing from "./syntax/instruction-casing.js";
import invalidFlagValue from "./syntax/invalid-flag-value.js";
import invalidMount from "./syntax/invalid-mount.js";
import jsonFormMalformed from "./syntax/json-form-malformed.js";
import missingFrom from "./syntax/missing-from.js";
import noEmptyContinuation from "./syntax/no-empty-continuation.js";
import onbuildTrigger from "./syntax/onbuild-trigger.js";
import parseError from "./syntax/parse-error.js";
import stopsignalInvalid from "./syntax/stopsignal-invalid.js";
import unknownFlag from "./syntax/unknown-flag.js";
import unknownInstruction from "./syntax/unknown-instruction.js";
import unterminatedQuote from "./syntax/unterminated-quote.js";
import envSelfReference from "./variables/env-self-reference.js";
import invalidDefaultArgInFrom from "./variables/invalid-default-arg-in-from.js";
import invalidSubstitution from "./variables/invalid-substitution.js";
import undefinedArgInFrom from "./variables/undefined-arg-in-from.js";
import undefinedVariable from "./variables/undefined-variable.js";

/** Every rule, Enginefile rules first, in documentation order. Rule ids are unique (a test asserts it). */
export const RULES: readonly Rule[] = [
  exposeFormat,
  exposeHostPort,
  exposeProtoCasing,
  fromAsCasing,
  healthcheckOptions,
  instructionArguments,
  instructionCasing,
  invalidFlagValue,
  invalidMount,
  jsonFormMalformed,
  missingFrom,
  noEmptyContinuation,
  onbuildTrigger,
  parseError,
  stopsignalInvalid,
  unknownFlag,
  unknownInstruction,
  unterminatedQuote,
  copyFromSelf,
  copyFromUnknownStage,
  duplicateStageName,
  fromPlatform,
  invalidBaseImagePlatform,
  invalidImageReference,
  redundantTargetPlatform,
  reservedStageName,
  stageNameCasing,
  envSelfReference,
  invalidDefaultArgInFrom,
  invalidSubstitution,
  undefinedArgInFrom,
  undefinedVariable,
  addInsteadOfCopy,
  apkNoCache,
  aptListsCleanup,
  aptNoInstallRecommends,
  cdInRun,
  copyDestinationSlash,
  curlAndWget,
  definitionDescription,
  execFormCommand,
  finalUserRoot,
  latestBaseImage,
  legacyKeyValue,
  maintainerDeprecated,
  multipleInstructions,
  noSudo,
  packageManagerConfirm,
  pipNoCacheDir,
  relativeWorkdir,
  rpmCacheCleanup,
  trustedRegistry,
  unconfiguredBuildSecret,
  untaggedBaseImage,
  useAptGet,
  apkVersionPin,
  aptVersionPin,
  dnfVersionPin,
  gemVersionPin,
  goInstallVersionPin,
  npmVersionPin,
  pipVersionPin,
  yumVersionPin,
  zypperVersionPin,
  consecutiveRun,
  copyThenExtract,
  lnBinSh,
  pipefail,
  pointlessCommand,
  useraddNoLogInit,
  wgetProgress,
  yarnCacheClean,
  zypperDistUpgrade,
  shellcheck,
  labelKeyInvalid,
  labelRequired,
  labelSuperfluous,
  labelEmpty,
  labelValueFormat,
  copyRelativeDestination,
  healthcheckMissing,
  userNumeric,
  copyWholeFilesystem,
  copyIgnoredFile,
  secretNameInArgEnv,
  secretReferenceInArgEnv,
  manifestApiVersion,
  manifestConstraint,
  manifestDuplicateKey,
  manifestIgnoredValue,
  manifestInvalidType,
  manifestInvalidValue,
  manifestKindMismatch,
  manifestLimit,
  manifestMissingField,
  manifestNotAnObject,
  manifestSyntax,
  manifestUnknownKey,
  manifestUnknownKind,
  secretPlainValue,
  secretRefFieldNotFound,
  secretRefForbidden,
  secretRefKv2Path,
  secretRefNotFound,
  secretRefSyntax,
  secretRefUnreachable,
  composeSyntax,
  composeDuplicateKey,
  composeFile,
  composeInterpolation,
  composeUnsetVariable,
  composeExtends,
  composeInclude,
  composeMerge,
  composeSchema,
  composeUnknownKey,
  composeUndefinedNetwork,
  composeUndefinedVolume,
  composeUndefinedSecret,
  composeUndefinedConfig,
  composeUnknownService,
  composeDependsOnCycle,
  composeNetworkModeConflict,
  composeResourceConflict,
  composeContainerNameScale,
  composeHealthcheckTest,
  composeDuplicateMountTarget,
  composeImageOrBuild,
  composeSecretSource,
  composeBuildSecretSource,
  composeEngineLimit,
  composeEngineAdvisory,
  composeContainerName,
  composeDuplicateContainerName,
  composeDuplicatePublishedPort,
  composeEngineSocket,
  composePrivileged,
  composeDangerousCapability,
  composeHostNamespace,
  composeUnconfinedProfile,
  composeSensitiveHostPath,
  composePlainSecret,
  composeHostDevice,
  composeRootUser,
  composeLoggingDisabled,
  composeSharedPropagation,
  composeTmpfsExec,
  composeCapDropAll,
  composeReadOnly,
  composeResourceLimits,
  composeNoNewPrivileges,
  composePortAllInterfaces,
  composeImageTag,
  composeImageDigest,
  composeBuildAndImage,
  composeVersionField,
  composeProjectName,
  composeUnquotedPort,
  composeQuotedVolume,
  composeTopLevelOrder,
  composeServicesOrder,
  composeServiceKeysOrder,
  composeDependsOnOrder,
  composePortsOrder,
  unusedSuppression,
  invalidSuppression,
  suppressionForbidden,
  internalError,
  ignorePatternSyntax,
  ignorePatternRegexp,
  ignoreExceptionUnreachable,
  ignorePatternUnmatched,
  ignorePatternDuplicate,
  ignoreExcludesBuildFile,
];
