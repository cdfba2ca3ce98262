/**
 * Response and update schemas of containers (engine §2.3, §2.4, §4.1): list items, inspect (state, health,
 * config, host config, network settings), wait, top, changes, update, archive stat, and the `{ Id }` answer.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import {
  responseBoolean,
  responseList,
  responseNumber,
  responseString,
  responseStringMap,
} from "./common.js";
import { containerConfigShape } from "./container-create.js";
import { HostConfigObject, RestartPolicy } from "./host-config.js";
import { requestObject } from "./request-object.js";
import { asResponse } from "./response.js";

/** Address fields of an endpoint, also repeated for the default network at the top of inspect `NetworkSettings`. */
function endpointAddressFields(source: string) {
  return {
    EndpointID: responseString("ID of the endpoint.", source),
    Gateway: responseString("IPv4 gateway.", source),
    IPAddress: responseString("IPv4 address.", source),
    IPPrefixLen: responseNumber("IPv4 prefix length.", source),
    IPv6Gateway: responseString("IPv6 gateway.", source),
    GlobalIPv6Address: responseString("Global IPv6 address.", source),
    GlobalIPv6PrefixLen: responseNumber("Global IPv6 prefix length.", source),
    MacAddress: responseString("MAC address.", source),
  };
}

/** A container network endpoint as listed and inspected (engine §2.3 "Endpoint object"). */
export const EndpointResource = z.looseObject({
  IPAMConfig: documented(
    z
      .looseObject({
        IPv4Address: z.string().optional(),
        IPv6Address: z.string().optional(),
        LinkLocalIPs: z.array(z.string()).nullable().optional(),
      })
      .nullable(),
    { description: "Static IPAM settings of the endpoint.", source: "engine §2.3" },
  ).optional(),
  Links: responseList(z.string(), "Links of the endpoint.", "engine §2.3"),
  Aliases: responseList(z.string(), "Network-scoped aliases.", "engine §2.3"),
  NetworkID: responseString("ID of the network.", "engine §2.3"),
  ...endpointAddressFields("engine §2.3"),
});
export type EndpointResource = z.infer<typeof EndpointResource>;

/** A mount of a container as listed and inspected (engine §2.3 "Mount object"). */
export const MountPoint = z.looseObject({
  Type: responseString("Mount type (bind, volume, tmpfs ...).", "engine 20.10", {
    decision: "Not in the document; sent by the engine 20.10.",
  }),
  Name: responseString("Volume name (volumes only).", "engine §2.3"),
  Source: responseString("Source on the host.", "engine §2.3"),
  Destination: responseString("Path in the container.", "engine §2.3"),
  Driver: responseString("Volume driver.", "engine §2.3"),
  Mode: responseString("Mode options (e.g. ro, z).", "engine §2.3"),
  RW: responseBoolean("Whether the mount is writable.", "engine §2.3"),
  Propagation: responseString("Bind propagation mode.", "engine §2.3"),
});
export type MountPoint = z.infer<typeof MountPoint>;

/** One published or exposed port in a container list item (engine §2.3). */
export const ContainerPort = z.looseObject({
  IP: responseString("Host IP the port is bound to.", "engine 20.10"),
  PrivatePort: responseNumber("Port inside the container.", "engine §2.3"),
  PublicPort: responseNumber("Port on the host (absent when not published).", "engine §2.3"),
  Type: responseString("Protocol (tcp, udp).", "engine §2.3"),
});
export type ContainerPort = z.infer<typeof ContainerPort>;

