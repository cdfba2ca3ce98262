/**
 * The swarm task schema (engine §2.10).
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { clusterEnvelope, responseList, responseNumber, responseString } from "./common.js";
import { asResponse } from "./response.js";
import { TaskSpec } from "./service.js";

const source = "engine §2.10";

/** A swarm task (engine §2.10). */
export const Task = z.looseObject({
  ...clusterEnvelope,
  Name: responseString("Task name (optional).", source),
  Spec: documented(asResponse(TaskSpec), { description: "The task template.", source }).optional(),
  ServiceID: responseString("ID of the service.", source),
  Slot: responseNumber("Slot number (replicated services).", source),
  NodeID: responseString("ID of the node running it.", source),
  Status: documented(
    z.looseObject({
      Timestamp: responseString("Time of the status (RFC 3339).", source),
      State: responseString("State, e.g. running, shutdown.", "engine §2.10, §3.5"),
      Message: responseString("Message.", source),
      Err: responseString("Error.", "engine 20.10"),
      ContainerStatus: z
        .looseObject({
          ContainerID: z.string().optional(),
          PID: z.number().optional(),
          ExitCode: z.number().optional(),
        })
        .optional(),
    }),
    { description: "Current status.", source },
  ).optional(),
  DesiredState: responseString("Desired state (running, shutdown, accepted).", "engine §2.10, §3.5"),
  NetworksAttachments: responseList(
    z.looseObject({
      Network: z.record(z.string(), z.unknown()).optional(),
      Addresses: z.array(z.string()).nullable().optional(),
    }),
    "Attached networks: {Network (with Spec, DriverState, IPAMOptions), Addresses (CIDR)}.",
    source,
  ),
});
export type Task = z.infer<typeof Task>;
