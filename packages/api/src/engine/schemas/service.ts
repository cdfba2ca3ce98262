/**
 * Swarm service schemas (engine §4.10): `ContainerSpec` with its secrets, configs and privileges, resources,
 * restart policy, `TaskSpec`, the service mode, update/rollback config, the endpoint spec, `ServiceSpec`, and
 * the create answer and `Service`; fields added after v1.24 carry `since` (moby
 * `docs/api/version-history.md`).
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { labels, responseList, responseString, StringMap } from "./common.js";
import { DURATION_DECISION, durationNs } from "./durations.js";
import {
  capability,
  envEntry,
  IMAGE_REFERENCE_MESSAGE,
  IMAGE_REFERENCE_PATTERN,
  stopSignal,
} from "./formats.js";
import { Healthcheck } from "./healthcheck.js";
import { logDriver, namespacedSysctl, Ulimit } from "./host-config.js";
import { ENGINE_LIMITS, intAtLeast, intBetween, integer, intWithSpecial, unsignedInteger } from "./limits.js";
import { checkLogOptions } from "./log-drivers.js";
import { ServiceMount } from "./mount.js";
import { isSetAside, requestObject } from "./request-object.js";
import { asResponse } from "./response.js";

const source = "engine §4.10";

const later = "engine 20.10";

/** The file a secret or config is mounted as (`File` of `ContainerSpec.Secrets`/`Configs` items). */
const ReferenceFile = documented(
  requestObject({
    Name: documented(
      z.string().min(1, {
        error: "File.Name must not be empty (malformed file reference, invalid target file name provided)",
      }),
      {
        description: "File name under the target folder.",
        source: later,
        decision: "Required: the engine 20.10 refuses a reference without one at create.",
      },
    ),
    UID: documented(z.string(), { description: "Owner's user ID.", source: later }).optional(),
    GID: documented(z.string(), { description: "Owner's group ID.", source: later }).optional(),
    Mode: documented(intAtLeast("File.Mode", 0), {
      description: "Permission bits (0o444 = 292).",
      source: later,
    }).optional(),
  }),
  { description: "The file the secret or config is mounted as.", source: later },
).optional();

/** A `ContainerSpec.Secrets` item (API 1.25): the engine refuses one without File, SecretID or SecretName. */
const SecretReference = requestObject({
  File: ReferenceFile.unwrap(),
  SecretID: documented(
    z.string().min(1, { error: "Secrets SecretID must not be empty (malformed secret reference)" }),
    {
      description: "ID of the secret.",
      source: later,
    },
  ),
  SecretName: documented(
    z.string().min(1, { error: "Secrets SecretName must not be empty (malformed secret reference)" }),
    { description: "Name of the secret.", source: later },
  ),
});

/**
 * A `ContainerSpec.Configs` item (API 1.30; `Runtime` 1.40): the engine refuses one without ConfigID or
 * ConfigName (malformed config reference) and one with neither or both of File and Runtime.
 */
const ConfigReference = requestObject({
  File: ReferenceFile,
  Runtime: documented(requestObject({}), {
    description: "Use the config as a credential spec of the runtime instead of a file (Windows).",
    source: later,
    since: "1.40",
    ignoredBefore: true,
  }).optional(),
  ConfigID: documented(
    z.string().min(1, { error: "Configs ConfigID must not be empty (malformed config reference)" }),
    {
      description: "ID of the config.",
      source: later,
    },
  ),
  ConfigName: documented(
    z.string().min(1, { error: "Configs ConfigName must not be empty (malformed config reference)" }),
    { description: "Name of the config.", source: later },
  ),
}).superRefine((config, ctx) => {
  const given = [config.File, config.Runtime].filter((value) => value !== undefined && value !== null).length;
  if (given !== 1)
    ctx.addIssue({
      code: "custom",
      path: given === 0 ? [] : ["Runtime"],
      message:
        "Configs: give exactly one of File and Runtime (invalid Config: either File or Runtime should be set)",
    });
});

/** `ContainerSpec.Privileges` (API 1.29; `CredentialSpec.Config` 1.40). */
const Privileges = requestObject({
  CredentialSpec: documented(
    requestObject({
      Config: documented(z.string(), {
        description: "ID of a swarm config holding the credential spec.",
        source: later,
        since: "1.40",
        ignoredBefore: true,
      }).optional(),
      File: documented(z.string(), { description: "Credential spec file.", source: later }).optional(),
      Registry: documented(z.string(), {
        description: "Registry value holding the credential spec.",
        source: later,
      }).optional(),
    }),
    {
      description: "Credential spec of a managed service account (Windows only).",
      source: later,
      decision:
        'Windows only: a Linux engine 20.10 rejects every task that has one (invalid --security-opt: "credentialspec=…") and refuses an empty one at create, so any CredentialSpec is an error.',
    },
  )
    .refine(() => false, {
      error:
        "Privileges.CredentialSpec is Windows-only: a Linux engine rejects every task (invalid --security-opt credentialspec)",
    })
    .optional(),
  SELinuxContext: documented(
    requestObject({
      Disable: documented(z.boolean(), {
        description: "Disable SELinux labelling.",
        source: later,
      }).optional(),
      User: documented(z.string(), { description: "SELinux user label.", source: later }).optional(),
      Role: documented(z.string(), { description: "SELinux role label.", source: later }).optional(),
      Type: documented(z.string(), { description: "SELinux type label.", source: later }).optional(),
      Level: documented(z.string(), { description: "SELinux level label.", source: later }).optional(),
    }),
    { description: "SELinux labels of the containers.", source: later },
  ).optional(),
});