/** Item of `GET /containers/json` (engine §2.3). */
export const ContainerSummary = z.looseObject({
  Id: documented(z.string(), { description: "Container ID.", source: "engine §2.3" }),
  Names: responseList(z.string(), "Names of the container, each with a leading '/'.", "engine §2.3"),
  Image: responseString("Image the container was created from, as given.", "engine §2.3"),
  ImageID: responseString("ID of the image.", "engine §2.3"),
  Command: responseString("Command line, joined by spaces.", "engine §2.3"),
  Created: responseNumber("Creation time.", "engine §2.3", { unit: "Unix seconds" }),
  State: responseString(
    "State name (created, restarting, running, paused, exited, dead).",
    "engine §2.3, §3.1",
  ),
  Status: responseString('Human-readable status, e.g. "Up 5 minutes".', "engine §2.3"),
  Ports: responseList(ContainerPort, "Ports.", "engine §2.3"),
  Labels: responseStringMap("Labels.", "engine §2.3"),
  SizeRw: responseNumber("Size of files changed in the container (with `size`).", "engine §2.3", {
    unit: "bytes",
  }),
  SizeRootFs: responseNumber("Total size of the container's files (with `size`).", "engine §2.3", {
    unit: "bytes",
  }),
  HostConfig: documented(z.looseObject({ NetworkMode: z.string().optional() }), {
    description: "{ NetworkMode }.",
    source: "engine §2.3",
  }).optional(),
  NetworkSettings: documented(
    z.looseObject({ Networks: z.record(z.string(), EndpointResource).nullable().optional() }).nullable(),
    { description: "{ Networks: map network name to endpoint }.", source: "engine §2.3" },
  ).optional(),
  Mounts: responseList(MountPoint, "Mounts.", "engine §2.3"),
});
export type ContainerSummary = z.infer<typeof ContainerSummary>;

/** One health check result in inspect `State.Health.Log` (engine 20.10). */
export const HealthcheckResult = z.looseObject({
  Start: responseString("Start time (RFC 3339).", "engine 20.10"),
  End: responseString("End time (RFC 3339).", "engine 20.10"),
  ExitCode: responseNumber("Exit code of the check: 0 healthy, 1 unhealthy.", "engine 20.10"),
  Output: responseString("Output of the check.", "engine 20.10"),
});

/** `State.Health` of an inspected container with a health check (engine 20.10; not in the document). */
export const ContainerHealth = z.looseObject({
  Status: responseString("starting, healthy or unhealthy.", "engine 20.10"),
  FailingStreak: responseNumber("Consecutive failed checks.", "engine 20.10"),
  Log: responseList(HealthcheckResult, "The last check results.", "engine 20.10"),
});
export type ContainerHealth = z.infer<typeof ContainerHealth>;

/** `State` of an inspected container (engine §2.4). */
export const ContainerState = z.looseObject({
  Status: responseString(
    "State name (created, restarting, running, paused, exited, dead).",
    "engine §2.4, §3.1",
  ),
  Running: responseBoolean("Running.", "engine §2.4"),
  Paused: responseBoolean("Paused.", "engine §2.4"),
  Restarting: responseBoolean("Restarting.", "engine §2.4"),
  OOMKilled: responseBoolean("Killed by the OOM killer.", "engine §2.4"),
  Dead: responseBoolean("Dead.", "engine §2.4"),
  Pid: responseNumber("Process ID of the main process (0 when not running).", "engine §2.4"),
  ExitCode: responseNumber("Exit code of the last run.", "engine §2.4"),
  Error: responseString("Error message of the last run.", "engine §2.4"),
  StartedAt: responseString("Start time (RFC 3339).", "engine §2.4"),
  FinishedAt: responseString(
    "Finish time (RFC 3339; 0001-01-01T00:00:00Z when never finished).",
    "engine §2.4",
  ),
  Health: documented(ContainerHealth, {
    description: "Health check status.",
    source: "engine 20.10",
  }).optional(),
});
export type ContainerState = z.infer<typeof ContainerState>;

/** Inspect `Config`: the create configuration (engine §2.1) echoed back, plus `OnBuild` (engine §2.4). */
export const ContainerConfigInspect = asResponse(requestObject(containerConfigShape)).extend({
  OnBuild: responseList(z.string(), "ONBUILD instructions of the image.", "engine §2.4"),
});
export type ContainerConfigInspect = z.infer<typeof ContainerConfigInspect>;

/** Inspect `HostConfig`: the request's HostConfig echoed back plus `ContainerIDFile` and `IpcMode` (engine §2.2). */
export const HostConfigInspect = asResponse(HostConfigObject).extend({
  ContainerIDFile: responseString("Path of the file the container ID was written to.", "engine §2.2"),
  IpcMode: responseString("IPC namespace mode.", "engine §2.2"),
});
export type HostConfigInspect = z.infer<typeof HostConfigInspect>;

