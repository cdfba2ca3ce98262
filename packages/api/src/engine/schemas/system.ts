/**
 * System schemas (engine §4.3, §5): `GET /version`, `GET /info` with its registry settings, the `POST /auth`
 * body and answer, the `X-Registry-Auth` and `X-Registry-Config` payloads, and the `_ping` body.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { responseBoolean, responseList, responseNumber, responseString } from "./common.js";
import { requestObject } from "./request-object.js";

const info = "engine §4.3";

/** `GET /version` (engine §4.3). */
export const SystemVersion = z.looseObject({
  Version: responseString("Engine version.", info),
  ApiVersion: responseString("Highest API version the engine speaks.", "engine §4.3, §9"),
  MinAPIVersion: responseString("Lowest API version the engine accepts.", "engine 20.10"),
  Os: responseString("Operating system.", info),
  Arch: responseString("CPU architecture.", info),
  KernelVersion: responseString("Kernel version.", info),
  GoVersion: responseString("Go version.", info),
  GitCommit: responseString("Git commit.", info),
  BuildTime: responseString("Build time.", info),
  Experimental: documented(z.union([z.boolean(), z.string()]), {
    description: "Experimental features enabled.",
    source: info,
    decision: "Newer engines send a boolean; some builds omit it.",
  }).optional(),
  Components: responseList(
    z.looseObject({ Name: z.string(), Version: z.string() }),
    "Component versions.",
    "engine 20.10",
  ),
});
export type SystemVersion = z.infer<typeof SystemVersion>;

/** A registry's settings in `RegistryConfig.IndexConfigs` (engine §4.3). */
export const IndexInfo = z.looseObject({
  Name: responseString("Registry name.", info),
  Mirrors: responseList(z.string(), "Mirrors.", info),
  Secure: responseBoolean("Uses TLS.", info),
  Official: responseBoolean("Official index.", info),
});

/** `GET /info` (engine §4.3). Fields vary between engine versions; all are optional. */
export const SystemInfo = z.looseObject({
  ID: responseString("Daemon ID.", info),
  Architecture: responseString("CPU architecture.", info),
  ClusterStore: responseString("Cluster store (legacy).", info),
  CgroupDriver: responseString("Cgroup driver.", info),
  Containers: responseNumber("Containers.", info),
  ContainersRunning: responseNumber("Running containers.", info),
  ContainersStopped: responseNumber("Stopped containers.", info),
  ContainersPaused: responseNumber("Paused containers.", info),
  CpuCfsPeriod: responseBoolean("CFS period supported.", info),
  CpuCfsQuota: responseBoolean("CFS quota supported.", info),
  Debug: responseBoolean("Debug mode.", info),
  DockerRootDir: responseString("Root directory of the engine's data.", info),
  Driver: responseString("Storage driver.", info),
  DriverStatus: responseList(z.array(z.string()), "Storage driver status pairs.", info),
  ExperimentalBuild: responseBoolean("Experimental features enabled.", info),
  HttpProxy: responseString("HTTP proxy.", info),
  HttpsProxy: responseString("HTTPS proxy.", info),
  NoProxy: responseString("No-proxy list.", info),
  IPv4Forwarding: responseBoolean("IPv4 forwarding enabled.", info),
  Images: responseNumber("Images.", info),
  IndexServerAddress: responseString("Default registry index.", info),
  InitPath: responseString("Init path (legacy).", info),
  InitSha1: responseString("Init SHA1 (legacy).", info),
  KernelMemory: responseBoolean("Kernel memory limit supported.", info),
  KernelVersion: responseString("Kernel version.", info),
  Labels: responseList(z.string(), "Daemon labels (key=value).", info),
  MemTotal: responseNumber("Total memory.", info, { unit: "bytes" }),
  MemoryLimit: responseBoolean("Memory limit supported.", info),
  NCPU: responseNumber("CPUs.", info),
  NEventsListener: responseNumber("Event listeners.", info),
  NFd: responseNumber("Open file descriptors.", info),
  NGoroutines: responseNumber("Goroutines.", info),
  Name: responseString("Host name.", info),
  OomKillDisable: responseBoolean("OOM kill disable supported.", info),
  OSType: responseString("linux or windows.", info),
  OperatingSystem: responseString("Operating system.", info),
  Plugins: documented(
    z.looseObject({
      Volume: z.array(z.string()).nullable().optional(),
      Network: z.array(z.string()).nullable().optional(),
      Authorization: z.array(z.string()).nullable().optional(),
      Log: z.array(z.string()).nullable().optional(),
    }),
    {
      description: "Plugins per kind (Volume, Network; newer engines add Authorization, Log).",
      source: info,
    },
  ).optional(),
  RegistryConfig: documented(
    z.looseObject({
      IndexConfigs: z.record(z.string(), IndexInfo).nullable().optional(),
      InsecureRegistryCIDRs: z.array(z.string()).nullable().optional(),
    }),
    { description: "Registry settings.", source: info },
  ).optional(),
  SecurityOptions: responseList(z.string(), "Security options.", info),
  ServerVersion: responseString("Engine version.", info),
  SwapLimit: responseBoolean("Swap limit supported.", info),
  SystemStatus: responseList(z.array(z.string()), "System status pairs.", info),
  SystemTime: responseString("Daemon time (RFC 3339).", info),
  Swarm: documented(
    z.looseObject({
      NodeID: z.string().optional(),
      NodeAddr: z.string().optional(),
      LocalNodeState: z.string().optional(),
      ControlAvailable: z.boolean().optional(),
      Error: z.string().optional(),
    }),
    {
      description: "Swarm state of this node (LocalNodeState: inactive, pending, active, error, locked).",
      source: "engine 20.10",
    },
  ).optional(),
});
export type SystemInfo = z.infer<typeof SystemInfo>;

