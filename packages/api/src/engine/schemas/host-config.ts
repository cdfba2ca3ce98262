/**
 * `HostConfig`, request side (engine §2.2, bounds engine §8): restart policy, log config and drivers, port
 * bindings, block-IO and device settings, ulimits, namespaced sysctls, device requests, and the memory and
 * CPU cross-field rules, checked as the engine 20.10 checks them (later fields carry their API version).
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { StringMap } from "./common.js";
import {
  absolutePath,
  BindSpec,
  capabilityList,
  extraHost,
  hostPort,
  NetworkMode,
  portBindingKey,
  securityOpt,
  tmpfsOptions,
} from "./formats.js";
import {
  cpuPeriod,
  cpuQuota,
  ENGINE_LIMITS,
  intAtLeast,
  intBetween,
  integer,
  intWithSpecial,
} from "./limits.js";
import { checkLogOptions } from "./log-drivers.js";
import { ContainerMount } from "./mount.js";
import { isSetAside, requestObject } from "./request-object.js";

const source = "engine §2.2";
const CPU_PERIOD = ENGINE_LIMITS.cpuPeriodMicroseconds;
const CPU_QUOTA_MIN = ENGINE_LIMITS.cpuQuotaMinMicroseconds;
const MIN_MEMORY_BYTES = ENGINE_LIMITS.minMemoryBytes;
const BLKIO_RANGE = `${ENGINE_LIMITS.blkioWeight.min}–${ENGINE_LIMITS.blkioWeight.max}`;

/** The restart policy names (engine §2.2); `""` and `"no"` mean no restart. */
export const RESTART_POLICY_NAMES = ["", "no", "always", "unless-stopped", "on-failure"] as const;

/** The container restart policy (engine §2.2, §3.1). */
export const RestartPolicy = requestObject({
  Name: documented(
    z.enum(RESTART_POLICY_NAMES, {
      error: `RestartPolicy.Name must be one of "", "no", "always", "unless-stopped", "on-failure"`,
    }),
    {
      description:
        "When to restart the container after it exits: always; unless-stopped (except after a manual stop); on-failure (non-zero exit, at most MaximumRetryCount times). Empty means no restart. A doubling delay starting at 100 ms precedes each restart.",
      default: "",
      source: "engine §2.2, §3.1",
      decision: 'The engine 20.10 also accepts "no" (the CLI\'s spelling of no restart); we accept it.',
    },
  ).optional(),
  MaximumRetryCount: documented(integer("RestartPolicy.MaximumRetryCount"), {
    description: 'Maximum number of restarts; only with Name "on-failure". 0 means no limit.',
    unit: "count",
    bounds: '≥ 0 with "on-failure"; 0 with "always", "unless-stopped", "no"',
    default: 0,
    source,
    decision:
      'The engine 20.10 refuses a count with "always", "unless-stopped" and "no" and a negative count with "on-failure"; with an empty Name it ignores the count (a warning of the manifest check).',
  }).optional(),
}).superRefine((policy, ctx) => {
  const count = policy.MaximumRetryCount ?? 0;
  const name = policy.Name ?? "";
  if (count !== 0 && (name === "always" || name === "unless-stopped" || name === "no")) {
    ctx.addIssue({
      code: "custom",
      path: ["MaximumRetryCount"],
      message: `RestartPolicy.MaximumRetryCount can only be used with RestartPolicy.Name "on-failure" (maximum retry count cannot be used with restart policy '${name}')`,
    });
  } else if (count < 0 && name === "on-failure") {
    ctx.addIssue({
      code: "custom",
      path: ["MaximumRetryCount"],
      message: "RestartPolicy.MaximumRetryCount cannot be negative",
    });
  }
});
export type RestartPolicy = z.infer<typeof RestartPolicy>;

/**
 * Log drivers a Linux engine 20.10 has built in: those named by engine §2.2 but `etwlogs` (Windows only: a
 * Linux engine refuses it at create, "error looking up logging plugin etwlogs: plugin not found", and a
 * service using it never gets a task placed), plus `local`, `gcplogs`, `logentries`.
 */
export const LOG_DRIVERS = [
  "json-file",
  "syslog",
  "journald",
  "gelf",
  "fluentd",
  "awslogs",
  "splunk",
  "none",
  "local",
  "gcplogs",
  "logentries",
] as const;

const logDriverMessage = `LogConfig.Type must be one of ${LOG_DRIVERS.join(", ")}, or a log plugin reference such as "owner/plugin:tag" (etwlogs is Windows-only)`;

/** A log driver plugin reference: contains `/` or `:` (`owner/plugin[:tag]`, `plugin:tag`). */
const LOG_PLUGIN_REFERENCE = /^(?=.*[/:])[a-z0-9][a-z0-9._/-]*(:\w[\w.-]*)?$/;

/** A log driver: a known name, `""` (daemon default) or a plugin reference (contains `/` or `:`). */
export function logDriver(field: string) {
  const message = logDriverMessage.replace("LogConfig.Type", field);
  return z.union(
    [
      z.enum(["", ...LOG_DRIVERS], { error: message }),
      z.string().regex(LOG_PLUGIN_REFERENCE, { error: message }),
    ],
    { error: message },
  );
}