/** Inspect `NetworkSettings` (engine §2.4). */
export const ContainerNetworkSettings = z.looseObject({
  Bridge: responseString("Bridge name.", "engine §2.4"),
  SandboxID: responseString("Network sandbox ID.", "engine §2.4"),
  HairpinMode: responseBoolean("Hairpin NAT.", "engine §2.4"),
  LinkLocalIPv6Address: responseString("Link-local IPv6 address.", "engine §2.4"),
  LinkLocalIPv6PrefixLen: responseNumber("Link-local IPv6 prefix length.", "engine §2.4"),
  Ports: documented(
    z
      .record(
        z.string(),
        z.array(z.looseObject({ HostIp: z.string().optional(), HostPort: z.string().optional() })).nullable(),
      )
      .nullable(),
    {
      description: "Port bindings: map <port>/<protocol> to host bindings (null when not published).",
      source: "engine §2.4",
    },
  ).optional(),
  SandboxKey: responseString("Path of the sandbox's network namespace.", "engine §2.4"),
  SecondaryIPAddresses: responseList(z.unknown(), "Secondary IPv4 addresses.", "engine §2.4"),
  SecondaryIPv6Addresses: responseList(z.unknown(), "Secondary IPv6 addresses.", "engine §2.4"),
  ...endpointAddressFields("engine §2.4"),
  Networks: documented(z.record(z.string(), EndpointResource).nullable(), {
    description: "Endpoints per network name.",
    source: "engine §2.4",
  }).optional(),
});
export type ContainerNetworkSettings = z.infer<typeof ContainerNetworkSettings>;

/** `GET /containers/(id)/json` (engine §2.4). */
export const ContainerInspect = z.looseObject({
  Id: documented(z.string(), { description: "Container ID.", source: "engine §2.4" }),
  Created: responseString("Creation time (ISO 8601).", "engine §2.4"),
  Path: responseString("Path of the command.", "engine §2.4"),
  Args: responseList(z.string(), "Arguments of the command.", "engine §2.4"),
  State: documented(ContainerState, { description: "Run state.", source: "engine §2.4" }).optional(),
  Image: responseString("ID of the image.", "engine §2.4"),
  ResolvConfPath: responseString("Path of the container's resolv.conf on the host.", "engine §2.4"),
  HostnamePath: responseString("Path of the container's hostname file on the host.", "engine §2.4"),
  HostsPath: responseString("Path of the container's hosts file on the host.", "engine §2.4"),
  LogPath: responseString("Path of the json-file log.", "engine §2.4"),
  Name: responseString("Name with a leading '/'.", "engine §2.4"),
  RestartCount: responseNumber("Number of restarts by the restart policy.", "engine §2.4"),
  Driver: responseString("Storage driver.", "engine §2.4"),
  MountLabel: responseString("SELinux mount label.", "engine §2.4"),
  ProcessLabel: responseString("SELinux process label.", "engine §2.4"),
  AppArmorProfile: responseString("AppArmor profile.", "engine §2.4"),
  ExecIDs: responseList(z.string(), "IDs of exec instances.", "engine §2.4"),
  HostConfig: documented(HostConfigInspect, {
    description: "Host configuration.",
    source: "engine §2.2, §2.4",
  }).optional(),
  Mounts: responseList(MountPoint, "Mounts.", "engine §2.4"),
  Config: documented(ContainerConfigInspect, {
    description: "Container configuration.",
    source: "engine §2.1, §2.4",
  }).optional(),
  NetworkSettings: documented(ContainerNetworkSettings, {
    description: "Network settings.",
    source: "engine §2.4",
  }).optional(),
  SizeRw: responseNumber("Size of changed files (with size=1).", "engine §2.4", { unit: "bytes" }),
  SizeRootFs: responseNumber("Total size (with size=1).", "engine §2.4", { unit: "bytes" }),
});
export type ContainerInspect = z.infer<typeof ContainerInspect>;

