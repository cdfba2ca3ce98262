/**
 * Mounts (engine §4.10 "Mounts item" for services; `HostConfig.Mounts` of a container since API 1.25, moby
 * `api/types/mount` and the v1.25–v1.41 swagger `Mount`): the options objects both share, the service
 * mount, and the container mount, each checked as the engine 20.10 checks it (swarmkit for services,
 * `volume/mounts` `validateMountConfig` for containers; every rule tried on the engine at /v1.24 and /v1.41).
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { labels, StringMap } from "./common.js";
import { absolutePath, VOLUME_NAME_PATTERN } from "./formats.js";
import { intAtLeast } from "./limits.js";
import { isSetAside, requestObject } from "./request-object.js";

const source = "engine §4.10";
const later = "engine 20.10";

/** Mount types of a service container (engine §4.10; `tmpfs` is engine 20.10, API ≥ 1.29). */
export const SERVICE_MOUNT_TYPES = ["bind", "volume", "tmpfs"] as const;
/** Bind propagation modes (engine §4.10). */
export const BIND_PROPAGATIONS = ["private", "rprivate", "shared", "rshared", "slave", "rslave"] as const;

/** `BindOptions` of a mount; `nonRecursiveSince`: the version that added `NonRecursive` for this kind. */
const bindOptions = (nonRecursiveSince: string) =>
  documented(
    requestObject({
      Propagation: documented(
        z.enum(BIND_PROPAGATIONS, {
          error: "BindOptions.Propagation must be [r]private, [r]shared or [r]slave",
        }),
        { description: "Bind propagation: [r]private, [r]shared or [r]slave.", source },
      ).optional(),
      NonRecursive: documented(z.boolean(), {
        description: "Do not bind-mount the mounts under the source (no rbind).",
        default: false,
        source: later,
        since: nonRecursiveSince,
        ignoredBefore: true,
      }).optional(),
    }),
    { description: "Options of a bind mount (Type bind only).", source },
  ).optional();

const volumeOptions = documented(
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
).optional();

const tmpfsOptions = documented(
  requestObject({
    SizeBytes: documented(intAtLeast("TmpfsOptions.SizeBytes", 0), {
      description: "Size limit.",
      unit: "bytes",
      bounds: "≥ 0",
      source,
      decision:
        "The engine 20.10 creates a container with a negative size, which then fails to start (mount tmpfs: size=-1: invalid argument): an error.",
    }).optional(),
    Mode: documented(intAtLeast("TmpfsOptions.Mode", 0), {
      description: "Permission bits (e.g. 0o1777 = 1023).",
      source,
    }).optional(),
  }),
  { description: "Options of a tmpfs mount (Type tmpfs only; engine 20.10).", source: later },
).optional();

const consistency = documented(z.string(), {
  description: "Consistency requirement: default, consistent, cached or delegated (Docker Desktop only).",
  source: later,
  since: "1.28",
  decision: "A Linux engine 20.10 stores any value and ignores it, so any string is accepted.",
}).optional();

/** The mount fields both kinds share (`BindOptions.NonRecursive` came later for services). */
const mountShape = (nonRecursiveSince: string) => ({
  Target: documented(absolutePath("Mounts Target"), { description: "Container path.", source }),
  Source: documented(z.string(), {
    description: "Volume name or absolute host path (not for tmpfs).",
    source,
  }).optional(),
  ReadOnly: documented(z.boolean(), { description: "Mount read-only.", default: false, source }).optional(),
  Consistency: consistency,
  BindOptions: bindOptions(nonRecursiveSince),
  VolumeOptions: volumeOptions,
  TmpfsOptions: tmpfsOptions,
});

/**
 * The options objects a mount type refuses (moby `volume/mounts` `validateMountConfig`, linux parser): a bind
 * takes no `VolumeOptions`, a volume and a tmpfs no `BindOptions` ("field BindOptions must not be
 * specified"). Any other pairing is accepted: a tmpfs with `VolumeOptions` and a bind or volume with
 * `TmpfsOptions` are created and run (checked on the engine 20.10; pnpm explore-manifests, seed 107).
 */
