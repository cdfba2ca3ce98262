/**
 * Query schemas of volumes, networks, plugins, nodes, swarm, services and tasks (engine §4.5–§4.11).
 */
import { z } from "zod";
import { documented } from "../../../meta.js";
import { NODE_ROLES } from "../node.js";
import { requestObject } from "../request-object.js";
import { BOOLEAN_FILTER_VALUES, filters, queryBoolean, requiredQueryString } from "./query-fields.js";

/** `GET /volumes` query (engine §4.5). */
export const VolumeListQuery = requestObject({
  filters: filters("GET /volumes", "engine §4.5", {
    name: { description: "Volume name (partial match)." },
    dangling: {
      description: "true/1: unused by containers; false/0: in use.",
      values: BOOLEAN_FILTER_VALUES,
    },
    driver: { description: "Driver (partial match)." },
  }),
});
export type VolumeListQuery = z.infer<typeof VolumeListQuery>;

/** `GET /networks` query (engine §4.6). */
export const NetworkListQuery = requestObject({
  filters: filters("GET /networks", "engine §4.6", {
    driver: { description: "Driver name." },
    id: { description: "Network ID (partial)." },
    label: { description: "key or key=value." },
    name: { description: "Network name (partial)." },
    type: { description: "custom (user-defined) or builtin.", values: ["custom", "builtin"] },
  }),
});
export type NetworkListQuery = z.infer<typeof NetworkListQuery>;

/** `POST /plugins/pull` query (engine §4.7). */
export const PluginPullQuery = requestObject({
  name: requiredQueryString(
    "name",
    "Plugin to pull; may include a tag (default latest) or digest.",
    "engine §4.7",
  ),
});
export type PluginPullQuery = z.infer<typeof PluginPullQuery>;

/** `GET /nodes` query (engine §4.8). */
export const NodeListQuery = requestObject({
  filters: filters("GET /nodes", "engine §4.8", {
    id: { description: "Node ID." },
    label: { description: "Engine label." },
    membership: { description: "Membership.", values: ["accepted", "pending"] },
    name: { description: "Node name." },
    role: { description: "Role.", values: NODE_ROLES },
  }),
});
export type NodeListQuery = z.infer<typeof NodeListQuery>;

/** `DELETE /nodes/(id)` query (engine §4.8). */
export const NodeDeleteQuery = requestObject({
  force: queryBoolean("Remove the node even if it is still part of the swarm.", "engine §4.8", {
    default: false,
  }),
});
export type NodeDeleteQuery = z.infer<typeof NodeDeleteQuery>;

const objectVersion = (source: string) =>
  documented(z.int({ error: "version must be an integer" }).min(0, { error: "version must be at least 0" }), {
    description: "Version.Index of the object being updated (optimistic concurrency).",
    source,
  });

/** `POST /nodes/(id)/update` query (engine §4.8). */
export const NodeUpdateQuery = requestObject({ version: objectVersion("engine §4.8") });
export type NodeUpdateQuery = z.infer<typeof NodeUpdateQuery>;

/** `POST /swarm/leave` query (engine §4.9). */
export const SwarmLeaveQuery = requestObject({
  force: queryBoolean("Leave even as the last manager or when it breaks the cluster.", "engine §4.9, §3.3", {
    default: false,
  }),
});
export type SwarmLeaveQuery = z.infer<typeof SwarmLeaveQuery>;

/** `POST /swarm/update` query (engine §4.9). */
export const SwarmUpdateQuery = requestObject({
  version: objectVersion("engine §4.9"),
  rotateWorkerToken: queryBoolean("Replace the worker join token.", "engine §4.9, §5", { default: false }),
  rotateManagerToken: queryBoolean("Replace the manager join token.", "engine §4.9, §5", { default: false }),
});
export type SwarmUpdateQuery = z.infer<typeof SwarmUpdateQuery>;

/** `GET /services` query (engine §4.10). */
export const ServiceListQuery = requestObject({
  filters: filters("GET /services", "engine §4.10", {
    id: { description: "Service ID." },
    label: { description: "key or key=value." },
    name: { description: "Service name." },
  }),
});
export type ServiceListQuery = z.infer<typeof ServiceListQuery>;

/** `POST /services/(id)/update` query (engine §4.10). */
export const ServiceUpdateQuery = requestObject({ version: objectVersion("engine §4.10") });
export type ServiceUpdateQuery = z.infer<typeof ServiceUpdateQuery>;

/** Task desired-state filter values (engine §3.5, §4.11). */
export const TASK_DESIRED_STATES = ["running", "shutdown", "accepted"] as const;

/** `GET /tasks` query (engine §4.11). */
export const TaskListQuery = requestObject({
  filters: filters("GET /tasks", "engine §4.11", {
    id: { description: "Task ID." },
    name: { description: "Task name." },
    service: { description: "Service ID or name." },
    node: { description: "Node ID or name." },
    label: { description: "key or key=value." },
    "desired-state": { description: "Desired state.", values: TASK_DESIRED_STATES },
  }),
});
export type TaskListQuery = z.infer<typeof TaskListQuery>;
