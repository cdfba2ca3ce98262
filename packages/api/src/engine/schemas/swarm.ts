/**
 * Swarm schemas (engine §2.10, §4.9): external CAs, Raft settings, the swarm spec, the init, join and
 * update bodies, the join tokens (secrets, engine §5) and `GET /swarm`.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { clusterEnvelope, labels, responseBoolean, responseString, StringMap } from "./common.js";
import { durationNs } from "./durations.js";
import { logDriver } from "./host-config.js";
import { intAtLeast } from "./limits.js";
import { requestObject } from "./request-object.js";
import { asResponse } from "./response.js";

const source = "engine §2.10";

/** An external CA of `CAConfig.ExternalCAs` (engine §2.10). */
export const ExternalCA = requestObject({
  Protocol: documented(z.enum(["cfssl"], { error: 'ExternalCAs Protocol must be "cfssl"' }), {
    description: "Protocol to talk to the CA; only cfssl.",
    source,
  }),
  URL: documented(z.string().min(1), { description: "URL of the CA.", source }),
  Options: documented(StringMap.nullable(), { description: "Protocol-specific options.", source }).optional(),
});
export type ExternalCA = z.infer<typeof ExternalCA>;

/** Raft settings of the swarm (engine §2.10). Tick counts are in seconds (one tick per second). */
export const RaftConfig = requestObject({
  SnapshotInterval: documented(intAtLeast("Raft.SnapshotInterval", 0), {
    description: "Log entries between snapshots.",
    unit: "count",
    source,
  }).optional(),
  KeepOldSnapshots: documented(intAtLeast("Raft.KeepOldSnapshots", 0), {
    description: "Snapshots to keep beyond the current one.",
    unit: "count",
    source,
  }).optional(),
  LogEntriesForSlowFollowers: documented(intAtLeast("Raft.LogEntriesForSlowFollowers", 0), {
    description: "Log entries kept after a snapshot to sync slow followers.",
    unit: "count",
    source,
  }).optional(),
  HeartbeatTick: documented(intAtLeast("Raft.HeartbeatTick", 1), {
    description: "Ticks between heartbeats (one tick is a second).",
    unit: "seconds",
    source,
  }).optional(),
  ElectionTick: documented(intAtLeast("Raft.ElectionTick", 1), {
    description: "Ticks without a leader before an election starts; must exceed HeartbeatTick.",
    unit: "seconds",
    source,
    decision: "Raft requires ElectionTick > HeartbeatTick; the document is silent, so we check it.",
  }).optional(),
}).superRefine((raft, ctx) => {
  if (
    raft.ElectionTick !== undefined &&
    raft.HeartbeatTick !== undefined &&
    raft.ElectionTick <= raft.HeartbeatTick
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["ElectionTick"],
      message: "Raft.ElectionTick must be greater than Raft.HeartbeatTick",
    });
  }
});
export type RaftConfig = z.infer<typeof RaftConfig>;

/** The swarm's settings (engine §2.10, §4.9). */
export const SwarmSpec = requestObject({
  Name: documented(z.string(), { description: 'Name of the swarm (default "default").', source }).optional(),
  Labels: labels(source),
  Orchestration: documented(
    requestObject({
      TaskHistoryRetentionLimit: documented(intAtLeast("Orchestration.TaskHistoryRetentionLimit", 0), {
        description: "Old tasks kept per service instance.",
        unit: "count",
        source,
      }).optional(),
    }),
    { description: "Orchestration settings.", source },
  ).optional(),
  Raft: documented(RaftConfig, { description: "Raft consensus settings.", source }).optional(),
  Dispatcher: documented(
    requestObject({
      HeartbeatPeriod: durationNs("Dispatcher.HeartbeatPeriod", {
        description: "Time between agent heartbeats.",
        source,
      }).optional(),
    }),
    { description: "Dispatcher settings.", source },
  ).optional(),
  CAConfig: documented(
    requestObject({
      NodeCertExpiry: durationNs("CAConfig.NodeCertExpiry", {
        description: "Validity of node certificates.",
        source,
      }).optional(),
      ExternalCAs: documented(z.array(ExternalCA).nullable(), {
        description: "External CAs that issue node certificates.",
        source,
        decision:
          "The document names a single ExternalCA object; the engine's field is the list ExternalCAs (ExternalCA would be ignored), so we use the engine's.",
      }).optional(),
    }),
    { description: "Certificate authority settings.", source },
  ).optional(),
  TaskDefaults: documented(
    requestObject({
      LogDriver: documented(
        requestObject({
          Name: documented(logDriver("TaskDefaults.LogDriver.Name"), { description: "Log driver.", source }),
          Options: documented(StringMap.nullable(), { description: "Driver options.", source }).optional(),
        }),
        { description: "Default log driver of tasks.", source },
      ).optional(),
    }),
    { description: "Defaults for new tasks.", source },
  ).optional(),
});
export type SwarmSpec = z.infer<typeof SwarmSpec>;

