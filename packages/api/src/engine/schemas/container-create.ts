/**
 * The `POST /containers/create` body (engine §2.1, with `HostConfig` from §2.2 and bounds from §8): the
 * container name, command lines, attach fields, endpoint and networking settings, and the cross-field checks
 * (network mode conflicts, UTS mode, namespaced sysctls) as the engine 20.10 applies them where it differs
 * from the document.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { labels } from "./common.js";
import {
  absolutePath,
  containerName,
  envEntry,
  IMAGE_REFERENCE_MESSAGE,
  IMAGE_REFERENCE_PATTERN,
  isIpAddress,
  stopSignal,
} from "./formats.js";
import { Healthcheck } from "./healthcheck.js";
import { HostConfig, sysctlNamespace } from "./host-config.js";
import { ENGINE_LIMITS, integer } from "./limits.js";
import { requestObject } from "./request-object.js";

const source = "engine §2.1";
const encoder = new TextEncoder();
/** Length in UTF-8 bytes, as the kernel counts a host name. */
const utf8Length = (text: string) => encoder.encode(text).length;

/** The container name regex (engine §4.1 `name`, §8), as the engine 20.10 applies it; see formats.ts. */
export const ContainerName = documented(z.union([z.literal(""), containerName("Container name")]), {
  description:
    "Container name: a letter or digit, then letters, digits, '_', '.' or '-'; an optional leading '/'.",
  bounds: "/?[a-zA-Z0-9][a-zA-Z0-9_.-]+",
  source: "engine §4.1, §8",
  decision:
    "The document prints /?[a-zA-Z0-9_-]+; the engine 20.10 checks /?[a-zA-Z0-9][a-zA-Z0-9_.-]+ (accepts '.', needs two characters, rejects a leading '_' or '-'). We follow the engine. An empty name means none (the engine picks one), as the engine accepts it.",
});
export type ContainerName = z.infer<typeof ContainerName>;

/** `Cmd` / `Entrypoint`: a string (split by the engine like a shell word list) or a list of strings. */
export function commandLine(field: string) {
  return z.union([z.string(), z.array(z.string())], {
    error: `${field} must be a string or a list of strings`,
  });
}
export type CommandLine = z.infer<ReturnType<typeof commandLine>>;

/**
 * `AttachStdin`, `AttachStdout`, `AttachStderr` of a create or exec body, with the defaults of that body
 * (create attaches stdout and stderr by default, exec attaches nothing).
 */
export function attachFields(source: string, defaults: { stdout: boolean; stderr: boolean }) {
  return {
    AttachStdin: documented(z.boolean(), {
      description: "Attach to stdin.",
      default: false,
      source,
    }).optional(),
    AttachStdout: documented(z.boolean(), {
      description: "Attach to stdout.",
      default: defaults.stdout,
      source,
    }).optional(),
    AttachStderr: documented(z.boolean(), {
      description: "Attach to stderr.",
      default: defaults.stderr,
      source,
    }).optional(),
  };
}

/** IPAM settings of one endpoint (engine §2.1 NetworkingConfig, §4.6 connect). */
export const EndpointIPAMConfig = requestObject({
  IPv4Address: documented(
    z.string().refine((ip) => ip === "" || (isIpAddress(ip) && !ip.includes(":")), {
      error: (issue) => `IPAMConfig.IPv4Address: invalid IPv4 address: ${String(issue.input)}`,
    }),
    {
      description: "Static IPv4 address for the endpoint.",
      source,
      decision: 'The engine 20.10 refuses anything else at create ("invalid IPv4 address").',
    },
  ).optional(),
  IPv6Address: documented(
    z.string().refine((ip) => ip === "" || (isIpAddress(ip) && ip.includes(":")), {
      error: (issue) => `IPAMConfig.IPv6Address: invalid IPv6 address: ${String(issue.input)}`,
    }),
    {
      description: "Static IPv6 address for the endpoint.",
      source,
      decision: 'The engine 20.10 refuses anything else at create ("invalid IPv6 address").',
    },
  ).optional(),
  LinkLocalIPs: documented(z.array(z.string()).nullable(), {
    description: "Link-local addresses.",
    source,
  }).optional(),
});
export type EndpointIPAMConfig = z.infer<typeof EndpointIPAMConfig>;

