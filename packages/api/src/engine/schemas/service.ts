import { z } from "zod";
import { documented } from "../../meta.js";
import { labels, responseList, responseString, StringMap } from "./common.js";
import { durationNs } from "./durations.js";
import {
  absolutePath,
  envEntry,
  IMAGE_REFERENCE_MESSAGE,
  IMAGE_REFERENCE_PATTERN,
  PORT_PROTOCOLS,
  VOLUME_NAME_PATTERN,
} from "./formats.js";
import { logDriver } from "./host-config.js";
import { intAtLeast, portNumber } from "./limits.js";
import { requestObject } from "./request-object.js";
import { asResponse } from "./response.js";

const source = "engine §4.10";

/** Mount types of a service container (engine §4.10; `tmpfs` is engine 20.10, API ≥ 1.29). */
export const SERVICE_MOUNT_TYPES = ["bind", "volume", "tmpfs"] as const;
/** Bind propagation modes (engine §4.10). */
export const BIND_PROPAGATIONS = ["private", "rprivate", "shared", "rshared", "slave", "rslave"] as const;

/** A mount of a service container (engine §4.10 "Mounts item"). */
export const ServiceMount = requestObject({
  Target: documented(absolutePath("Mounts Target"), { description: "Container path.", source }),
  Source: documented(z.string(), {
    description: "Volume name or absolute host path (not for tmpfs).",
    source,
  }).optional(),
  Type: documented(
    z.enum(SERVICE_MOUNT_TYPES, { error: 'Mounts Type must be "bind", "volume" or "tmpfs"' }),
    {
      description: "bind, volume or tmpfs.",
      default: "volume",
      source,
      decision: "The document lists bind and volume; tmpfs is accepted by the engine 20.10.",
    },
  ).optional(),
  ReadOnly: documented(z.boolean(), { description: "Mount read-only.", default: false, source }).optional(),
  BindOptions: documented(
    requestObject({
      Propagation: documented(
        z.enum(BIND_PROPAGATIONS, {
          error: "BindOptions.Propagation must be [r]private, [r]shared or [r]slave",
        }),
        { description: "Bind propagation: [r]private, [r]shared or [r]slave.", source },
      ).optional(),
    }),
    { description: "Options of a bind mount (Type bind only).", source },
  ).optional(),
  VolumeOptions: documented(
    requestObject({
      NoCopy: documented(z.boolean(), {
        description: "Do not populate the volume with the image's data at the target.",
        default: false,
        source,
      }).optional(),
      Labels: labels(source),
      DriverConfig: documented(
        requestObject({
          Name: documented(z.string(), { description: "Volume driver.", source }).optional(),
          Options: documented(StringMap.nullable(), { description: "Driver options.", source }).optional(),
        }),
        { description: "Volume driver and options.", source },
      ).optional(),
    }),
    { description: "Options of a volume mount (Type volume only).", source },
  ).optional(),
  TmpfsOptions: documented(
    requestObject({
      SizeBytes: documented(intAtLeast("TmpfsOptions.SizeBytes", 0), {
        description: "Size limit.",
        unit: "bytes",
        source,
      }).optional(),
      Mode: documented(intAtLeast("TmpfsOptions.Mode", 0), {
        description: "Permission bits (e.g. 0o1777 = 1023).",
        source,
      }).optional(),
    }),
    { description: "Options of a tmpfs mount (Type tmpfs only; engine 20.10).", source: "engine 20.10" },
  ).optional(),
}).superRefine((mount, ctx) => {
  const type = mount.Type ?? "volume";
  const optionsOf = { bind: "BindOptions", volume: "VolumeOptions", tmpfs: "TmpfsOptions" } as const;
  for (const [kind, key] of Object.entries(optionsOf)) {
    if (kind !== type && mount[key] !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `Mounts ${key} can only be used with Type "${kind}"`,
      });
    }
  }
  if (type === "bind" && !mount.Source?.startsWith("/")) {
    ctx.addIssue({
      code: "custom",
      path: ["Source"],
      message: "Mounts Source of a bind mount must be an absolute host path",
    });
  }
  if (
    type === "volume" &&
    mount.Source !== undefined &&
    mount.Source !== "" &&
    !VOLUME_NAME_PATTERN.test(mount.Source)
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["Source"],
      message: "Mounts Source of a volume mount must be a volume name matching [a-zA-Z0-9][a-zA-Z0-9_.-]+",
    });
  }
  if (type === "tmpfs" && mount.Source !== undefined && mount.Source !== "") {
    ctx.addIssue({
      code: "custom",
      path: ["Source"],
      message: 'Mounts Source must be empty for Type "tmpfs"',
    });
  }
});
export type ServiceMount = z.infer<typeof ServiceMount>;

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
  Dir: documented(z.string(), { description: "Working directory.", source }).optional(),
  User: documented(z.string(), { description: "User inside the container.", source }).optional(),
  Mounts: documented(z.array(ServiceMount).nullable(), { description: "Mounts.", source }).optional(),
  StopGracePeriod: durationNs("ContainerSpec.StopGracePeriod", {
    description: "Time to wait after the stop signal before the container is killed.",
    source,
  }).optional(),
});
export type ContainerSpec = z.infer<typeof ContainerSpec>;

const resourceObject = (field: string) =>
  requestObject({
    NanoCPUs: documented(intAtLeast(`${field}.NanoCPUs`, 0), {
      description: "CPU in units of 10^-9 CPU (1000000000 = one CPU).",
      unit: "nano CPUs",
      source,
    }).optional(),
    MemoryBytes: documented(intAtLeast(`${field}.MemoryBytes`, 0), {
      description: "Memory.",
      unit: "bytes",
      source,
    }).optional(),
  });