/** `host:port`, `interface:port`, `[ipv6]:port`, or without the port. */
const swarmAddress = (field: string) =>
  z.string().regex(/^(\[[0-9a-fA-F:.]+\]|[^:\s[\]]+)(:\d{1,5})?$/, {
    error: `${field} must be address:port or interface:port (the port may be omitted)`,
  });

/** `POST /swarm/init` body (engine §4.9). */
export const SwarmInitBody = requestObject({
  ListenAddr: documented(swarmAddress("ListenAddr"), {
    description:
      "Listen address for cluster traffic: address:port or interface:port; default port 2377 when omitted.",
    default: "0.0.0.0:2377",
    source: "engine §4.9",
  }).optional(),
  AdvertiseAddr: documented(swarmAddress("AdvertiseAddr"), {
    description:
      "Address advertised to other nodes; port defaults to the listen port; auto-detected when absent.",
    source: "engine §4.9",
  }).optional(),
  ForceNewCluster: documented(z.boolean(), {
    description: "Force creation of a new swarm.",
    default: false,
    source: "engine §4.9",
  }).optional(),
  Spec: documented(SwarmSpec, { description: "Swarm settings.", source: "engine §4.9" }).optional(),
});
export type SwarmInitBody = z.infer<typeof SwarmInitBody>;

/** `POST /swarm/join` body (engine §4.9). `JoinToken` is a secret. */
export const SwarmJoinBody = requestObject({
  ListenAddr: documented(swarmAddress("ListenAddr"), {
    description: "Listen address for cluster traffic.",
    source: "engine §4.9",
  }).optional(),
  AdvertiseAddr: documented(swarmAddress("AdvertiseAddr"), {
    description: "Address advertised to other nodes.",
    source: "engine §4.9",
  }).optional(),
  RemoteAddrs: documented(
    z
      .array(swarmAddress("RemoteAddrs entries"))
      .min(1, { error: "RemoteAddrs must list at least one manager address" }),
    {
      description: "Addresses of managers already in the swarm.",
      source: "engine §4.9",
      decision: "The document also calls it RemoteAddr; the engine's field is RemoteAddrs.",
    },
  ),
  JoinToken: documented(z.string().min(1, { error: "JoinToken must not be empty" }), {
    description: "Worker or manager join token (secret).",
    source: "engine §4.9, §5",
  }),
});
export type SwarmJoinBody = z.infer<typeof SwarmJoinBody>;

/** Join tokens of the swarm (secrets; engine §2.10, §5). */
export const JoinTokens = z.looseObject({
  Worker: responseString("Token to join as a worker (secret).", source),
  Manager: responseString("Token to join as a manager (secret).", source),
});
export type JoinTokens = z.infer<typeof JoinTokens>;

/** `POST /swarm/update` body: the swarm spec (engine §4.9). */
export const SwarmUpdateBody = SwarmSpec.extend({
  JoinTokens: documented(
    requestObject({
      Worker: documented(z.string(), {
        description: "Worker token (secret).",
        source: "engine §4.9",
      }).optional(),
      Manager: documented(z.string(), {
        description: "Manager token (secret).",
        source: "engine §4.9",
      }).optional(),
    }),
    {
      description:
        "Listed by the document; the engine ignores it (tokens are rotated with rotateWorkerToken / rotateManagerToken).",
      source: "engine §4.9",
    },
  ).optional(),
});
export type SwarmUpdateBody = z.infer<typeof SwarmUpdateBody>;

/** `GET /swarm` (engine §2.10). */
export const Swarm = z.looseObject({
  ...clusterEnvelope,
  Spec: documented(asResponse(SwarmSpec), { description: "Swarm settings.", source }).optional(),
  JoinTokens: documented(JoinTokens, { description: "Join tokens (secrets).", source }).optional(),
  RootRotationInProgress: responseBoolean("A root CA rotation is in progress.", "engine 20.10"),
});
export type Swarm = z.infer<typeof Swarm>;