/** One network endpoint's settings in a create body (engine §2.1). */
export const EndpointSettings = requestObject({
  IPAMConfig: documented(EndpointIPAMConfig.nullable(), {
    description: "IPAM settings for the endpoint.",
    source,
  }).optional(),
  Links: documented(z.array(z.string()).nullable(), {
    description: "Links, container_name:alias.",
    source,
  }).optional(),
  Aliases: documented(z.array(z.string()).nullable(), {
    description: "Network-scoped aliases.",
    source,
  }).optional(),
});
export type EndpointSettings = z.infer<typeof EndpointSettings>;

/** `NetworkingConfig` of a create body: map network name to endpoint settings (engine §2.1). */
export const NetworkingConfig = requestObject({
  EndpointsConfig: documented(z.record(z.string(), EndpointSettings).nullable(), {
    description: "Endpoint settings per network name.",
    source,
  }).optional(),
});
export type NetworkingConfig = z.infer<typeof NetworkingConfig>;

/**
 * The container configuration fields of engine §2.1 (without HostConfig and NetworkingConfig), shared by
 * the create body, the commit body and (response side) inspect `Config`.
 */
export const containerConfigShape = {
  Hostname: documented(
    z.string().refine((name) => utf8Length(name) <= ENGINE_LIMITS.hostnameMaxBytes, {
      error: `Hostname must be at most ${ENGINE_LIMITS.hostnameMaxBytes} bytes: the container fails to start (sethostname: invalid argument)`,
    }),
    {
      description: "Container host name.",
      bounds: `at most ${ENGINE_LIMITS.hostnameMaxBytes} bytes`,
      source,
      decision:
        "The document says nothing of the form. The engine 20.10 stores any string and the kernel sets it when the container starts: 64 bytes and names that are no RFC 1123 host name (`-bad-`, `a b`) run; 65 bytes fail at start (sethostname: invalid argument). We follow the engine: only the length is checked.",
    },
  ).optional(),
  Domainname: documented(z.string(), { description: "Container domain name.", source }).optional(),
  User: documented(z.string(), {
    description: "User (and optionally group) the process runs as: user, user:group, uid or uid:gid.",
    source,
  }).optional(),
  ...attachFields(source, { stdout: true, stderr: true }),
  Tty: documented(z.boolean(), {
    description: "Attach the standard streams to a tty, including stdin if it is not closed.",
    default: false,
    source,
  }).optional(),
  OpenStdin: documented(z.boolean(), { description: "Open stdin.", default: false, source }).optional(),
  StdinOnce: documented(z.boolean(), {
    description: "Close stdin after the one attached client disconnects.",
    default: false,
    source,
  }).optional(),
  Env: documented(z.array(envEntry("Env")).nullable(), {
    description: "Environment variables, VAR=value; a bare VAR is kept as written.",
    source,
    decision:
      "The document shows VAR=value. The engine 20.10 keeps an entry without '=' (VAR) as written and runs the container, so it is accepted; it refuses an empty entry and one starting with '=' (invalid environment variable).",
  }).optional(),
  Labels: labels(source),
  Cmd: documented(commandLine("Cmd").nullable(), {
    description: "Command to run: a string or a list of strings.",
    source,
  }).optional(),
  Entrypoint: documented(commandLine("Entrypoint").nullable(), {
    description: "Entry point: a string or a list of strings.",
    source,
  }).optional(),
  Image: documented(z.string().min(1, { error: "Image must not be empty", abort: true }), {
    description: "Image name (name[:tag] or name@digest) or ID to create the container from.",
    source,
  }).optional(),
  Volumes: documented(z.record(absolutePath("Volumes keys"), z.strictObject({}).nullable()).nullable(), {
    description: "Mount points inside the container: map absolute path to {}.",
    source,
  }).optional(),
  Healthcheck: documented(Healthcheck, { description: "The container's health check.", source }).optional(),
  WorkingDir: documented(z.string(), { description: "Working directory of the command.", source }).optional(),
  NetworkDisabled: documented(z.boolean(), {
    description: "true disables networking.",
    default: false,
    source,
  }).optional(),
  MacAddress: documented(
    z.string().regex(/^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$|^$/, {
      error: "MacAddress must look like 02:42:ac:11:00:02",
    }),
    { description: "MAC address of the container.", source },
  ).optional(),
  ExposedPorts: documented(z.record(z.string(), z.strictObject({}).nullable()).nullable(), {
    description: "Exposed ports: map <port>/<tcp|udp|sctp> to {}.",
    source,
    decision:
      "The engine 20.10 stores any key here without checking it (it parses only PortBindings keys); a key that is not <1–65535>/<tcp|udp|sctp> is a warning of the manifest check, not an error. A null value is read as {} (Go's decoder).",
  }).optional(),
  Shell: documented(commandLine("Shell").nullable(), {
    description: "Shell for the shell forms of RUN, CMD and ENTRYPOINT, e.g. [/bin/sh, -c].",
    source: "engine 20.10",
    decision:
      "Not in the v1.24 document; part of the engine's container config since the SHELL instruction (Docker 1.12, API 1.24), accepted at 1.24. A string is read as a list of one (strslice), as for Cmd.",
  }).optional(),
  ArgsEscaped: documented(z.boolean().nullable(), {
    description: "The command is already escaped (Windows only).",
    source: "engine 20.10",
    decision: "Not in the v1.24 document; part of the engine's container config, accepted at 1.24.",
  }).optional(),
  OnBuild: documented(z.array(z.string()).nullable(), {
    description: "ONBUILD instructions stored with the configuration (image metadata).",
    source: "engine 20.10",
    decision:
      "Not in the v1.24 document; part of the engine's container config, accepted at 1.24 and stored.",
  }).optional(),
  StopSignal: documented(stopSignal("StopSignal"), {
    description: "Signal that stops the container.",
    default: ENGINE_LIMITS.stopSignalDefault,
    source: "engine §2.1, §8",
    decision:
      'The document says string or unsigned integer; the engine 20.10 rejects a JSON number ("cannot unmarshal number"), so numbers must be written as strings ("9").',
  }).optional(),
};