/** ContainerSpec fields added after v1.24 (moby `docs/api/version-history.md`), each with `since`. */
const laterContainerSpecFields = {
  Hostname: documented(z.string(), {
    description: "Host name of the containers.",
    source: later,
    since: "1.25",
  }).optional(),
  TTY: documented(z.boolean(), {
    description: "Allocate a pseudo-TTY.",
    default: false,
    source: later,
    since: "1.25",
  }).optional(),
  Groups: documented(z.array(z.string()).nullable(), {
    description: "Additional groups of the container process.",
    source: later,
    since: "1.25",
  }).optional(),
  Healthcheck: documented(Healthcheck, {
    description: "The containers' health check.",
    source: later,
    since: "1.25",
  }).optional(),
  DNSConfig: documented(
    requestObject({
      Nameservers: documented(z.array(z.string()).nullable(), {
        description: "DNS servers.",
        source: later,
      }).optional(),
      Search: documented(z.array(z.string()).nullable(), {
        description: "DNS search domains.",
        source: later,
      }).optional(),
      Options: documented(z.array(z.string()).nullable(), {
        description: "resolv.conf options.",
        source: later,
      }).optional(),
    }),
    { description: "resolv.conf settings of the containers.", source: later, since: "1.25" },
  ).optional(),
  ReadOnly: documented(z.boolean(), {
    description: "Mount the root file system read-only.",
    default: false,
    source: later,
    since: "1.28",
  }).optional(),
  StopSignal: documented(stopSignal("ContainerSpec.StopSignal"), {
    description: "Signal that stops the containers.",
    source: later,
    since: "1.28",
  }).optional(),
  Isolation: documented(
    z.string().refine((value) => !["process", "hyperv"].includes(value.toLowerCase()), {
      error:
        'ContainerSpec.Isolation must be "default" (or empty) on Linux: process and hyperv are Windows-only (every task is rejected: invalid isolation on linux)',
    }),
    {
      description: "Isolation technology: default (process and hyperv on Windows).",
      source: later,
      since: "1.35",
    },
  ).optional(),
  Init: documented(z.boolean().nullable(), {
    description: "Run an init inside the containers.",
    source: later,
    since: "1.37",
  }).optional(),
  Sysctls: documented(z.record(namespacedSysctl, z.string()).nullable(), {
    description:
      "Namespaced kernel parameters (kernel.msg*, kernel.sem, kernel.shm*, kernel.domainname, fs.mqueue.*, net.*).",
    source: later,
    since: "1.40",
    ignoredBefore: true,
    decision:
      "Checked by name as a container's Sysctls: at 1.40 and later the engine creates the service and every task fails on a sysctl outside a separate kernel namespace (pnpm explore-manifests, seed 555); below 1.40 the engine drops the field.",
  }).optional(),
  Hosts: documented(z.array(z.string()).nullable(), {
    description: 'Extra /etc/hosts entries of the containers, "IP host [alias…]".',
    source: later,
    since: "1.27",
    decision:
      "Version from the engine's swagger: ContainerSpec lists Hosts first in moby docs/api/v1.27.yaml (v1.25.yaml and v1.26.yaml do not, nor the Secrets the 1.25 version history adds, so their ContainerSpec is incomplete; the engine 20.10 reads Hosts at every version). The engine writes the entries as given and runs the tasks whatever their form (db, db:10.0.0.1 run), so any string is accepted.",
  }).optional(),
  OpenStdin: documented(z.boolean(), {
    description: "Keep stdin open.",
    default: false,
    source: later,
    since: "1.27",
    decision:
      "Version from the engine's swagger: ContainerSpec lists OpenStdin first in moby docs/api/v1.27.yaml (absent from v1.25.yaml and v1.26.yaml; the engine 20.10 reads it at every version).",
  }).optional(),
  Secrets: documented(z.array(SecretReference).nullable(), {
    description: "Swarm secrets to mount into the containers (under /run/secrets).",
    source: later,
    since: "1.25",
    decision:
      "A secret the swarm does not hold is refused at create (secret not found): that depends on the swarm, not the body, and is not checked offline.",
  }).optional(),
  Privileges: documented(Privileges, {
    description: "Security options of the containers: credential spec (Windows) and SELinux context.",
    source: later,
    since: "1.29",
  }).optional(),
  Configs: documented(z.array(ConfigReference).nullable(), {
    description: "Swarm configs to mount into the containers.",
    source: later,
    since: "1.30",
    decision:
      "A config the swarm does not hold is refused at create (config not found): that depends on the swarm, not the body.",
  }).optional(),
  Ulimits: documented(z.array(Ulimit).nullable(), {
    description: "Resource limits of the containers' processes.",
    source: later,
    since: "1.41",
    ignoredBefore: true,
    decision:
      "Checked as a container's Ulimits: every task fails to start on a Soft above Hard or an unknown name.",
  }).optional(),
  CapabilityAdd: documented(z.array(capability("CapabilityAdd")).nullable(), {
    description: "Kernel capabilities to add.",
    source: later,
    since: "1.41",
    ignoredBefore: true,
  }).optional(),
  CapabilityDrop: documented(z.array(capability("CapabilityDrop")).nullable(), {
    description: "Kernel capabilities to drop.",
    source: later,
    since: "1.41",
    ignoredBefore: true,
  }).optional(),
};

