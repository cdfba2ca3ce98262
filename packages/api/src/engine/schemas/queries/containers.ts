/**
 * Query schemas of the container and exec endpoints (engine §4.1, §4.4): list, inspect, top, logs, stats,
 * resize, start, stop, restart, kill, rename, attach, delete and archive.
 */
import { z } from "zod";
import { documented } from "../../../meta.js";
import { ContainerName } from "../container-create.js";
import { detachKeys, signal } from "../formats.js";
import { ENGINE_LIMITS, intAtLeast } from "../limits.js";
import { requestObject } from "../request-object.js";
import { filters, queryBoolean, queryString, requiredQueryString } from "./query-fields.js";

const source = "engine §4.1";

/** Container states (engine §3.1), also the `status` filter's values. */
export const CONTAINER_STATES = ["created", "restarting", "running", "paused", "exited", "dead"] as const;

/** `GET /containers/json` query (engine §4.1). */
export const ContainerListQuery = requestObject({
  all: queryBoolean("Show all containers (default: running only).", source, { default: false }),
  limit: documented(intAtLeast("limit", 0), {
    description: "Show this many last-created containers, including non-running ones.",
    unit: "count",
    source,
  }).optional(),
  since: queryString("Show containers created after this container ID.", source),
  before: queryString("Show containers created before this container ID.", source),
  size: queryBoolean("Return SizeRw and SizeRootFs.", source, { default: false }),
  filters: filters("GET /containers/json", source, {
    exited: { description: "Exit code (integer as a string)." },
    status: { description: "Container state.", values: CONTAINER_STATES },
    label: { description: "key or key=value." },
    isolation: {
      description: "Isolation technology (Windows only).",
      values: ["default", "process", "hyperv"],
    },
    ancestor: { description: "Image name[:tag], image ID or image@digest." },
    before: { description: "Container ID or name." },
    since: { description: "Container ID or name." },
    volume: { description: "Volume name or mount destination." },
    network: { description: "Network ID or name." },
    id: {
      description: "Container ID (prefix).",
      decision: "Not in the document; the engine 20.10 supports it.",
    },
    name: {
      description: "Container name (partial).",
      decision: "Not in the document; the engine 20.10 supports it.",
    },
    health: {
      description: "Health status.",
      values: ["starting", "healthy", "unhealthy", "none"],
      decision: "Not in the document; the engine 20.10 supports it.",
    },
  }),
});
export type ContainerListQuery = z.infer<typeof ContainerListQuery>;

/** `GET /containers/(id)/json` query (engine §4.1). */
export const ContainerInspectQuery = requestObject({
  size: queryBoolean("Return SizeRw and SizeRootFs.", source, { default: false }),
});
export type ContainerInspectQuery = z.infer<typeof ContainerInspectQuery>;

/** `GET /containers/(id)/top` query (engine §4.1). */
export const ContainerTopQuery = requestObject({
  ps_args: queryString("Arguments to ps.", source, { default: ENGINE_LIMITS.psArgsDefault }),
});
export type ContainerTopQuery = z.infer<typeof ContainerTopQuery>;

const tailMessage = 'tail must be "all" or a number of lines';

/** `GET /containers/(id)/logs` query (engine §4.1). */
export const ContainerLogsQuery = requestObject({
  details: queryBoolean("Show extra details given to the log driver.", source, { default: false }),
  follow: queryBoolean("Keep streaming new output.", source, { default: false }),
  stdout: queryBoolean("Include stdout.", source, { default: false }),
  stderr: queryBoolean("Include stderr.", source, { default: false }),
  timestamps: queryBoolean("Prefix each line with its timestamp.", source, { default: false }),
  since: documented(intAtLeast("since", 0), {
    description: "Only output since this time.",
    unit: "Unix seconds",
    default: 0,
    source,
  }).optional(),
  tail: documented(
    z.union([z.literal("all"), z.string().regex(/^\d+$/, { error: tailMessage })], { error: tailMessage }),
    {
      description: 'Number of lines from the end, or "all".',
      default: "all",
      source,
    },
  ).optional(),
});
export type ContainerLogsQuery = z.infer<typeof ContainerLogsQuery>;

/** `GET /containers/(id)/stats` query (engine §4.1). */
export const ContainerStatsQuery = requestObject({
  stream: queryBoolean("Stream samples; false returns one sample then disconnects.", source, {
    default: true,
  }),
});
export type ContainerStatsQuery = z.infer<typeof ContainerStatsQuery>;