const MISPLACED_OPTIONS: Readonly<Record<string, readonly ("BindOptions" | "VolumeOptions")[]>> = {
  bind: ["VolumeOptions"],
  volume: ["BindOptions"],
  tmpfs: ["BindOptions"],
};

/**
 * Adds an issue at each options object `type` refuses (see {@link MISPLACED_OPTIONS}); `consequence` is
 * appended to the message. A service's task is the container the engine validates, so both kinds share it.
 */
function checkMisplacedOptions(
  mount: { BindOptions?: unknown; VolumeOptions?: unknown },
  type: string,
  ctx: z.RefinementCtx,
  consequence: string,
) {
  for (const key of MISPLACED_OPTIONS[type] ?? []) {
    if (mount[key] === undefined || mount[key] === null) continue;
    ctx.addIssue({
      code: "custom",
      path: [key],
      message: `Mounts ${key} cannot be used with Type "${type}" (field ${key} must not be specified${consequence})`,
    });
  }
}

/** The source rules both kinds share: bind absolute, volume a volume name, tmpfs none. */
function checkSource(
  mount: { Type?: string | undefined; Source?: string | undefined },
  type: string,
  ctx: z.RefinementCtx,
) {
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
      message: 'Mounts Source must be empty for Type "tmpfs" (field Source must not be specified)',
    });
  }
}

/** A mount of a service container (engine §4.10 "Mounts item"). */
export const ServiceMount = requestObject({
  ...mountShape("1.41"),
  Type: documented(
    z.enum(SERVICE_MOUNT_TYPES, { error: 'Mounts Type must be "bind", "volume" or "tmpfs"' }),
    {
      description: "bind, volume or tmpfs.",
      default: "bind",
      source,
      decision:
        "The document lists bind and volume; tmpfs is accepted by the engine 20.10. An omitted Type is a bind for swarmkit (its first enum value): a mount with only a Target has every task rejected (invalid bind mount source, must be an absolute path).",
    },
  ).optional(),
}).superRefine((mount, ctx) => {
  // a Type given but invalid is refused at create; the rules of the default type do not apply to it
  if (isSetAside(mount, "Type")) return;
  const type = mount.Type ?? "bind";
  // the engine's spec conversion keeps a BindOptions only with a propagation or NonRecursive set
  const bind = mount.BindOptions;
  const keptBind = bind && ((bind.Propagation ?? "") !== "" || bind.NonRecursive === true);
  const given = { ...mount, BindOptions: keptBind ? bind : undefined };
  checkMisplacedOptions(given, type, ctx, "; every task is rejected");
  checkSource(mount, type, ctx);
});
export type ServiceMount = z.infer<typeof ServiceMount>;

/**
 * A mount of a container (`HostConfig.Mounts`, API 1.25; the engine 20.10 also reads it at /v1.24). The
 * engine refuses at create: a missing or unknown `Type` (`npipe` is Windows-only), a missing or relative
 * `Target`, a relative bind `Source`, a tmpfs `Source`, `BindOptions` on a volume and `VolumeOptions` on a
 * bind ("field … must not be specified"); a bind `Source` that does not exist on the engine's host is a
 * host-dependent refusal the offline check cannot see. Other options on a tmpfs mount are accepted.
 */
export const ContainerMount = requestObject({
  ...mountShape("1.40"),
  Type: documented(
    z.enum(SERVICE_MOUNT_TYPES, {
      error: 'Mounts Type must be "bind", "volume" or "tmpfs" (mount type unknown; npipe is Windows-only)',
    }),
    {
      description: "bind, volume or tmpfs (npipe on Windows).",
      source: later,
      decision:
        "Required: the engine 20.10 refuses a mount without Type (mount type unknown), and npipe on Linux.",
    },
  ),
}).superRefine((mount, ctx) => {
  checkMisplacedOptions(mount, mount.Type, ctx, "");
  checkSource(mount, mount.Type, ctx);
});
export type ContainerMount = z.infer<typeof ContainerMount>;