/** `POST /auth` body (engine §4.3, §5). The password is a secret: never log this object. */
export const AuthConfig = requestObject({
  username: documented(z.string(), { description: "Registry user name.", source: "engine §5" }).optional(),
  password: documented(z.string(), {
    description: "Registry password (secret).",
    source: "engine §5",
  }).optional(),
  email: documented(z.string(), { description: "E-mail (legacy).", source: "engine §5" }).optional(),
  serveraddress: documented(z.string(), { description: "Registry address.", source: "engine §5" }).optional(),
  identitytoken: documented(z.string(), {
    description: "Identity token used instead of a password (secret).",
    source: "engine §5",
  }).optional(),
  auth: documented(z.string(), {
    description: "base64 of username:password (secret).",
    source: "engine 20.10 (moby `registry` auth config, `X-Registry-Config`)",
    decision: "Not in the document; the engine accepts it in X-Registry-Config entries.",
  }).optional(),
  registrytoken: documented(z.string(), {
    description: "Bearer token for the registry (secret).",
    source: "engine 20.10 (moby `registry` auth config, `X-Registry-Config`)",
  }).optional(),
});
export type AuthConfig = z.infer<typeof AuthConfig>;

/**
 * `X-Registry-Auth` content before encoding (engine §5): `{ username, password, email }` or
 * `{ identitytoken }`, sent base64-encoded on image create, image push, plugin pull, service create/update.
 */
export const RegistryAuth = AuthConfig;
export type RegistryAuth = AuthConfig;

/** `POST /auth` 200 response (engine §4.3). */
export const AuthResponse = z.looseObject({
  Status: responseString("Login status text.", info),
  IdentityToken: responseString("Token usable instead of the password (secret).", info),
});
export type AuthResponse = z.infer<typeof AuthResponse>;

/**
 * `X-Registry-Config` content before encoding (engine §5): map registry host (with port if not 443; the
 * official registry as `https://index.docker.io/v1/`) to credentials. Encoded base64 URL-safe with padding.
 */
export const RegistryConfig = z.record(z.string(), AuthConfig);
export type RegistryConfig = z.infer<typeof RegistryConfig>;

/** `_ping` body (engine §4.3). */
export const PingResponse = z.literal("OK");