/** `TaskTemplate.ContainerSpec` (engine §4.10). */
export const ContainerSpec = requestObject({
  Image: documented(
    z
      .string()
      .min(1, { error: "ContainerSpec.Image must not be empty", abort: true })
      .regex(IMAGE_REFERENCE_PATTERN, { error: IMAGE_REFERENCE_MESSAGE("ContainerSpec.Image") }),
    {
      description: "Image reference.",
      source,
    },
  ),
  Labels: labels(source),
  Command: documented(z.array(z.string()).nullable(), {
    description: "Command (replaces the image's entry point).",
    source,
  }).optional(),
  Args: documented(z.array(z.string()).nullable(), {
    description: "Arguments to the command.",
    source,
  }).optional(),
  Env: documented(z.array(envEntry("ContainerSpec.Env")).nullable(), {
    description: "Environment, VAR=value.",
    source,
  }).optional(),
  Dir: documented(
    z.string().refine((dir) => dir === "" || dir.startsWith("/"), {
      error: (issue) =>
        `ContainerSpec.Dir must be an absolute path: every task is rejected (the working directory ${JSON.stringify(issue.input)} is invalid, it needs to be an absolute path)`,
    }),
    {
      description: "Working directory (absolute); empty uses the image's.",
      source,
      decision:
        "The document does not say; the engine 20.10 creates the service and rejects every task with a relative one (found by pnpm explore-manifests, seed 777).",
    },
  ).optional(),
  User: documented(z.string(), { description: "User inside the container.", source }).optional(),
  Mounts: documented(z.array(ServiceMount).nullable(), { description: "Mounts.", source }).optional(),
  StopGracePeriod: documented(integer("ContainerSpec.StopGracePeriod"), {
    description:
      "Time to wait after the stop signal before the container is killed; 0 or a negative value kills at once.",
    unit: "nanoseconds",
    source,
    decision: `${DURATION_DECISION} Unlike the update and restart delays, swarmkit does not check its sign: the engine 20.10 creates a service with -1 and its tasks run, so any integer is accepted.`,
  }).optional(),
  ...laterContainerSpecFields,
});
export type ContainerSpec = z.infer<typeof ContainerSpec>;

const MIN_NANO_CPUS = ENGINE_LIMITS.minServiceNanoCpus;
const MIN_MEMORY = ENGINE_LIMITS.minServiceMemoryBytes;

/**
 * One user-defined resource of a reservation (`GenericResources` item, API 1.33): exactly one of
 * NamedResourceSpec and DiscreteResourceSpec (the engine 20.10 closes the connection without an answer on
 * an item with neither).
 */
const GenericResource = requestObject({
  NamedResourceSpec: documented(
    requestObject({
      Kind: documented(z.string(), { description: "Resource kind, e.g. GPU.", source: later }).optional(),
      Value: documented(z.string(), { description: "Resource value, e.g. UUID1.", source: later }).optional(),
    }),
    { description: "A named resource.", source: later },
  ).optional(),
  DiscreteResourceSpec: documented(
    requestObject({
      Kind: documented(z.string(), { description: "Resource kind, e.g. SSD.", source: later }).optional(),
      Value: documented(integer("DiscreteResourceSpec.Value"), {
        description: "How many.",
        unit: "count",
        source: later,
      }).optional(),
    }),
    { description: "A countable resource.", source: later },
  ).optional(),
}).superRefine((resource, ctx) => {
  const given = [resource.NamedResourceSpec, resource.DiscreteResourceSpec].filter(
    (spec) => spec !== undefined && spec !== null,
  ).length;
  if (given !== 1)
    ctx.addIssue({
      code: "custom",
      path: [],
      message: "GenericResources items need exactly one of NamedResourceSpec and DiscreteResourceSpec",
    });
});