/** `h` and `w` of the resize endpoints (engine §4.1, §4.4), in characters. */
const terminalSize = {
  h: documented(intAtLeast("h", 0), {
    description: "Height of the tty in characters.",
    unit: "count",
    source,
  }),
  w: documented(intAtLeast("w", 0), {
    description: "Width of the tty in characters.",
    unit: "count",
    source,
  }),
};

/** `POST /containers/(id)/resize` query (engine §4.1). */
export const ContainerResizeQuery = requestObject(terminalSize);
export type ContainerResizeQuery = z.infer<typeof ContainerResizeQuery>;

/** `POST /exec/(id)/resize` query (engine §4.4); valid only if the exec instance has `Tty`. */
export const ExecResizeQuery = requestObject(terminalSize);
export type ExecResizeQuery = z.infer<typeof ExecResizeQuery>;

const detachKeysParameter = documented(detachKeys("detachKeys"), {
  description: "Key sequence that detaches: one character or ctrl-<value>, comma-separated.",
  source,
}).optional();

/** `POST /containers/(id)/start` query (engine §4.1). */
export const ContainerStartQuery = requestObject({ detachKeys: detachKeysParameter });
export type ContainerStartQuery = z.infer<typeof ContainerStartQuery>;

const stopTimeout = documented(intAtLeast("t", 0), {
  description: "Seconds to wait before killing the container.",
  unit: "seconds",
  source,
}).optional();

/** `POST /containers/(id)/stop` query (engine §4.1). */
export const ContainerStopQuery = requestObject({ t: stopTimeout });
export type ContainerStopQuery = z.infer<typeof ContainerStopQuery>;

/** `POST /containers/(id)/restart` query (engine §4.1). */
export const ContainerRestartQuery = requestObject({ t: stopTimeout });
export type ContainerRestartQuery = z.infer<typeof ContainerRestartQuery>;

/** `POST /containers/(id)/kill` query (engine §4.1). */
export const ContainerKillQuery = requestObject({
  signal: documented(signal("signal"), {
    description: "Signal to send: a name such as SIGINT or a number.",
    default: ENGINE_LIMITS.killSignalDefault,
    source,
  }).optional(),
});
export type ContainerKillQuery = z.infer<typeof ContainerKillQuery>;

/** `POST /containers/(id)/rename` query (engine §4.1). */
export const ContainerRenameQuery = requestObject({ name: ContainerName });
export type ContainerRenameQuery = z.infer<typeof ContainerRenameQuery>;

const attachFields = {
  detachKeys: detachKeysParameter,
  logs: queryBoolean("Return the logs.", source, { default: false }),
  stream: queryBoolean("Attach to the live streams.", source, { default: false }),
  stdin: queryBoolean("Attach stdin (if stream).", source, { default: false }),
  stdout: queryBoolean("stdout: logs if logs, attach if stream.", source, { default: false }),
  stderr: queryBoolean("stderr: logs if logs, attach if stream.", source, { default: false }),
};

/** `POST /containers/(id)/attach` query (engine §4.1). */
export const ContainerAttachQuery = requestObject(attachFields);
export type ContainerAttachQuery = z.infer<typeof ContainerAttachQuery>;

/** `GET /containers/(id)/attach/ws` query (engine §4.1; stdin/stdout/stderr as in the document's example). */
export const ContainerAttachWebsocketQuery = requestObject(attachFields);
export type ContainerAttachWebsocketQuery = z.infer<typeof ContainerAttachWebsocketQuery>;

/** `DELETE /containers/(id)` query (engine §4.1). */
export const ContainerDeleteQuery = requestObject({
  v: queryBoolean("Remove the container's anonymous volumes.", source, { default: false }),
  force: queryBoolean("Kill a running container, then remove it.", source, { default: false }),
  link: queryBoolean("Remove the named link instead of the container.", source, { default: false }),
});
export type ContainerDeleteQuery = z.infer<typeof ContainerDeleteQuery>;

const archivePath = requiredQueryString(
  "path",
  "Path in the container; relative paths are relative to its root.",
  source,
);

/** `HEAD` and `GET /containers/(id)/archive` query (engine §4.1). */
export const ContainerArchiveQuery = requestObject({ path: archivePath });
export type ContainerArchiveQuery = z.infer<typeof ContainerArchiveQuery>;

/** `PUT /containers/(id)/archive` query (engine §4.1). */
export const ContainerArchivePutQuery = requestObject({
  path: requiredQueryString("path", "Directory in the container to extract into; must exist.", source),
  noOverwriteDirNonDir: queryBoolean(
    "Make replacing a directory by a non-directory (or the reverse) an error.",
    source,
    { default: false },
  ),
});
export type ContainerArchivePutQuery = z.infer<typeof ContainerArchivePutQuery>;