/** `POST /containers/(id)/wait` 200 response (engine §4.1). */
export const ContainerWaitResponse = z.looseObject({
  StatusCode: documented(z.number(), { description: "Exit code of the container.", source: "engine §4.1" }),
});
export type ContainerWaitResponse = z.infer<typeof ContainerWaitResponse>;

/** `GET /containers/(id)/top` 200 response (engine §4.1). */
export const ContainerTopResponse = z.looseObject({
  Titles: documented(z.array(z.string()), { description: "Column titles of ps.", source: "engine §4.1" }),
  Processes: documented(z.array(z.array(z.string())).nullable(), {
    description: "One row of column values per process.",
    source: "engine §4.1",
  }),
});
export type ContainerTopResponse = z.infer<typeof ContainerTopResponse>;

/** Kind of a filesystem change: 0 modify, 1 add, 2 delete (engine §4.1). */
export const CHANGE_KINDS = { modify: 0, add: 1, delete: 2 } as const;

/** Item of `GET /containers/(id)/changes` (engine §4.1). */
export const ContainerChange = z.looseObject({
  Path: documented(z.string(), { description: "Changed path.", source: "engine §4.1" }),
  Kind: documented(z.number(), { description: "0 modified, 1 added, 2 deleted.", source: "engine §4.1" }),
});
export type ContainerChange = z.infer<typeof ContainerChange>;

const updateSource = "engine §4.1";

/**
 * `POST /containers/(id)/update` body (engine §4.1): any of the listed resource fields. Field schemas and
 * limits are those of HostConfig.
 */
export const ContainerUpdateBody = requestObject({
  BlkioWeight: HostConfigObject.shape.BlkioWeight,
  CpuShares: HostConfigObject.shape.CpuShares,
  CpuPeriod: HostConfigObject.shape.CpuPeriod,
  CpuQuota: HostConfigObject.shape.CpuQuota,
  CpusetCpus: HostConfigObject.shape.CpusetCpus,
  CpusetMems: HostConfigObject.shape.CpusetMems,
  Memory: HostConfigObject.shape.Memory,
  MemorySwap: HostConfigObject.shape.MemorySwap,
  MemoryReservation: HostConfigObject.shape.MemoryReservation,
  KernelMemory: HostConfigObject.shape.KernelMemory,
  RestartPolicy: documented(RestartPolicy, {
    description: "New restart policy.",
    source: updateSource,
  }).optional(),
});
export type ContainerUpdateBody = z.infer<typeof ContainerUpdateBody>;

/** `POST /containers/(id)/update` 200 response (engine §4.1). */
export const ContainerUpdateResponse = z.looseObject({
  Warnings: documented(z.array(z.string()).nullable(), {
    description: "Warnings.",
    source: updateSource,
  }).optional(),
});
export type ContainerUpdateResponse = z.infer<typeof ContainerUpdateResponse>;

/**
 * The decoded `X-Engine-Container-Path-Stat` header (base64 of JSON) of HEAD/GET
 * `/containers/(id)/archive` (engine §4.1 archive rule 3). The engine 20.10 names the header
 * `X-Docker-Container-Path-Stat`.
 */
export const ContainerPathStat = z.looseObject({
  name: documented(z.string(), { description: "Base name of the path.", source: "engine §4.1" }),
  size: documented(z.number(), { description: "Size.", unit: "bytes", source: "engine §4.1" }),
  mode: documented(z.number(), {
    description:
      "File mode bits (Go os.FileMode: permission bits plus type bits such as 1<<31 for directories).",
    source: "engine §4.1",
  }),
  mtime: documented(z.string(), { description: "Modification time (RFC 3339).", source: "engine §4.1" }),
  linkTarget: documented(z.string(), { description: "Symlink target, or empty.", source: "engine §4.1" }),
});
export type ContainerPathStat = z.infer<typeof ContainerPathStat>;

/** `POST /commit` 201 response and similar `{ Id }` bodies (engine §4.2). */
export const IdResponse = z.looseObject({
  Id: documented(z.string(), { description: "ID of the created object.", source: "engine §4.2" }),
});
export type IdResponse = z.infer<typeof IdResponse>;