/** The container's logging configuration (engine §2.2). */
export const LogConfig = requestObject({
  Type: documented(logDriver("LogConfig.Type"), {
    description: "Log driver. Empty uses the daemon's default driver.",
    default: "",
    source,
    decision:
      "The document lists json-file, syslog, journald, gelf, fluentd, awslogs, splunk, etwlogs, none; the engine 20.10 also has local, gcplogs and logentries built in, and accepts log driver plugins, so those are accepted too. etwlogs is Windows-only: a Linux engine refuses it (plugin not found), so it is an error.",
  }).optional(),
  Config: documented(StringMap.nullable(), {
    description: "Driver-specific options.",
    source,
    decision:
      "Checked per built-in driver as the engine 20.10 does (unknown options, required ones, max-size and max-file; see log-drivers.ts); plugin drivers' options are not checked.",
  }).optional(),
}).superRefine((config, ctx) => {
  // a Type given but invalid (a plugin name this engine lacks): its options are the unknown driver's own
  if (isSetAside(config, "Type")) return;
  checkLogOptions(config.Type, config.Config, ctx, ["Config"], ["Type"], "LogConfig.Config");
});
export type LogConfig = z.infer<typeof LogConfig>;

/** One host binding of a container port (engine §2.2). */
export const PortBinding = requestObject({
  HostIp: documented(z.string(), {
    description: "Host IP address to bind to; empty binds all addresses.",
    default: "",
    source: "engine §2.2",
    decision:
      "Not listed by the document but part of the engine's PortBinding (inspect output shows it); accepted.",
  }).optional(),
  HostPort: documented(hostPort("PortBindings HostPort"), {
    description: 'Host port as a string (not an integer); empty or "0" picks an ephemeral port.',
    bounds: "0–65535, or a range such as 8000-8010",
    source,
  }).optional(),
});
export type PortBinding = z.infer<typeof PortBinding>;

/** `PortBindings`: map `<port>/<protocol>` to a list of host bindings. */
export const PortMap = z.record(portBindingKey("PortBindings"), z.array(PortBinding).nullable());
export type PortMap = z.infer<typeof PortMap>;

/** `{Path, Weight}` for `BlkioWeightDevice`. */
export const WeightDevice = requestObject({
  Path: documented(z.string(), { description: "Device path.", source }),
  Weight: documented(
    intWithSpecial(
      "BlkioWeightDevice.Weight",
      [0],
      [ENGINE_LIMITS.blkioWeight],
      `BlkioWeightDevice.Weight must be between ${ENGINE_LIMITS.blkioWeight.min} and ${ENGINE_LIMITS.blkioWeight.max}`,
    ),
    { description: "Relative weight of the device.", bounds: BLKIO_RANGE, source },
  ),
});
export type WeightDevice = z.infer<typeof WeightDevice>;

/** `{Path, Rate}` for the `BlkioDevice*` throttles. */
export const ThrottleDevice = requestObject({
  Path: documented(z.string(), { description: "Device path.", source }),
  Rate: documented(intAtLeast("Rate", 0), {
    description: "Rate limit: bytes per second (…Bps) or IO operations per second (…IOps).",
    bounds: "≥ 0",
    source,
  }),
});
export type ThrottleDevice = z.infer<typeof ThrottleDevice>;

/** A device mapping (engine §2.2). */
export const DeviceMapping = requestObject({
  PathOnHost: documented(z.string(), { description: "Device path on the host.", source }),
  PathInContainer: documented(z.string(), {
    description: "Device path in the container; empty or omitted uses PathOnHost.",
    source,
    decision:
      "The document lists it without saying it may be left out; the engine 20.10 uses PathOnHost when it is empty or missing and runs the container, so it is optional.",
  }).optional(),
  CgroupPermissions: documented(
    z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? 'Devices CgroupPermissions is required: the container fails to start without it ("device access at 8 field cannot be empty"); write "rwm"'
            : undefined,
      })
      .min(1, {
        error:
          'Devices CgroupPermissions must not be empty: the container fails to start ("device access at 8 field cannot be empty"); write "rwm"',
      }),
    {
      description: "Cgroup permissions: a combination of r (read), w (write), m (mknod), e.g. rwm.",
      source,
      decision:
        'The document shows "mrw" and the CLI fills in "rwm"; the engine 20.10 passes the value to runc, which refuses an empty or missing one when the container starts, so the field is required. Letters other than r, w, m are a warning of the manifest check.',
    },
  ),
});
export type DeviceMapping = z.infer<typeof DeviceMapping>;

/** Resource limits names the engine accepts for `Ulimits` (Linux rlimits). */
export const ULIMIT_NAMES = [
  "core",
  "cpu",
  "data",
  "fsize",
  "locks",
  "memlock",
  "msgqueue",
  "nice",
  "nofile",
  "nproc",
  "rss",
  "rtprio",
  "rttime",
  "sigpending",
  "stack",
] as const;