const resourceObject = (field: string, limits: boolean) =>
  requestObject({
    NanoCPUs: documented(
      intWithSpecial(
        `${field}.NanoCPUs`,
        [0],
        [{ min: MIN_NANO_CPUS }],
        `${field}.NanoCPUs must be 0 or at least ${MIN_NANO_CPUS} (0.001 CPU): invalid cpu value, must be at least 0.001`,
      ),
      {
        description: "CPU in units of 10^-9 CPU (1000000000 = one CPU).",
        unit: "nano CPUs",
        bounds: `0, or ≥ ${MIN_NANO_CPUS} (0.001 CPU)`,
        source,
        decision: limits
          ? "The minimum is swarmkit's, checked by the engine 20.10 at create. A limit from 0.001 to under 0.01 CPU passes create, but no task starts: the kernel's smallest CPU quota is 1 ms per 100 ms period, so runc cannot write the task's (manifest/limit reports it when the service runs tasks)."
          : "The minimum is swarmkit's, checked by the engine 20.10 at create.",
      },
    ).optional(),
    MemoryBytes: documented(
      intWithSpecial(
        `${field}.MemoryBytes`,
        [0],
        [{ min: MIN_MEMORY }],
        `${field}.MemoryBytes must be 0 or at least ${MIN_MEMORY} bytes (4 MiB): invalid memory value, must be at least 4MiB`,
      ),
      {
        description: "Memory.",
        unit: "bytes",
        bounds: `0, or ≥ ${MIN_MEMORY} (4 MiB)`,
        source,
        decision: limits
          ? "The minimum is swarmkit's, checked by the engine 20.10 at create. A limit from 4 MiB to under 6 MiB passes create, but the engine rejects every task: a container's memory limit must be at least 6 MB (manifest/limit reports it when the service runs tasks)."
          : "The minimum is swarmkit's, checked by the engine 20.10 at create. A reservation only places tasks, so 4 MiB runs.",
      },
    ).optional(),
    ...(limits
      ? {
          Pids: documented(integer(`${field}.Pids`), {
            description: "Maximum number of processes; 0 (or a negative value) means unlimited.",
            unit: "count" as const,
            source: later,
            since: "1.41",
            ignoredBefore: true,
          }).optional(),
        }
      : {
          GenericResources: documented(z.array(GenericResource).nullable(), {
            description: "User-defined resources a node must offer: SSD=3 (discrete) or GPU=UUID1 (named).",
            source: later,
            since: "1.32",
            decision:
              "Version from the engine's swagger: ResourceObject.GenericResources is defined first in moby docs/api/v1.32.yaml (v1.31.yaml has no ResourceObject). A task stays pending until a node advertises the resource (no suitable node: insufficient resources), which depends on the swarm's nodes, not the body.",
          }).optional(),
        }),
  });

/** `TaskTemplate.Resources` (engine §4.10). */
export const ResourceRequirements = requestObject({
  Limits: documented(resourceObject("Resources.Limits", true), {
    description: "Upper limits per container.",
    source,
  }).optional(),
  Reservations: documented(resourceObject("Resources.Reservations", false), {
    description: "Reserved resources per container.",
    source,
    decision:
      "The document says Reservation and, for update, CPU/Memory; the engine reads Reservations with NanoCPUs/MemoryBytes (engine 20.10; moby `api/types/swarm` `ResourceRequirements`), so the other spellings are reported as unknown fields.",
  }).optional(),
});
export type ResourceRequirements = z.infer<typeof ResourceRequirements>;

/** Conditions of a service restart policy (engine §4.10). */
export const RESTART_CONDITIONS = ["none", "on-failure", "any"] as const;

/** `TaskTemplate.RestartPolicy` (engine §4.10). */
export const ServiceRestartPolicy = requestObject({
  Condition: documented(
    z.enum(["", ...RESTART_CONDITIONS], {
      error: 'RestartPolicy.Condition must be "none", "on-failure" or "any"',
    }),
    {
      description: "When to restart tasks; empty means any.",
      default: "any",
      source,
      decision: "The engine 20.10 takes an empty Condition as any.",
    },
  ).optional(),
  Delay: durationNs("RestartPolicy.Delay", {
    description: "Delay between restart attempts.",
    source,
  }).optional(),
  MaxAttempts: documented(intAtLeast("RestartPolicy.MaxAttempts", 0), {
    description: "Maximum attempts before giving up; 0 means no limit.",
    unit: "count",
    default: 0,
    source,
    decision:
      "The document's parameter list says Attempts but its example and the engine use MaxAttempts; we use MaxAttempts.",
  }).optional(),
  Window: durationNs("RestartPolicy.Window", {
    description: "Window used to evaluate the restart policy; 0 means unbounded.",
    source,
  }).optional(),
});
export type ServiceRestartPolicy = z.infer<typeof ServiceRestartPolicy>;

