/**
 * The consistency layer in one list: every check `docker compose config` makes after the schema (compose-go
 * `loader/validate.go` `checkConsistency`), one module per concern, plus `depends_on` cycles, which Compose
 * refuses only at `up`.
 */
import type { ComposeObject } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import { buildSecretSources } from "./build-secret-source.js";
import { CheckContext } from "./check-context.js";
import { containerNameScale } from "./container-name-scale.js";
import { dependsOnCycles } from "./depends-on-cycle.js";
import { duplicateMountTargets } from "./duplicate-mount-target.js";
import { healthcheckTests } from "./healthcheck-test.js";
import { imageOrBuild } from "./image-or-build.js";
import { networkModeConflicts } from "./network-mode-conflict.js";
import { resourceConflicts } from "./resource-conflict.js";
import { secretSources } from "./secret-source.js";
import { undefinedConfigs } from "./undefined-config.js";
import { undefinedNetworks } from "./undefined-network.js";
import { undefinedSecrets } from "./undefined-secret.js";
import { undefinedVolumes } from "./undefined-volume.js";
import { unknownServices } from "./unknown-service.js";

const CHECKS = [
  imageOrBuild,
  undefinedNetworks,
  undefinedVolumes,
  undefinedSecrets,
  undefinedConfigs,
  unknownServices,
  dependsOnCycles,
  networkModeConflicts,
  resourceConflicts,
  containerNameScale,
  healthcheckTests,
  duplicateMountTargets,
  secretSources,
  buildSecretSources,
];

/** Runs every consistency check on the merged model. Never throws. */
export function consistencyFindings(model: ComposeObject): ComposeFinding[] {
  const context = new CheckContext(model);
  return CHECKS.flatMap((check) => check(context));
}