/** A process resource limit (engine §2.2). */
export const Ulimit = requestObject({
  Name: documented(
    z
      .string()
      .refine((name) => (ULIMIT_NAMES as readonly string[]).includes(name.toLowerCase()), {
        error: `Ulimits Name must be one of ${ULIMIT_NAMES.join(", ")}`,
      })
      .meta({ examples: [...ULIMIT_NAMES] }),
    {
      description: "The resource limit's name.",
      source,
      decision:
        "The engine 20.10 stores unknown names and fails only when the container starts; we check the Linux names early, in any case (CORE runs, as the engine lower-cases it).",
    },
  ),
  Soft: documented(integer("Ulimits Soft"), { description: "Soft limit.", source }),
  Hard: documented(integer("Ulimits Hard"), { description: "Hard limit.", source }),
}).superRefine((ulimit, ctx) => {
  // the kernel reads both as unsigned 64-bit numbers: -1 is unlimited, the largest of all
  const unsigned = (n: number) => (n < 0 ? 2n ** 64n + BigInt(n) : BigInt(n));
  if (unsigned(ulimit.Soft) > unsigned(ulimit.Hard)) {
    ctx.addIssue({ code: "custom", path: ["Soft"], message: "Ulimits Soft must not be larger than Hard" });
  }
});
export type Ulimit = z.infer<typeof Ulimit>;

/** Memory size in bytes: 0 (unset) or at least 6 MB, the engine 20.10's minimum. */
export const memoryBytes = (field: string) =>
  intWithSpecial(
    field,
    [0],
    [{ min: MIN_MEMORY_BYTES }],
    `${field} must be 0 or at least ${MIN_MEMORY_BYTES} bytes (6 MB)`,
  );

const stringList = (field: string, description: string) =>
  documented(z.array(z.string()).nullable(), { description, source: `${source} (${field})` }).optional();

/** A Windows-only integer a Linux engine refuses unless 0 ("Invalid QoS settings: linux does not support …"). */
const windowsOnly = (field: string, what: string) => {
  const message = `${field} must be 0 on Linux: the engine refuses it (Invalid QoS settings: linux does not support configuration of ${what})`;
  return integer(field).min(0, { error: message }).max(0, { error: message });
};

/** A cpuset list (`0-3,5`): the engine 20.10 refuses other forms and descending ranges (`1-0`). */
const cpuSet = (field: string) =>
  z.string().refine(
    (value) =>
      /^(\d+(-\d+)?(,\d+(-\d+)?)*)?$/.test(value) &&
      value
        .split(",")
        .filter((part) => part.includes("-"))
        .every((part) => {
          const [low, high] = part.split("-").map(Number);
          return (low ?? 0) <= (high ?? 0);
        }) &&
      // the engine refuses a number above 8192 at create ("value of out range, maximum is 8192")
      value.split(/[,-]/).every((number) => number === "" || Number(number) <= ENGINE_LIMITS.cpusetMax),
    {
      error: (issue) =>
        `${field} must be a list such as "0-3,5" with ranges low-high and numbers up to ${ENGINE_LIMITS.cpusetMax} (invalid value ${JSON.stringify(issue.input)})`,
    },
  );

/** The sysctls runc accepts: those of the IPC, network and UTS namespaces (runc `validateSysctl`). */
const NAMESPACED_SYSCTLS = new Set([
  "kernel.msgmax",
  "kernel.msgmnb",
  "kernel.msgmni",
  "kernel.sem",
  "kernel.shmall",
  "kernel.shmmax",
  "kernel.shmmni",
  "kernel.shm_rmid_forced",
  "kernel.domainname",
]);

/**
 * The kernel namespace a sysctl belongs to, as runc's `validateSysctl` sorts them: `ipc` (`kernel.msg*`,
 * `kernel.sem`, `kernel.shm*`, `fs.mqueue.*`), `net` (`net.*`) or `uts` (`kernel.domainname`); undefined
 * for any other (runc refuses those whatever the container's namespaces).
 */
export function sysctlNamespace(name: string): "ipc" | "net" | "uts" | undefined {
  if (name === "kernel.domainname") return "uts";
  if (name.startsWith("net.")) return "net";
  return NAMESPACED_SYSCTLS.has(name) || name.startsWith("fs.mqueue.") ? "ipc" : undefined;
}

/** A sysctl name in a separate kernel namespace: one of {@link NAMESPACED_SYSCTLS}, `fs.mqueue.*` or `net.*`. */
export const namespacedSysctl = z
  .string()
  .refine(
    (name) => NAMESPACED_SYSCTLS.has(name) || name.startsWith("fs.mqueue.") || name.startsWith("net."),
    {
      error: (issue) =>
        `Sysctls: sysctl ${JSON.stringify(issue.input)} is not in a separate kernel namespace; the container fails to start (namespaced: kernel.msg*, kernel.sem, kernel.shm*, kernel.domainname, fs.mqueue.*, net.*)`,
    },
  );

/** A request for devices from a device driver (`HostConfig.DeviceRequests` item, API 1.40). */
export const DeviceRequest = requestObject({
  Driver: documented(z.string(), {
    description: "Device driver, e.g. nvidia.",
    source: "engine 20.10",
  }).optional(),
  Count: documented(integer("DeviceRequests Count"), {
    description: "How many devices; -1 means all.",
    unit: "count",
    source: "engine 20.10",
  }).optional(),
  DeviceIDs: documented(z.array(z.string()).nullable(), {
    description: "IDs of the devices.",
    source: "engine 20.10",
  }).optional(),
  Capabilities: documented(z.array(z.array(z.string()).nullable()).nullable(), {
    description: "An OR list of AND lists of capabilities, e.g. [[gpu, nvidia, compute]].",
    source: "engine 20.10",
  }).optional(),
  Options: documented(StringMap.nullable(), {
    description: "Driver-specific options.",
    source: "engine 20.10",
  }).optional(),
});
export type DeviceRequest = z.infer<typeof DeviceRequest>;

