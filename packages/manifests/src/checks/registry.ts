/**
 * Every body check (one file per check, `check.ts`), in the order `engine-advisories.ts` runs them.
 * A new check is one file here and one line in this list.
 */

import { autoRemoveRestartPolicy } from "./auto-remove-restart-policy.js";
import type { BodyCheck } from "./check.js";
import { deviceCgroupPermissions } from "./device-cgroup-permissions.js";
import { endpointPortProtocol } from "./endpoint-port-protocol.js";
import { endpointPublishMode } from "./endpoint-publish-mode.js";
import { endpointTargetPort } from "./endpoint-target-port.js";
import { exposedPortKey } from "./exposed-port-key.js";
import { healthcheckTestKind } from "./healthcheck-test-kind.js";
import { hostNetworkPublishedPorts } from "./host-network-published-ports.js";
import { memorySwapBelowMinusOne } from "./memory-swap-below-minus-one.js";
import { nanoCpusZeroQuota } from "./nano-cpus-zero-quota.js";
import { negativeMemoryReservation } from "./negative-memory-reservation.js";
import { negativeTaskPidsLimit } from "./negative-task-pids-limit.js";
import { nullLabel } from "./null-label.js";
import { pidsLimitBelowMinusOne } from "./pids-limit-below-minus-one.js";
import { portBindingKey } from "./port-binding-key.js";
import { retryCountWithoutOnFailure } from "./retry-count-without-on-failure.js";
import { rollbackFailureRatio } from "./rollback-failure-ratio.js";
import { taskResourceLimit } from "./task-resource-limit.js";
import { unknownPidMode } from "./unknown-pid-mode.js";
import { unknownUtsMode } from "./unknown-uts-mode.js";

/** The checks, in run order. */
export const BODY_CHECKS: readonly BodyCheck[] = [
  nullLabel,
  exposedPortKey,
  healthcheckTestKind,
  autoRemoveRestartPolicy,
  memorySwapBelowMinusOne,
  negativeMemoryReservation,
  nanoCpusZeroQuota,
  pidsLimitBelowMinusOne,
  retryCountWithoutOnFailure,
  portBindingKey,
  hostNetworkPublishedPorts,
  deviceCgroupPermissions,
  unknownPidMode,
  unknownUtsMode,
  endpointPortProtocol,
  endpointPublishMode,
  endpointTargetPort,
  rollbackFailureRatio,
  taskResourceLimit,
  negativeTaskPidsLimit,
];