/** A network a service or task attaches to (engine §4.10). */
export const NetworkAttachmentConfig = requestObject({
  Target: documented(z.string().min(1), { description: "Network name or ID.", source }),
  Aliases: documented(z.array(z.string()).nullable(), {
    description: "Aliases on that network.",
    source,
  }).optional(),
});
export type NetworkAttachmentConfig = z.infer<typeof NetworkAttachmentConfig>;

const networksDecision =
  "The document says network names or IDs; the engine expects objects {Target, Aliases} (a bare string fails to decode).";

/** `TaskTemplate` (engine §4.10). */
export const TaskSpec = requestObject({
  ContainerSpec: documented(ContainerSpec, { description: "The container to run.", source }),
  Resources: documented(ResourceRequirements, {
    description: "Resource limits and reservations.",
    source,
  }).optional(),
  RestartPolicy: documented(ServiceRestartPolicy, {
    description: "Restart policy of the tasks.",
    source,
  }).optional(),
  Placement: documented(
    requestObject({
      Constraints: documented(
        z
          .array(
            z.string().regex(/^\s*[\w.-]+\s*(==|!=)\s*\S.*$/, {
              error:
                'Placement.Constraints entries must be <attribute> == <value> or <attribute> != <value>, e.g. "node.role == manager"',
            }),
          )
          .nullable(),
        { description: "Constraints, e.g. node.role == manager.", source },
      ).optional(),
      Preferences: documented(
        z
          .array(
            requestObject({
              Spread: documented(
                requestObject({
                  SpreadDescriptor: documented(z.string(), {
                    description: "Label to spread over, e.g. node.labels.zone.",
                    source: later,
                    decision:
                      "The engine 20.10 runs the tasks of a service whose preference has an empty or no SpreadDescriptor (or no Spread): it places them as without a preference, so both are optional.",
                  }).optional(),
                }),
                { description: "Spread tasks evenly over the values of a label.", source: later },
              ).optional(),
            }),
          )
          .nullable(),
        {
          description: "Scheduling preferences, e.g. spread over node.labels.zone.",
          source: later,
          since: "1.27",
        },
      ).optional(),
      Platforms: documented(
        z
          .array(
            requestObject({
              Architecture: documented(z.string(), {
                description: "CPU architecture, e.g. x86_64.",
                source: later,
              }).optional(),
              OS: documented(z.string(), {
                description: "Operating system, e.g. linux.",
                source: later,
              }).optional(),
            }),
          )
          .nullable(),
        { description: "Platforms the service's image supports.", source: later, since: "1.30" },
      ).optional(),
      MaxReplicas: documented(intAtLeast("Placement.MaxReplicas", 0), {
        description: "Maximum tasks per node; 0 means no limit.",
        unit: "count",
        source: later,
        since: "1.40",
        ignoredBefore: true,
      }).optional(),
    }),
    { description: "Placement constraints and preferences.", source },
  ).optional(),
  Networks: documented(z.array(NetworkAttachmentConfig).nullable(), {
    description: "Networks to attach the tasks to.",
    source,
    decision: networksDecision,
  }).optional(),
  LogDriver: documented(
    requestObject({
      Name: documented(logDriver("LogDriver.Name"), {
        description: "Log driver (same set as container LogConfig types).",
        source,
        decision:
          "Optional: a LogDriver without Name (or with a null one) is the default driver, as the engine 20.10 reads Go's zero value; the service runs (pnpm explore-manifests, seed 114).",
      }).optional(),
      Options: documented(StringMap.nullable(), { description: "Driver options.", source }).optional(),
    }).superRefine((driver, ctx) => {
      // a Name given but invalid (a plugin this engine lacks): its options are that driver's own
      if (isSetAside(driver, "Name")) return;
      checkLogOptions(driver.Name, driver.Options, ctx, ["Options"], ["Name"], "LogDriver.Options");
    }),
    { description: "Log driver of the tasks.", source },
  ).optional(),
  ForceUpdate: documented(intAtLeast("TaskTemplate.ForceUpdate", 0), {
    description: "A counter; changing it forces an update of the tasks.",
    source: later,
    since: "1.25",
  }).optional(),
  Runtime: documented(z.enum(["", "container"], { error: 'TaskTemplate.Runtime must be "container"' }), {
    description: "The task runtime: container (plugin services are not modelled).",
    default: "container",
    source: later,
    since: "1.31",
    decision:
      'Version from the engine\'s version history (moby docs/api/version-history.md, v1.31: "POST /services/create now accepts a PluginSpec when TaskTemplate.Runtime is set to plugin"). Plugin services (Runtime "plugin" with a PluginSpec) install engine plugins from a registry, which the manifests do not model: only "container" is accepted.',
  }).optional(),
});
export type TaskSpec = z.infer<typeof TaskSpec>;