/** `IpcMode` values (engine 20.10): `private`, `shareable` and `none` since API 1.32. */
const IPC_MODES = /^(|host|private|shareable|none|container:.+)$/;

/**
 * HostConfig fields the v1.24 document does not list: some the engine already accepts at 1.24 (no
 * `since`), the rest added by later versions (moby `docs/api/version-history.md`), each with `since`.
 */
const laterHostConfigFields = {
  Isolation: documented(
    z.string().refine((value) => value === "" || value.toLowerCase() === "default", {
      error:
        "HostConfig.Isolation must be \"default\" (or empty) on Linux: Invalid isolation, linux only supports 'default' (process and hyperv are Windows-only)",
    }),
    {
      description: "Isolation technology of the container: default; process and hyperv on Windows daemons.",
      source: "engine 20.10",
      decision:
        'Not in the v1.24 document but accepted by the engine at 1.24; a Linux engine refuses process and hyperv, so only default (in any case: "Default" runs) or empty is allowed.',
    },
  ).optional(),
  IpcMode: documented(
    z.string().regex(IPC_MODES, {
      error: 'HostConfig.IpcMode must be "", host, private, shareable, none or container:<name or id>',
    }),
    {
      description: "IPC namespace: private, shareable, none, host, or container:<name or id>.",
      source: "engine 20.10",
      valuesSince: { private: "1.32", shareable: "1.32", none: "1.32" },
      decision: "Not in the v1.24 document's request body but accepted by the engine at 1.24.",
    },
  ).optional(),
  UTSMode: documented(z.string(), {
    description: "UTS namespace: host shares the host's host name; empty for a private one.",
    source: "engine 20.10",
    decision:
      "Not in the v1.24 document but accepted by the engine at 1.24. The engine stores any other value and runs the container with a private UTS namespace (a warning of the manifest check).",
  }).optional(),
  Runtime: documented(z.string(), {
    description: "OCI runtime to run the container with (e.g. runc).",
    source: "engine 20.10",
    decision: "Not in the v1.24 document but accepted by the engine at 1.24 (Docker 1.12).",
  }).optional(),
  ContainerIDFile: documented(z.string(), {
    description: "Path of a file the client writes the container's ID to (the engine stores it, unused).",
    source: "engine 20.10",
    decision: "Not in the v1.24 document; part of the engine's HostConfig, accepted at 1.24 and stored.",
  }).optional(),
  Cgroup: documented(z.string(), {
    description: "Cgroup to use for the container (container:<name or id> shares another's).",
    source: "engine 20.10",
    decision: "Not in the v1.24 document; part of the engine's HostConfig, accepted at 1.24.",
  }).optional(),
  ConsoleSize: documented(
    z.array(integer("ConsoleSize").min(0, { error: "ConsoleSize values cannot be negative" })).nullable(),
    {
      description: "Initial console size [height, width] (Windows only before API 1.42).",
      source: "engine 20.10",
      decision:
        "Not in the v1.24 document; part of the engine's HostConfig (a Go [2]uint), accepted at 1.24. Go's JSON decoder fills a fixed-size array from a list of any length (missing values are 0, extra ones dropped), so only the values are checked: [], [5] and [1, 2, 3] are created and run (pnpm explore-manifests, seed 104).",
    },
  ).optional(),
  Mounts: documented(z.array(ContainerMount).nullable(), {
    description: "Mounts of the container: bind, volume or tmpfs (replaces Binds, Volumes and Tmpfs).",
    source: "engine 20.10",
    since: "1.25",
    decision:
      "Added in API 1.25; the engine 20.10 also reads it at /v1.24 (it creates, mounts and runs a volume mount there), so below 1.25 it is only the version warning.",
  }).optional(),
  MaskedPaths: documented(z.array(z.string()).nullable(), {
    description: "Paths masked inside the container (replaces the default set).",
    source: "engine 20.10",
    since: "1.38",
    decision:
      "Version from the engine's swagger: HostConfig lists MaskedPaths first in moby docs/api/v1.38.yaml (v1.37.yaml has none).",
  }).optional(),
  ReadonlyPaths: documented(z.array(z.string()).nullable(), {
    description: "Paths made read-only inside the container (replaces the default set).",
    source: "engine 20.10",
    since: "1.38",
    decision:
      "Version from the engine's swagger: HostConfig lists ReadonlyPaths first in moby docs/api/v1.38.yaml (v1.37.yaml has none).",
  }).optional(),
  DeviceRequests: documented(z.array(DeviceRequest).nullable(), {
    description: "Requests for devices from device drivers (GPUs).",
    source: "engine 20.10",
    since: "1.40",
    decision:
      "A driver the engine lacks fails the container at start (could not select device driver): that depends on the host, not the body.",
  }).optional(),
  AutoRemove: documented(z.boolean(), {
    description: "Remove the container when its process exits.",
    default: false,
    source: "engine 20.10",
    since: "1.25",
    ignoredBefore: true,
  }).optional(),
  Init: documented(z.boolean().nullable(), {
    description: "Run an init inside the container that forwards signals and reaps processes.",
    source: "engine 20.10",
    since: "1.25",
  }).optional(),
  NanoCpus: documented(
    intWithSpecial(
      "NanoCpus",
      [],
      [{ min: 0, max: ENGINE_LIMITS.nanoCpusZeroQuotaBelow - 1 }, { min: ENGINE_LIMITS.minNanoCpus }],
      `NanoCpus must be 0 or at least ${ENGINE_LIMITS.minNanoCpus} (0.01 CPU): from ${ENGINE_LIMITS.nanoCpusZeroQuotaBelow} the container's CPU quota is under 1 ms per period and it fails to start`,
    ),
    {
      description: "CPU quota in units of 10^-9 CPUs (1000000000 = one CPU).",
      unit: "nano CPUs",
      bounds: `0, or ≥ ${ENGINE_LIMITS.minNanoCpus} (0.01 CPU) and ≤ the host's CPUs`,
      source: "engine 20.10",
      since: "1.25",
      decision: `The engine 20.10 turns NanoCpus into a CPU quota of NanoCpus / 10,000 µs per 100 ms period: from ${ENGINE_LIMITS.nanoCpusZeroQuotaBelow} to ${ENGINE_LIMITS.minNanoCpus - 1} the quota is 1–999 µs, under the kernel's 1 ms, and the container fails to start; below ${ENGINE_LIMITS.nanoCpusZeroQuotaBelow} the quota is 0, no limit at all, and it runs (a warning of the manifest check). Negative values are refused at create.`,
    },
  ).optional(),
  CpuCount: documented(integer("CpuCount"), {
    description: "Number of usable CPUs (Windows daemons only).",
    source: "engine 20.10",
    since: "1.25",
    decision:
      "Windows only: a Linux engine 20.10 ignores it, negative values included, and runs the container.",
  }).optional(),
  CpuRealtimePeriod: documented(intAtLeast("CpuRealtimePeriod", 0), {
    description: "CPU real-time period.",
    unit: "microseconds",
    source: "engine 20.10",
    since: "1.25",
  }).optional(),
  CpuRealtimeRuntime: documented(intAtLeast("CpuRealtimeRuntime", 0), {
    description: "CPU real-time runtime.",
    unit: "microseconds",
    source: "engine 20.10",
    since: "1.25",
  }).optional(),
  DeviceCgroupRules: documented(
    z
      .array(
        z.string().regex(/^[acb] (\d+|\*):(\d+|\*) [rwm]{1,3}$/, {
          error: (issue) =>
            `DeviceCgroupRules entries must be "<a|b|c> <major|*>:<minor|*> <rwm>": the container fails to start (invalid device cgroup rule format: '${String(issue.input)}')`,
        }),
      )
      .nullable(),
    {
      description: 'Device cgroup rules, e.g. "c 13:* rwm".',
      source: "engine 20.10",
      since: "1.28",
    },
  ).optional(),
  KernelMemoryTCP: documented(integer("KernelMemoryTCP"), {
    description: "Hard limit of kernel TCP buffer memory.",
    unit: "bytes",
    source: "engine 20.10",
    since: "1.40",
    ignoredBefore: true,
  }).optional(),
  CgroupnsMode: documented(
    z.enum(["", "private", "host"], { error: 'HostConfig.CgroupnsMode must be "private" or "host"' }),
    {
      description: "Cgroup namespace: private or host; empty uses the daemon's default.",
      source: "engine 20.10",
      since: "1.41",
    },
  ).optional(),
};