/** The parts of a create body {@link checkNetworkModeConflicts} reads. */
interface NetworkedBody {
  Hostname?: string | undefined;
  MacAddress?: string | undefined;
  ExposedPorts?: Record<string, unknown> | null | undefined;
  HostConfig?:
    | {
        NetworkMode?: string | undefined;
        Dns?: string[] | null | undefined;
        ExtraHosts?: string[] | null | undefined;
        Links?: string[] | null | undefined;
        PortBindings?: Record<string, unknown> | null | undefined;
        PublishAllPorts?: boolean | undefined;
        Sysctls?: Record<string, string> | null | undefined;
        IpcMode?: string | undefined;
        UTSMode?: string | undefined;
      }
    | undefined;
}

/**
 * The network-mode conflicts the engine 20.10 refuses at create (`runconfig` `validateNetMode`, messages
 * "conflicting options: … and the network mode"): with `container:<name>`, no Hostname, Dns, ExtraHosts,
 * Links, PortBindings/PublishAllPorts or ExposedPorts; with `host` or `container:`, no MacAddress. Each
 * issue is on the conflicting field. Sysctls and the namespaces: {@link checkSysctlNamespaces}.
 */
export function checkNetworkModeConflicts(body: NetworkedBody, ctx: z.RefinementCtx): void {
  const mode = body.HostConfig?.NetworkMode ?? "";
  const container = mode.startsWith("container:");
  const host = mode === "host";
  if (!container && !host) return;
  const conflict = (path: (string | number)[], what: string) =>
    ctx.addIssue({
      code: "custom",
      path,
      message: `${path.join(".")} cannot be used with HostConfig.NetworkMode ${JSON.stringify(mode)} (conflicting options: ${what} and the network mode)`,
    });
  const hc = body.HostConfig ?? {};
  if (container) {
    if (body.Hostname) conflict(["Hostname"], "hostname");
    if ((hc.Dns?.length ?? 0) > 0) conflict(["HostConfig", "Dns"], "dns");
    if ((hc.ExtraHosts?.length ?? 0) > 0) conflict(["HostConfig", "ExtraHosts"], "custom host-to-IP mapping");
    if ((hc.Links?.length ?? 0) > 0) conflict(["HostConfig", "Links"], "links");
    if (Object.keys(hc.PortBindings ?? {}).length > 0)
      conflict(["HostConfig", "PortBindings"], "port publishing");
    if (hc.PublishAllPorts) conflict(["HostConfig", "PublishAllPorts"], "port publishing");
    if (Object.keys(body.ExposedPorts ?? {}).length > 0) conflict(["ExposedPorts"], "port exposing");
  }
  if (body.MacAddress) conflict(["MacAddress"], "mac-address");
}

/**
 * A Hostname with UTSMode `host`, which the engine 20.10 refuses at create (`runconfig`
 * `ErrConflictUTSHostname`: "conflicting options: hostname and the UTS mode"; seen in the differential
 * test): the container would share the host's hostname. The issue is on Hostname.
 */
export function checkUtsModeConflict(body: NetworkedBody, ctx: z.RefinementCtx): void {
  if (body.HostConfig?.UTSMode !== "host" || !body.Hostname) return;
  ctx.addIssue({
    code: "custom",
    path: ["Hostname"],
    message:
      'Hostname cannot be used with HostConfig.UTSMode "host": the container shares the host\'s hostname (conflicting options: hostname and the UTS mode)',
  });
}