/** The service modes: one of them, or none (`{}`, one replica). */
const SERVICE_MODES = ["Replicated", "Global", "ReplicatedJob", "GlobalJob"] as const;

/** A uint64 count of a job (`MaxConcurrent`, `TotalCompletions`): the engine's decoder refuses a negative one. */
const jobCount = (field: string) => unsignedInteger(field);

/**
 * `Mode`: at most one of `Replicated` (with `Replicas`), `Global`, and since API 1.41 `ReplicatedJob` and
 * `GlobalJob` (engine §4.10; the engine refuses two: "must specify only one service mode"). An empty
 * `Mode` (`{}`) is one replica: the engine 20.10 creates the service with `Replicated: {Replicas: 1}`.
 */
export const ServiceMode = requestObject({
  Replicated: documented(
    requestObject({
      Replicas: documented(intAtLeast("Mode.Replicated.Replicas", 0), {
        description: "Number of tasks.",
        unit: "count",
        default: 1,
        source,
      }).optional(),
    }),
    { description: "A fixed number of tasks.", source },
  ).optional(),
  Global: documented(requestObject({}), { description: "One task per node.", source }).optional(),
  ReplicatedJob: documented(
    requestObject({
      MaxConcurrent: documented(jobCount("Mode.ReplicatedJob.MaxConcurrent"), {
        description: "Tasks run at once.",
        unit: "count",
        default: 1,
        source: later,
      }).optional(),
      TotalCompletions: documented(jobCount("Mode.ReplicatedJob.TotalCompletions"), {
        description: "Tasks that must complete; defaults to MaxConcurrent.",
        unit: "count",
        source: later,
      }).optional(),
    }),
    {
      description: "A job: tasks run to completion, a number of them.",
      source: later,
      since: "1.41",
      ignoredBefore: true,
    },
  ).optional(),
  GlobalJob: documented(requestObject({}), {
    description: "A job: one task per node, run to completion.",
    source: later,
    since: "1.41",
    ignoredBefore: true,
  }).optional(),
}).superRefine((mode, ctx) => {
  const given = SERVICE_MODES.filter((key) => mode[key] !== undefined && mode[key] !== null);
  if (given.length > 1) {
    ctx.addIssue({
      code: "custom",
      path: [given[1]!],
      message: `Mode must have only one of ${SERVICE_MODES.join(", ")} (${given.join(" and ")} given: must specify only one service mode)`,
    });
  }
});
export type ServiceMode = z.infer<typeof ServiceMode>;

/**
 * The fields of `UpdateConfig` and `RollbackConfig` (engine §4.10; later fields with `since`).
 * `swarmkitChecks`: swarmkit's `validateUpdate` checks the object (UpdateConfig: Delay and Monitor ≥ 0,
 * MaxFailureRatio 0–1); RollbackConfig is stored as given.
 */
const updateConfigShape = (field: string, swarmkitChecks: boolean) => ({
  Parallelism: documented(intAtLeast(`${field}.Parallelism`, 0), {
    description: "Tasks updated at once; 0 means all at once.",
    unit: "count",
    source,
  }).optional(),
  Delay: swarmkitChecks
    ? durationNs(`${field}.Delay`, { description: "Delay between updates.", source }).optional()
    : documented(integer(`${field}.Delay`), {
        description: "Delay between rollbacks of tasks.",
        unit: "nanoseconds",
        source,
        decision: `${DURATION_DECISION} swarmkit checks UpdateConfig's delay only: a negative RollbackConfig delay is created and the tasks run (pnpm explore-manifests, seed 555).`,
      }).optional(),
  FailureAction: documented(
    z.enum(["", "continue", "pause", "rollback"], {
      error: `${field}.FailureAction must be "continue", "pause" or "rollback"`,
    }),
    {
      description: "What to do when an update fails: pause, continue, or rollback.",
      default: "pause",
      source,
      valuesSince: { rollback: "1.28" },
    },
  ).optional(),
  Monitor: swarmkitChecks
    ? durationNs(`${field}.Monitor`, {
        description: "Time to watch each updated task for failure.",
        source: later,
        since: "1.25",
      }).optional()
    : documented(integer(`${field}.Monitor`), {
        description: "Time to watch each rolled-back task for failure.",
        unit: "nanoseconds",
        source: later,
        since: "1.25",
        decision: `${DURATION_DECISION} swarmkit checks UpdateConfig's monitor only (controlapi validateUpdate): a negative RollbackConfig monitor is created and the tasks run (pnpm explore-manifests, seed 101).`,
      }).optional(),
  MaxFailureRatio: documented(
    swarmkitChecks
      ? z
          .number({ error: `${field}.MaxFailureRatio must be a number between 0 and 1` })
          .min(0, { error: `${field}.MaxFailureRatio cannot be less than 0 or bigger than 1` })
          .max(1, { error: `${field}.MaxFailureRatio cannot be less than 0 or bigger than 1` })
      : z.number({ error: `${field}.MaxFailureRatio must be a number between 0 and 1` }),
    {
      description: "Fraction of tasks that may fail during an update before the failure action runs.",
      bounds: "0–1",
      source: later,
      since: "1.25",
      ...(swarmkitChecks
        ? {}
        : {
            decision:
              "swarmkit (engine 20.10) checks the ratio of UpdateConfig only; a RollbackConfig ratio outside 0–1 is accepted (a warning of the manifest check).",
          }),
    },
  ).optional(),
  Order: documented(
    z.enum(["", "stop-first", "start-first"], {
      error: `${field}.Order must be "stop-first" or "start-first"`,
    }),
    {
      description: "Stop old tasks before starting new ones, or the reverse.",
      default: "stop-first",
      source: later,
      since: "1.29",
    },
  ).optional(),
});