/** The fields of {@link HostConfig} (request side, without the cross-field rules). */
export const HostConfigObject = requestObject({
  Binds: documented(z.array(BindSpec).nullable(), {
    description:
      "Volume bindings: host-src:container-dest[:options] or volume-name:container-dest[:options], or just container-dest for an anonymous volume. Host paths and container destinations are absolute.",
    source,
    decision:
      "Options follow the engine 20.10 Linux parser (comma-separated rw|ro, z|Z, nocopy, propagation, consistency), a superset of the document's :ro.",
  }).optional(),
  Tmpfs: documented(z.record(absolutePath("Tmpfs keys"), tmpfsOptions).nullable(), {
    description:
      'Container directories replaced by tmpfs mounts, mapped to mount options (e.g. "rw,size=64m").',
    source,
  }).optional(),
  Links: documented(
    z
      .array(z.string().regex(/^[^:]+(:[^:]+)?$/, { error: "Links entries must be container_name:alias" }))
      .nullable(),
    { description: "Links to other containers, container_name:alias.", source },
  ).optional(),
  Memory: documented(memoryBytes("Memory"), {
    description: "Memory limit; 0 means unlimited.",
    unit: "bytes",
    bounds: `0, or ≥ ${MIN_MEMORY_BYTES} (6 MB)`,
    default: 0,
    source,
    decision:
      'The 6 MB minimum is the engine 20.10\'s ("Minimum memory limit allowed is 6MB"); the document gives none.',
  }).optional(),
  MemorySwap: documented(integer("MemorySwap"), {
    description:
      "Memory plus swap; -1 means unlimited swap. Must be used with Memory and be at least Memory.",
    unit: "bytes",
    bounds: "-1, 0 (unset), or ≥ Memory",
    source,
    decision:
      'The document says "larger than" Memory; the engine 20.10 accepts MemorySwap equal to Memory (no swap), so equal is allowed. It also takes any negative value as unlimited swap (values below -1 are a warning of the manifest check).',
  }).optional(),
  MemoryReservation: documented(
    intWithSpecial(
      "MemoryReservation",
      [],
      [{ max: 0 }, { min: MIN_MEMORY_BYTES }],
      `MemoryReservation must be 0 or at least ${MIN_MEMORY_BYTES} bytes (6 MB)`,
    ),
    {
      description: "Soft memory limit; must not exceed Memory.",
      unit: "bytes",
      bounds: `0, or ≥ ${MIN_MEMORY_BYTES} (6 MB) and ≤ Memory`,
      source,
      decision:
        "Minimum and the ≤ Memory rule are the engine 20.10's. The engine takes a negative value as no reservation (a warning of the manifest check).",
    },
  ).optional(),
  KernelMemory: documented(
    intWithSpecial(
      "KernelMemory",
      [],
      [{ max: 0 }, { min: MIN_MEMORY_BYTES }],
      `KernelMemory must be 0 (or negative: no limit) or at least ${MIN_MEMORY_BYTES} bytes (Minimum kernel memory limit allowed is 6MB)`,
    ),
    {
      description: "Kernel memory limit; 0 or a negative value means none.",
      unit: "bytes",
      bounds: `≤ 0 (no limit), or ≥ ${MIN_MEMORY_BYTES} (6 MB)`,
      source,
      decision:
        "Minimum is the engine 20.10's (\"Minimum kernel memory limit allowed is 6MB\" from 1 byte to 6 MiB - 1). It runs a container with -1 or any negative value (no limit, as the CLI's -1), so those are accepted.",
    },
  ).optional(),
  CpuPercent: documented(integer("CpuPercent"), {
    description: "Usable percentage of the CPUs (Windows daemons only).",
    unit: "percent",
    bounds: `${ENGINE_LIMITS.cpuPercent.min}–${ENGINE_LIMITS.cpuPercent.max} on Windows`,
    source,
    decision:
      "Windows only: a Linux engine 20.10 discards it (with a create warning for a positive value, silently for a negative one) and runs the container, so any integer is accepted.",
  }).optional(),
  CpuShares: documented(
    intWithSpecial(
      "CpuShares",
      [0],
      [ENGINE_LIMITS.cpuShares],
      `CpuShares must be 0 (default) or between ${ENGINE_LIMITS.cpuShares.min} and ${ENGINE_LIMITS.cpuShares.max}; the container fails to start otherwise`,
    ),
    {
      description: "Relative CPU weight versus other containers; 0 keeps the default (1024).",
      unit: "CPU shares",
      bounds: `0, or ${ENGINE_LIMITS.cpuShares.min}–${ENGINE_LIMITS.cpuShares.max}`,
      source,
      decision:
        'The document gives no bounds; the engine 20.10 creates the container but runc refuses values outside 2–262144 when it starts ("the minimum allowed cpu-shares is 2").',
    },
  ).optional(),
  CpuPeriod: documented(cpuPeriod("CpuPeriod"), {
    description: "Length of a CPU CFS period; 0 uses the kernel's default.",
    unit: "microseconds",
    bounds: `0, or ${CPU_PERIOD.min}–${CPU_PERIOD.max} (1 ms – 1 s)`,
    source,
    decision: "Bounds are the engine 20.10's (the document gives none).",
  }).optional(),
  CpuQuota: documented(cpuQuota("CpuQuota"), {
    description: "CPU time per CPU period the container may use; 0 or -1 means unlimited.",
    unit: "microseconds",
    bounds: `≤ 0 (unlimited), or ≥ ${CPU_QUOTA_MIN} (1 ms)`,
    source,
    decision: "The 1 ms minimum is the engine 20.10's.",
  }).optional(),
  CpusetCpus: documented(cpuSet("CpusetCpus"), {
    description: 'CPUs the container may use, e.g. "0-3" or "0,1".',
    source,
  }).optional(),
  CpusetMems: documented(cpuSet("CpusetMems"), {
    description: 'Memory nodes the container may use, e.g. "0-3" (NUMA systems only).',
    source,
  }).optional(),
  IOMaximumBandwidth: documented(windowsOnly("IOMaximumBandwidth", "maximum bandwidth"), {
    description: "Maximum IO rate of the system drive in bytes per second (Windows daemons only).",
    bounds: "0 on Linux",
    source,
    decision:
      'The document swaps the units of IOMaximumBandwidth and IOMaximumIOps; we follow the engine (bandwidth in bytes per second). A Linux engine refuses any value but 0 ("Invalid QoS settings: linux does not support configuration of maximum bandwidth"); the engine is the judge, so a value above 0 is an error.',
  }).optional(),
  IOMaximumIOps: documented(windowsOnly("IOMaximumIOps", "maximum IOPs"), {
    description: "Maximum IO operations per second of the system drive (Windows daemons only).",
    bounds: "0 on Linux",
    source,
    decision:
      'The document swaps the units of IOMaximumBandwidth and IOMaximumIOps; we follow the engine (IO operations per second). A Linux engine refuses any value but 0 ("linux does not support configuration of maximum IOPs").',
  }).optional(),
  BlkioWeight: documented(
    intWithSpecial(
      "BlkioWeight",
      [0],
      [ENGINE_LIMITS.blkioWeight],
      `BlkioWeight must be between ${ENGINE_LIMITS.blkioWeight.min} and ${ENGINE_LIMITS.blkioWeight.max}`,
    ).nullable(),
    {
      description: "Relative block IO weight.",
      bounds: `${BLKIO_RANGE} (0 leaves it unset)`,
      source: "engine §2.2, §8",
      decision:
        "0 and null are accepted as 'not set' (the engine checks the range only for values above 0). On kernels without blkio weight support the engine discards the value with a warning instead of refusing it; the check follows engines on kernels with it.",
    },
  ).optional(),
  BlkioWeightDevice: documented(z.array(WeightDevice).nullable(), {
    description: "Per-device block IO weight.",
    source,
  }).optional(),
  BlkioDeviceReadBps: documented(z.array(ThrottleDevice).nullable(), {
    description: "Per-device read limit in bytes per second.",
    source,
  }).optional(),
  BlkioDeviceWriteBps: documented(z.array(ThrottleDevice).nullable(), {
    description: "Per-device write limit in bytes per second.",
    source,
  }).optional(),
  BlkioDeviceReadIOps: documented(z.array(ThrottleDevice).nullable(), {
    description: "Per-device read limit in IO operations per second.",
    source,
  }).optional(),
  BlkioDeviceWriteIOps: documented(z.array(ThrottleDevice).nullable(), {
    description: "Per-device write limit in IO operations per second.",
    source,
  }).optional(),
  MemorySwappiness: documented(
    intWithSpecial(
      "MemorySwappiness",
      [ENGINE_LIMITS.memorySwappiness.unset],
      [ENGINE_LIMITS.memorySwappiness],
      `MemorySwappiness must be -1 or between ${ENGINE_LIMITS.memorySwappiness.min} and ${ENGINE_LIMITS.memorySwappiness.max}`,
    ).nullable(),
    {
      description: "Tendency to swap anonymous pages; -1 (or null) keeps the host's setting.",
      unit: "percent",
      bounds: `${ENGINE_LIMITS.memorySwappiness.min}–${ENGINE_LIMITS.memorySwappiness.max}, or ${ENGINE_LIMITS.memorySwappiness.unset}`,
      source: "engine §2.2, §8",
      decision:
        "The document says 0 to 100; the engine 20.10 also accepts -1 (\"use the host's value\", the CLI's default), so -1 is allowed.",
    },
  ).optional(),
  OomKillDisable: documented(z.boolean(), {
    description: "Disable the OOM killer for the container.",
    source,
  }).optional(),
  OomScoreAdj: documented(
    intBetween("OomScoreAdj", ENGINE_LIMITS.oomScoreAdj.min, ENGINE_LIMITS.oomScoreAdj.max),
    {
      description: "OOM-killer preference score adjustment.",
      bounds: `${ENGINE_LIMITS.oomScoreAdj.min}–${ENGINE_LIMITS.oomScoreAdj.max}`,
      source,
      decision: "Bounds are the kernel's, checked by the engine 20.10.",
    },
  ).optional(),
  PidMode: documented(z.string(), {
    description: 'PID namespace: "host" or container:<name or id>; empty for a private namespace.',
    source,
    decision:
      "The engine 20.10 stores other values unchecked and runs the container with a private PID namespace (pnpm explore-manifests, seed 20261128), so they are accepted: a warning of the manifest check, as for UTSMode.",
  }).optional(),
  PidsLimit: documented(integer("PidsLimit").nullable(), {
    description: "Maximum number of processes; -1 means unlimited, 0 or null means not set.",
    unit: "count",
    bounds: `≥ ${ENGINE_LIMITS.pidsLimitUnlimited}`,
    source,
    decision:
      "The engine 20.10 treats any value ≤ 0 as unlimited and runs the container; values below -1 are a warning of the manifest check.",
  }).optional(),
  PortBindings: documented(PortMap.nullable(), {
    description: "Host bindings of container ports: map <port>/<protocol> to a list of {HostIp, HostPort}.",
    source,
    decision:
      'A key without protocol ("80") means tcp and sctp is accepted (both engine 20.10 behaviour); the document shows <port>/<tcp|udp>.',
  }).optional(),
  PublishAllPorts: documented(z.boolean(), {
    description:
      "Publish every exposed port on an ephemeral host port (allocated on start, released on stop; may change on restart).",
    default: false,
    source,
  }).optional(),
  Privileged: documented(z.boolean(), {
    description: "Give the container full access to the host.",
    default: false,
    source,
  }).optional(),
  ReadonlyRootfs: documented(z.boolean(), {
    description: "Mount the container's root filesystem read-only.",
    default: false,
    source,
  }).optional(),
  Dns: stringList("Dns", "DNS servers for the container."),
  DnsOptions: stringList("DnsOptions", "DNS options for the container."),
  DnsSearch: stringList("DnsSearch", "DNS search domains for the container."),
  ExtraHosts: documented(z.array(extraHost("ExtraHosts")).nullable(), {
    description: "Extra /etc/hosts entries, hostname:IP (IPv4 or IPv6).",
    source,
    decision:
      "The IP is checked as the engine 20.10 does (it refuses an entry without one or with an invalid one).",
  }).optional(),
  VolumesFrom: documented(
    z
      .array(
        z.string().regex(/^[^:]+(:(ro|rw))?$/, {
          error: 'VolumesFrom entries must be <container name> with optional ":ro" or ":rw"',
        }),
      )
      .nullable(),
    { description: "Containers to inherit volumes from, <container name>[:ro|:rw].", source },
  ).optional(),
  CapAdd: documented(capabilityList("CapAdd").nullable(), {
    description: "Kernel capabilities to add.",
    source,
  }).optional(),
  CapDrop: documented(capabilityList("CapDrop").nullable(), {
    description: "Kernel capabilities to drop.",
    source,
  }).optional(),
  GroupAdd: stringList("GroupAdd", "Additional groups for the container's process."),
  RestartPolicy: documented(RestartPolicy, {
    description: "Restart behaviour when the container exits.",
    source,
  }).optional(),
  UsernsMode: documented(z.string(), {
    description: 'User-namespace mode when user-namespace remapping is enabled; supported value "host".',
    source,
    decision:
      'The engine 20.10 acts on "host" only and runs the container with any other value (" " runs: pnpm explore-manifests, seed 555), so any string is accepted.',
  }).optional(),
  NetworkMode: documented(NetworkMode, {
    description:
      "Network mode: bridge, host, none, container:<name or id>; any other value is a custom network name.",
    default: "default",
    source,
  }).optional(),
  Devices: documented(z.array(DeviceMapping).nullable(), {
    description: "Host devices to add to the container.",
    source,
  }).optional(),
  Ulimits: documented(z.array(Ulimit).nullable(), {
    description: "Resource limits of the container's processes.",
    source,
  }).optional(),
  Sysctls: documented(z.record(namespacedSysctl, z.string()).nullable(), {
    description:
      "Namespaced kernel parameters to set: kernel.msgmax, kernel.msgmnb, kernel.msgmni, kernel.sem, kernel.shmall, kernel.shmmax, kernel.shmmni, kernel.shm_rmid_forced, kernel.domainname, fs.mqueue.*, net.*.",
    source,
    decision:
      "The engine 20.10 stores any name; runc refuses a sysctl that is not namespaced when the container starts, so other names are errors.",
  }).optional(),
  SecurityOpt: documented(z.array(securityOpt).nullable(), {
    description:
      "Security options: label=…, apparmor=…, seccomp=unconfined or a JSON profile, no-new-privileges[=bool].",
    source,
    decision:
      'Checked as the engine 20.10 parses them: it refuses other keys, a value that is no boolean for no-new-privileges (invalid --security-opt 2) and an entry without value (invalid --security-opt 1); systempaths=unconfined is newer than 20.10 and refused. A seccomp value other than "unconfined" or a JSON profile fails when the container starts.',
  }).optional(),
  StorageOpt: documented(StringMap.nullable(), {
    description: "Storage driver options for this container.",
    source,
  }).optional(),
  LogConfig: documented(LogConfig, {
    description: "Logging configuration: driver Type and its Config.",
    source,
  }).optional(),
  CgroupParent: documented(z.string(), {
    description:
      "Parent cgroup; relative paths are relative to the init process's cgroup; created if missing.",
    source,
  }).optional(),
  VolumeDriver: documented(z.string(), {
    description: "Driver for the container's volumes.",
    source,
  }).optional(),
  ShmSize: documented(intAtLeast("ShmSize", 0, "SHM size can not be less than 0"), {
    description: "Size of /dev/shm; 0 uses the default (64 MB).",
    unit: "bytes",
    bounds: "≥ 0",
    default: ENGINE_LIMITS.shmSizeDefaultBytes,
    source: "engine §2.2, §8",
    decision:
      "The document requires > 0; the engine 20.10 takes 0 as 'use the default' and runs the container, so 0 is accepted.",
  }).optional(),
  ...laterHostConfigFields,
});

