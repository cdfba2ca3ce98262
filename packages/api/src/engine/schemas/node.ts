/**
 * Swarm node schemas (engine §2.10, §3.5): roles, availabilities, the node spec sent on update, and a node.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { clusterEnvelope, labels, responseBoolean, responseString } from "./common.js";
import { requestObject } from "./request-object.js";
import { asResponse } from "./response.js";

const source = "engine §2.10";

/** Node roles (engine §2.10, §3.5). */
export const NODE_ROLES = ["worker", "manager"] as const;
/** Node availabilities (engine §2.10, §3.5). */
export const NODE_AVAILABILITIES = ["active", "pause", "drain"] as const;

/**
 * `POST /nodes/(id)/update` body: the node spec (engine §2.10, §4.8). The payload replaces the current
 * spec; omitted fields reset to empty or the cluster default.
 */
export const NodeSpec = requestObject({
  Name: documented(z.string(), { description: "Node name.", source: "engine §4.8" }).optional(),
  Labels: labels("engine §4.8"),
  Role: documented(z.enum(NODE_ROLES, { error: 'Role must be "worker" or "manager"' }), {
    description: "Role of the node.",
    source: "engine §4.8",
  }),
  Availability: documented(
    z.enum(NODE_AVAILABILITIES, { error: 'Availability must be "active", "pause" or "drain"' }),
    {
      description: "Availability of the node for tasks.",
      source: "engine §4.8",
      decision:
        "The document also lists Annotations, whose contents are not shown; in the engine, Annotations is the embedded Name and Labels, so there is no Annotations key.",
    },
  ),
});
export type NodeSpec = z.infer<typeof NodeSpec>;

/** A swarm node (engine §2.10). */
export const Node = z.looseObject({
  ...clusterEnvelope,
  Spec: documented(asResponse(NodeSpec), { description: "Node settings.", source }).optional(),
  Description: documented(
    z.looseObject({
      Hostname: responseString("Host name.", source),
      Platform: z.looseObject({ Architecture: z.string().optional(), OS: z.string().optional() }).optional(),
      Resources: z
        .looseObject({ NanoCPUs: z.number().optional(), MemoryBytes: z.number().optional() })
        .optional(),
      Engine: z
        .looseObject({
          EngineVersion: z.string().optional(),
          Labels: z.record(z.string(), z.string()).nullable().optional(),
          Plugins: z
            .array(z.looseObject({ Type: z.string().optional(), Name: z.string().optional() }))
            .nullable()
            .optional(),
        })
        .optional(),
    }),
    { description: "Host name, platform, resources (NanoCPUs, MemoryBytes) and engine of the node.", source },
  ).optional(),
  Status: documented(
    z.looseObject({
      State: z.string().optional(),
      Message: z.string().optional(),
      Addr: z.string().optional(),
    }),
    { description: "State (e.g. ready).", source },
  ).optional(),
  ManagerStatus: documented(
    z.looseObject({
      Leader: responseBoolean("Raft leader.", source),
      Reachability: responseString("Reachability (reachable, unreachable).", source),
      Addr: responseString("Manager address.", source),
    }),
    { description: "Manager status (managers only).", source },
  ).optional(),
});
export type Node = z.infer<typeof Node>;