/** `UpdateConfig` (engine §4.10). */
export const UpdateConfig = requestObject(updateConfigShape("UpdateConfig", true));
export type UpdateConfig = z.infer<typeof UpdateConfig>;

/** A port of `EndpointSpec.Ports` (engine §4.10). */
export const EndpointPortConfig = requestObject({
  Protocol: documented(z.string(), {
    description: "tcp, udp or sctp.",
    default: "tcp",
    source,
    decision:
      "sctp is accepted too (engine 20.10, API ≥ 1.37). The engine 20.10 publishes any other protocol as tcp without a word (a warning of the manifest check).",
    valuesSince: { sctp: "1.37" },
  }).optional(),
  TargetPort: documented(intBetween("EndpointSpec.Ports TargetPort", 0, ENGINE_LIMITS.uint32Max), {
    description: "Port inside the container.",
    bounds: "1–65535 (the engine stores 0 to 4294967295)",
    source,
    decision:
      "Required by the document; the engine 20.10 decodes it as a uint32 (refusing a negative number), stores 0, a missing one or one above 65535 as given and runs the tasks, so only the uint32 range is an error, and a port outside 1–65535 is a warning of the manifest check.",
  }).optional(),
  PublishedPort: documented(
    integer("EndpointSpec.Ports PublishedPort")
      .min(0, {
        error: "EndpointSpec.Ports PublishedPort cannot be negative (the engine refuses it: uint32)",
      })
      .max(ENGINE_LIMITS.port.max, {
        error:
          "EndpointSpec.Ports PublishedPort must be between 0 and 65535: the engine creates the service but the swarm never allocates the port, so no task starts",
      }),
    {
      description: "Port on the swarm; 0 or omitted: one is assigned.",
      bounds: "0–65535",
      source,
      decision:
        "The engine 20.10 creates a service with a port above 65535, but the swarm never allocates it, so no task starts: an error. 0 is assigned a port, as an omitted one.",
    },
  ).optional(),
  PublishMode: documented(
    z.union([z.enum(["ingress", "host"]), z.string()], {
      error: 'EndpointSpec.Ports PublishMode must be "ingress" or "host"',
    }),
    {
      description: "ingress (routing mesh) or host (the port of the node running the task).",
      default: "ingress",
      source: later,
      since: "1.25",
      decision:
        'The engine 20.10 publishes any value other than "host" as ingress and runs the tasks ("bogus" is stored as ingress), so other strings are accepted and are a warning of the manifest check.',
    },
  ).optional(),
});
export type EndpointPortConfig = z.infer<typeof EndpointPortConfig>;

/** `EndpointSpec` (engine §4.10): ports only with mode `vip`. */
export const EndpointSpec = requestObject({
  Mode: documented(z.enum(["", "vip", "dnsrr"], { error: 'EndpointSpec.Mode must be "vip" or "dnsrr"' }), {
    description: "vip (virtual IP) or dnsrr (DNS round robin).",
    default: "vip",
    source,
    decision:
      'The empty string is the default, vip (the engine 20.10 stores "vip" for it; pnpm explore-manifests, seed 106); other spellings, "VIP" too, are refused ("invalid resolution mode").',
  }).optional(),
  Ports: documented(z.array(EndpointPortConfig).nullable(), {
    description: "Published ports (vip mode only).",
    source,
  }).optional(),
}).superRefine((spec, ctx) => {
  const seen = new Set<string>();
  (spec.Ports ?? []).forEach((port, index) => {
    // the engine publishes any mode but "host" as ingress (PublishMode "bogus" is refused with dnsrr too)
    if (spec.Mode === "dnsrr" && port.PublishMode !== "host") {
      ctx.addIssue({
        code: "custom",
        path: ["Ports"],
        message:
          'EndpointSpec.Ports published in ingress mode cannot be used with EndpointSpec.Mode "dnsrr" (port published with ingress mode can\'t be used with dnsrr mode); use PublishMode "host" or Mode "vip"',
      });
    }
    if (!port.PublishedPort) return;
    const key = `${port.PublishedPort}/${port.Protocol ?? "tcp"}`;
    if (seen.has(key)) {
      ctx.addIssue({
        code: "custom",
        path: ["Ports", index, "PublishedPort"],
        message: `EndpointSpec.Ports publishes ${key} twice: PublishedPort and Protocol must be unique (duplicate published ports provided)`,
      });
    }
    seen.add(key);
  });
});
export type EndpointSpec = z.infer<typeof EndpointSpec>;