/**
 * The cross-field rules of HostConfig (engine §2.2, as the engine 20.10 applies them): a positive MemorySwap
 * needs Memory and is at least Memory; MemoryReservation is at most Memory. Issues are reported on the
 * second field named.
 */
export function checkMemoryRules(
  config: {
    Memory?: number | undefined;
    MemorySwap?: number | undefined;
    MemoryReservation?: number | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const memory = config.Memory ?? 0;
  const swap = config.MemorySwap ?? 0;
  if (swap > 0) {
    if (memory <= 0) {
      ctx.addIssue({ code: "custom", path: ["MemorySwap"], message: "MemorySwap needs Memory to be set" });
    } else if (swap < memory) {
      ctx.addIssue({
        code: "custom",
        path: ["MemorySwap"],
        message: `MemorySwap must be -1 (unlimited swap) or at least Memory (${memory} bytes)`,
      });
    }
  }
  const reservation = config.MemoryReservation ?? 0;
  if (memory > 0 && reservation > 0 && reservation > memory) {
    ctx.addIssue({
      code: "custom",
      path: ["MemoryReservation"],
      message: `MemoryReservation must not be larger than Memory (${memory} bytes)`,
    });
  }
}

/**
 * The cross-field rules of the CPU fields (engine 20.10): NanoCpus cannot be used with CpuPeriod or
 * CpuQuota ("Conflicting options: Nano CPUs and CPU Period cannot both be set").
 */
export function checkCpuRules(
  config: { NanoCpus?: number | undefined; CpuPeriod?: number | undefined; CpuQuota?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if ((config.NanoCpus ?? 0) === 0) return;
  for (const key of ["CpuPeriod", "CpuQuota"] as const) {
    if ((config[key] ?? 0) !== 0) {
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `${key} cannot be used with NanoCpus (Conflicting options: Nano CPUs and ${key === "CpuPeriod" ? "CPU Period" : "CPU Quota"} cannot both be set)`,
      });
    }
  }
}

/** The container's host configuration, request side (engine §2.2, limits §8). */
export const HostConfig = HostConfigObject.superRefine(checkMemoryRules).superRefine(checkCpuRules);
export type HostConfig = z.infer<typeof HostConfig>;