/** `TaskTemplate.Resources` (engine §4.10). */
export const ResourceRequirements = requestObject({
  Limits: documented(resourceObject("Resources.Limits"), {
    description: "Upper limits per container.",
    source,
  }).optional(),
  Reservations: documented(resourceObject("Resources.Reservations"), {
    description: "Reserved resources per container.",
    source,
    decision:
      "The document says Reservation and, for update, CPU/Memory; the engine reads Reservations with NanoCPUs/MemoryBytes (research: lint-anchors §8), so the other spellings are reported as unknown fields.",
  }).optional(),
});
export type ResourceRequirements = z.infer<typeof ResourceRequirements>;

/** Conditions of a service restart policy (engine §4.10). */
export const RESTART_CONDITIONS = ["none", "on-failure", "any"] as const;

/** `TaskTemplate.RestartPolicy` (engine §4.10). */
export const ServiceRestartPolicy = requestObject({
  Condition: documented(
    z.enum(RESTART_CONDITIONS, { error: 'RestartPolicy.Condition must be "none", "on-failure" or "any"' }),
    { description: "When to restart tasks.", default: "any", source },
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
    }),
    { description: "Placement constraints.", source },
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
      }),
      Options: documented(StringMap.nullable(), { description: "Driver options.", source }).optional(),
    }),
    { description: "Log driver of the tasks.", source },
  ).optional(),
});
export type TaskSpec = z.infer<typeof TaskSpec>;

/** `Mode`: exactly one of `Replicated` (with `Replicas`) or `Global` (engine §4.10). */
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
}).superRefine((mode, ctx) => {
  const given = [mode.Replicated, mode.Global].filter((value) => value !== undefined).length;
  if (given === 2) {
    ctx.addIssue({
      code: "custom",
      path: ["Global"],
      message: "Mode must have exactly one of Replicated or Global (both given)",
    });
  } else if (given === 0) {
    ctx.addIssue({ code: "custom", path: [], message: "Mode must have exactly one of Replicated or Global" });
  }
});
export type ServiceMode = z.infer<typeof ServiceMode>;

/** `UpdateConfig` (engine §4.10). */
export const UpdateConfig = requestObject({
  Parallelism: documented(intAtLeast("UpdateConfig.Parallelism", 0), {
    description: "Tasks updated at once; 0 means all at once.",
    unit: "count",
    source,
  }).optional(),
  Delay: durationNs("UpdateConfig.Delay", { description: "Delay between updates.", source }).optional(),
  FailureAction: documented(
    z.enum(["continue", "pause"], { error: 'UpdateConfig.FailureAction must be "continue" or "pause"' }),
    {
      description: "What to do when an update fails.",
      default: "pause",
      source,
    },
  ).optional(),
});
export type UpdateConfig = z.infer<typeof UpdateConfig>;

/** A port of `EndpointSpec.Ports` (engine §4.10). */
export const EndpointPortConfig = requestObject({
  Protocol: documented(
    z.enum(PORT_PROTOCOLS, { error: 'EndpointSpec.Ports Protocol must be "tcp" or "udp"' }),
    {
      description: "tcp or udp.",
      default: "tcp",
      source,
      decision: "sctp is accepted too (engine 20.10).",
    },
  ).optional(),
  TargetPort: documented(portNumber("EndpointSpec.Ports TargetPort"), {
    description: "Port inside the container.",
    source,
  }),
  PublishedPort: documented(portNumber("EndpointSpec.Ports PublishedPort"), {
    description: "Port on the swarm; assigned when omitted.",
    source,
  }).optional(),
});
export type EndpointPortConfig = z.infer<typeof EndpointPortConfig>;

/** `EndpointSpec` (engine §4.10): ports only with mode `vip`. */
export const EndpointSpec = requestObject({
  Mode: documented(z.enum(["vip", "dnsrr"], { error: 'EndpointSpec.Mode must be "vip" or "dnsrr"' }), {
    description: "vip (virtual IP) or dnsrr (DNS round robin).",
    default: "vip",
    source,
  }).optional(),
  Ports: documented(z.array(EndpointPortConfig).nullable(), {
    description: "Published ports (vip mode only).",
    source,
  }).optional(),
}).superRefine((spec, ctx) => {
  if (spec.Mode === "dnsrr" && (spec.Ports?.length ?? 0) > 0) {
    ctx.addIssue({
      code: "custom",
      path: ["Ports"],
      message: 'EndpointSpec.Ports can only be used with EndpointSpec.Mode "vip"',
    });
  }
});
export type EndpointSpec = z.infer<typeof EndpointSpec>;

/** `POST /services/create` and `POST /services/(id)/update` body (engine §4.10). Unknown keys are reported. */
export const ServiceSpec = requestObject({
  Name: documented(z.string(), {
    description: "Service name (renaming is unsupported on update).",
    source,
  }).optional(),
  Labels: labels(source),
  TaskTemplate: documented(TaskSpec, { description: "What each task runs.", source }),
  Mode: documented(ServiceMode, {
    description: "Replicated (with Replicas) or Global.",
    default: { Replicated: { Replicas: 1 } },
    source,
  }).optional(),
  UpdateConfig: documented(UpdateConfig, { description: "Rolling update settings.", source }).optional(),
  Networks: documented(z.array(NetworkAttachmentConfig).nullable(), {
    description: "Networks to attach the service to.",
    source,
    decision: networksDecision,
  }).optional(),
  EndpointSpec: documented(EndpointSpec, {
    description: "Endpoint mode and published ports.",
    source,
  }).optional(),
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