/** `POST /services/create` and `POST /services/(id)/update` body (engine §4.10). Unknown keys are reported. */
export const ServiceSpec = requestObject({
  Name: documented(
    z
      .string()
      .max(ENGINE_LIMITS.serviceNameMaxLength, {
        error: `Name must be ${ENGINE_LIMITS.serviceNameMaxLength} characters or fewer`,
      })
      .regex(/^([a-zA-Z0-9]([-_]*[a-zA-Z0-9]+)*)?$/, {
        error:
          'Name must be valid as a DNS name component: letters and digits, with "-" or "_" only between them',
      }),
    {
      description:
        "Service name: a DNS label (renaming is unsupported on update); empty lets the engine pick one.",
      bounds: `at most ${ENGINE_LIMITS.serviceNameMaxLength} characters`,
      source,
      decision:
        'The document gives no rule; swarmkit (engine 20.10) refuses names longer than 63 characters or not matching ^[a-zA-Z0-9](?:[-_]*[A-Za-z0-9]+)*$ (it allows "_", unlike a strict DNS label).',
    },
  ).optional(),
  Labels: labels(source),
  TaskTemplate: documented(TaskSpec, { description: "What each task runs.", source }),
  Mode: documented(ServiceMode, {
    description: "Replicated (with Replicas) or Global.",
    default: { Replicated: { Replicas: 1 } },
    source,
  }).optional(),
  UpdateConfig: documented(UpdateConfig, { description: "Rolling update settings.", source }).optional(),
  RollbackConfig: documented(requestObject(updateConfigShape("RollbackConfig", false)), {
    description: "Rollback settings.",
    source: later,
    since: "1.28",
  }).optional(),
  Networks: documented(z.array(NetworkAttachmentConfig).nullable(), {
    description: "Networks to attach the service to.",
    source,
    decision: networksDecision,
  }).optional(),
  EndpointSpec: documented(EndpointSpec, {
    description: "Endpoint mode and published ports.",
    source,
  }).optional(),
}).superRefine((spec, ctx) => {
  const job = spec.Mode?.ReplicatedJob ?? spec.Mode?.GlobalJob;
  if (job !== undefined && job !== null && spec.UpdateConfig !== undefined && spec.UpdateConfig !== null) {
    ctx.addIssue({
      code: "custom",
      path: ["UpdateConfig"],
      message:
        "UpdateConfig cannot be used with a job Mode (ReplicatedJob, GlobalJob): Jobs may not have an update config",
    });
  }
});
export type ServiceSpec = z.infer<typeof ServiceSpec>;

/** `POST /services/create` 201 response (engine §4.10). */
export const ServiceCreateResponse = z.looseObject({
  ID: documented(z.string(), { description: "ID of the service.", source }),
  Warnings: responseList(z.string(), "Warnings (engine 20.10).", "engine 20.10"),
});
export type ServiceCreateResponse = z.infer<typeof ServiceCreateResponse>;

/** A service (engine §2.10). */
export const Service = z.looseObject({
  ID: documented(z.string(), { description: "Service ID.", source: "engine §2.10" }),
  Version: documented(z.looseObject({ Index: z.number().optional() }), {
    description: "Object version.",
    source: "engine §2.10",
  }).optional(),
  CreatedAt: responseString("Creation time (RFC 3339).", "engine §2.10"),
  UpdatedAt: responseString("Last update time (RFC 3339).", "engine §2.10"),
  Spec: documented(asResponse(ServiceSpec), {
    description: "The service spec.",
    source: "engine §2.10",
  }).optional(),
  Endpoint: documented(
    z.looseObject({
      Spec: asResponse(EndpointSpec).optional(),
      Ports: z.array(asResponse(EndpointPortConfig)).nullable().optional(),
      VirtualIPs: z
        .array(z.looseObject({ NetworkID: z.string().optional(), Addr: z.string().optional() }))
        .nullable()
        .optional(),
    }),
    { description: "Endpoint state: Spec, Ports, VirtualIPs ({NetworkID, Addr}).", source: "engine §2.10" },
  ).optional(),
});
export type Service = z.infer<typeof Service>;