/**
 * Sysctls of a namespace the container shares with the host, which runc refuses when the container
 * starts (`validateSysctl`; each checked on the engine 20.10 by the differential test): `net.*` with
 * NetworkMode `host`, `kernel.msg*`/`kernel.sem`/`kernel.shm*`/`fs.mqueue.*` with IpcMode `host`,
 * `kernel.domainname` with UTSMode `host`. Each issue is on the sysctl, with runc's reason.
 */
export function checkSysctlNamespaces(body: NetworkedBody, ctx: z.RefinementCtx): void {
  const hc = body.HostConfig ?? {};
  const shared = {
    net:
      hc.NetworkMode === "host" ? ["NetworkMode", "sysctl not allowed in host network namespace"] : undefined,
    ipc: hc.IpcMode === "host" ? ["IpcMode", "is not allowed in the hosts ipc namespace"] : undefined,
    uts: hc.UTSMode === "host" ? ["UTSMode", "is not in a separate kernel namespace"] : undefined,
  } as const;
  if (!shared.net && !shared.ipc && !shared.uts) return;
  for (const name of Object.keys(hc.Sysctls ?? {})) {
    const namespace = sysctlNamespace(name);
    const host = namespace && shared[namespace];
    if (!host) continue;
    const [mode, reason] = host;
    const why = namespace === "net" ? reason : `sysctl ${JSON.stringify(name)} ${reason}`;
    ctx.addIssue({
      code: "custom",
      path: ["HostConfig", "Sysctls", name],
      message: `Sysctls ${JSON.stringify(name)} cannot be set with ${mode} "host": the container fails to start (${why})`,
    });
  }
}

/** `POST /containers/create` request body (engine §2.1, §2.2, limits §8). Unknown keys are reported. */
export const ContainerCreateBody = requestObject({
  ...containerConfigShape,
  WorkingDir: documented(
    z.string().refine((dir) => dir === "" || dir.startsWith("/"), {
      error: (issue) =>
        `WorkingDir must be an absolute path: the working directory ${JSON.stringify(issue.input)} is invalid`,
    }),
    {
      description: "Working directory of the command (absolute); empty uses the image's.",
      source,
      decision: "The document does not say; the engine 20.10 refuses a relative path at create.",
    },
  ).optional(),
  StopTimeout: documented(integer("StopTimeout").nullable(), {
    description: "Seconds to wait for the container to stop before it is killed.",
    unit: "seconds",
    default: 10,
    source: "engine 20.10",
    since: "1.25",
  }).optional(),
  Image: documented(
    z
      .string({ error: (issue) => (issue.input === undefined ? "Image is required" : undefined) })
      .min(1, { error: "Image must not be empty", abort: true })
      .regex(IMAGE_REFERENCE_PATTERN, { error: IMAGE_REFERENCE_MESSAGE("Image") }),
    {
      description: "Image name (name[:tag] or name@digest) or ID to create the container from.",
      source,
      decision:
        "Required in a create body: the engine 20.10 creates a container without Image, but that container cannot run anything. Checked as an image reference (lower-case repository path; an image ID also matches), as the engine does.",
    },
  ),
  HostConfig: documented(HostConfig, {
    description: "Host configuration (engine §2.2).",
    source: "engine §2.2",
  }).optional(),
  NetworkingConfig: documented(NetworkingConfig, {
    description: "Per-network endpoint settings for the container's networks.",
    source,
  }).optional(),
}).superRefine((body, ctx) => {
  checkNetworkModeConflicts(body, ctx);
  checkUtsModeConflict(body, ctx);
  checkSysctlNamespaces(body, ctx);
});
export type ContainerCreateBody = z.infer<typeof ContainerCreateBody>;

/** `POST /containers/create` query parameters (engine §4.1). */
export const ContainerCreateQuery = requestObject({
  name: ContainerName.optional(),
});
export type ContainerCreateQuery = z.infer<typeof ContainerCreateQuery>;

/** `POST /containers/create` 201 response (engine §4.1). */
export const ContainerCreateResponse = z.looseObject({
  Id: documented(z.string(), { description: "ID of the created container.", source: "engine §4.1" }),
  Warnings: documented(z.array(z.string()).nullable(), {
    description: "Warnings raised while creating the container.",
    source: "engine §4.1",
  }).optional(),
});
export type ContainerCreateResponse = z.infer<typeof ContainerCreateResponse>;
