/**
 * String formats of the engine API (container names, port keys, bind specifications, network modes,
 * signals, detach keys ...). Each is a plain zod string schema with a message naming the expected form;
 * the field's documentation is attached where the field is declared.
 */
import { parseSignal } from "@enginekit/text";
import { z } from "zod";

/**
 * Container name as the engine 20.10 checks it: `^/?[a-zA-Z0-9][a-zA-Z0-9_.-]+$` (at least two
 * characters). Engine §4.1 and §8 print `/?[a-zA-Z0-9_-]+`, which the engine contradicts (it accepts `.`
 * and rejects a leading `_`, `-`, `.` and one-character names); we follow the engine.
 */
export const CONTAINER_NAME_PATTERN = /^\/?[a-zA-Z0-9][a-zA-Z0-9_.-]+$/;

/** The volume-name rule of the `local` driver, also used for the `volume-name` form of `Binds`. */
export const VOLUME_NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/;

/** `container:<name or id>` of `NetworkMode`, `PidMode`, `IpcMode`. */
const CONTAINER_REFERENCE = /^container:.+$/;

/** `Name must match /?[a-zA-Z0-9][a-zA-Z0-9_.-]+ ...` for the field `field`. */
export function containerName(field: string) {
  return z.string().regex(CONTAINER_NAME_PATTERN, {
    error: `${field} must match /?[a-zA-Z0-9][a-zA-Z0-9_.-]+ (a letter or digit, then at least one letter, digit, "_", "." or "-")`,
  });
}

/** The protocols a port key may name. `sctp` is accepted by the engine 20.10 (API ≥ 1.25). */
export const PORT_PROTOCOLS = ["tcp", "udp", "sctp"] as const;

/** A port number 1–65535 followed by an optional `/tcp`, `/udp` or `/sctp`, as one regular expression. */
export const PORT_KEY_PATTERN =
  /^(?:6553[0-5]|655[0-2]\d|65[0-4]\d\d|6[0-4]\d{3}|[1-5]\d{4}|[1-9]\d{0,3})(?:\/(?:tcp|udp|sctp))?$/;

/** `<port>/<protocol>` key of `ExposedPorts` and `PortBindings`; the engine defaults a bare port to tcp. */
export function portKey(field: string) {
  return z.string().regex(PORT_KEY_PATTERN, {
    error: `${field} keys must be <port>/<tcp|udp|sctp> with a port between 1 and 65535, e.g. "80/tcp"`,
  });
}

/** Absolute container path (`/` prefixed). */
export function absolutePath(field: string) {
  return z.string().regex(/^\//, { error: `${field} must be an absolute path (starting with "/")` });
}

/** Options allowed after the second `:` of a bind: access, SELinux label, nocopy, propagation, consistency. */
const BIND_OPTION_GROUPS: readonly (readonly string[])[] = [
  ["rw", "ro"],
  ["z", "Z"],
  ["nocopy"],
  ["private", "rprivate", "shared", "rshared", "slave", "rslave"],
  ["consistent", "cached", "delegated"],
];

/**
 * Checks one `Binds` entry (engine §2.2, engine 20.10 Linux mount parser) and returns the problem, or
 * undefined when it is valid. Forms: `container-dest` (anonymous volume), `host-src:container-dest`,
 * `volume-name:container-dest`, each optionally followed by `:options` (comma-separated, at most one per
 * group: `rw|ro`, `z|Z`, `nocopy`, a propagation mode, a consistency mode).
 */
export function bindProblem(bind: string): string | undefined {
  const parts = bind.split(":");
  if (parts.length > 3 || parts.some((part) => part === "")) {
    return `Binds entry "${bind}" must be host-src:container-dest[:options] or volume-name:container-dest[:options]`;
  }
  const [first, second, options] = parts as [string, string | undefined, string | undefined];
  const destination = second ?? first;
  if (second !== undefined && options === undefined && isBindOptions(second)) {
    return `Binds entry "${bind}" has options but no container destination`;
  }
  if (!destination.startsWith("/")) {
    return `Binds entry "${bind}": container destination "${destination}" must be an absolute path`;
  }
  if (destination === "/") return `Binds entry "${bind}": container destination cannot be "/"`;
  if (second !== undefined && !first.startsWith("/") && !VOLUME_NAME_PATTERN.test(first)) {
    return `Binds entry "${bind}": source "${first}" must be an absolute host path or a volume name matching [a-zA-Z0-9][a-zA-Z0-9_.-]+`;
  }
  if (options !== undefined && !isBindOptions(options)) {
    return `Binds entry "${bind}": options "${options}" must be comma-separated, at most one of each: rw|ro, z|Z, nocopy, [r]private|[r]shared|[r]slave, consistent|cached|delegated`;
  }
  return undefined;
}

function isBindOptions(options: string): boolean {
  const used = new Set<number>();
  for (const option of options.split(",")) {
    const group = BIND_OPTION_GROUPS.findIndex((values) => values.includes(option));
    if (group < 0 || used.has(group)) return false;
    used.add(group);
  }
  return true;
}

/** One `Binds` entry; see {@link bindProblem}. */
export const BindSpec = z.string().superRefine((bind, ctx) => {
  const problem = bindProblem(bind);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** Well-known network modes; any other value (except a malformed `container:`) names a custom network. */
export const BUILTIN_NETWORK_MODES = ["bridge", "host", "none", "default"] as const;

/** `NetworkMode` (engine §2.2): bridge, host, none, container:<name|id>, or a custom network name. */
export const NetworkMode = z
  .string()
  .refine((mode) => mode === "" || !mode.includes(":") || CONTAINER_REFERENCE.test(mode), {
    error: `NetworkMode must be bridge, host, none, container:<name|id> or a network name`,
  });

/** `PidMode` (engine §2.2): empty, `host` or `container:<name|id>`. */
export const PidMode = z
  .string()
  .refine((mode) => mode === "" || mode === "host" || CONTAINER_REFERENCE.test(mode), {
    error: `PidMode must be "host" or container:<name|id>`,
  });

/**
 * True for a signal the engine accepts (moby `signal.ParseSignal`, checked on the 20.10 engine): a non-zero
 * decimal number within Go's `int`, or a name of the engine's Linux table with or without `SIG`, any case
 * (`@enginekit/text` `SIGNALS`: `RTMIN+1`–`RTMIN+15`, `RTMAX-14`–`RTMAX-1`; no `UNUSED`).
 */
export function isSignal(value: string): boolean {
  return parseSignal(value).ok;
}

/** A signal given as a string (`SIGTERM`, `TERM`, `15`). */
export function signal(field: string) {
  return z.string().refine(isSignal, {
    error: `${field} must be a signal name such as "SIGTERM" or a non-zero number`,
  });
}

/**
 * A stop signal (`StopSignal` of a container or a service's container spec): a signal as {@link signal}
 * reads it, or `""`, which the engine 20.10 takes as "the default" (SIGTERM; checked on the engine).
 */
export function stopSignal(field: string) {
  return z.string().refine((value) => value === "" || isSignal(value), {
    error: `${field} must be a signal name such as "SIGTERM" or a non-zero number (or empty for the default)`,
  });
}

/**
 * True for a detach key sequence: comma-separated keys, each one character or `ctrl-<value>` with value
 * in `a-z`, `@`, `^`, `[`, `,`, `_` (engine §4.1; the engine accepts a sequence, the document shows one key).
 */
export function isDetachKeys(value: string): boolean {
  let index = 0;
  while (index < value.length) {
    if (value.startsWith("ctrl-", index)) {
      const key = value[index + 5];
      if (key === undefined || !/^[a-z@^[,_]$/.test(key)) return false;
      index += 6;
    } else {
      index += 1;
    }
    if (index === value.length) return true;
    if (value[index] !== ",") return false;
    index += 1;
    if (index === value.length) return false;
  }
  return false;
}

/** Detach key sequence; see {@link isDetachKeys}. */
export function detachKeys(field: string) {
  return z.string().refine(isDetachKeys, {
    error: `${field} must be one character or ctrl-<a-z|@|^|[|,|_>, comma-separated for a sequence`,
  });
}

/**
 * An environment entry: `VAR=value`, or a bare `VAR`, which the engine 20.10 keeps as written (the process
 * sees no such variable unless the image sets it). The engine refuses an empty entry and one starting with
 * `=` ("invalid environment variable: =x", at create for containers, for every task of a service).
 */
export function envEntry(field: string) {
  return z.string().regex(/^[^=]/, {
    error: (issue) =>
      `${field} entries must have the form VAR=value (or VAR): invalid environment variable: ${String(issue.input)}`,
  });
}

/** Linux capability names the engine 20.10 knows, without the `CAP_` prefix. `ALL` is also accepted. */
export const CAPABILITIES = [
  "AUDIT_CONTROL",
  "AUDIT_READ",
  "AUDIT_WRITE",
  "BLOCK_SUSPEND",
  "BPF",
  "CHECKPOINT_RESTORE",
  "CHOWN",
  "DAC_OVERRIDE",
  "DAC_READ_SEARCH",
  "FOWNER",
  "FSETID",
  "IPC_LOCK",
  "IPC_OWNER",
  "KILL",
  "LEASE",
  "LINUX_IMMUTABLE",
  "MAC_ADMIN",
  "MAC_OVERRIDE",
  "MKNOD",
  "NET_ADMIN",
  "NET_BIND_SERVICE",
  "NET_BROADCAST",
  "NET_RAW",
  "PERFMON",
  "SETFCAP",
  "SETGID",
  "SETPCAP",
  "SETUID",
  "SYS_ADMIN",
  "SYS_BOOT",
  "SYS_CHROOT",
  "SYS_MODULE",
  "SYS_NICE",
  "SYS_PACCT",
  "SYS_PTRACE",
  "SYS_RAWIO",
  "SYS_RESOURCE",
  "SYS_TIME",
  "SYS_TTY_CONFIG",
  "SYSLOG",
  "WAKE_ALARM",
] as const;

/** A capability name, any case, with or without `CAP_`, or `ALL`. */
export function capability(field: string) {
  return z.string().refine(
    (value) => {
      const name = value.toUpperCase().replace(/^CAP_/, "");
      return name === "ALL" || (CAPABILITIES as readonly string[]).includes(name);
    },
    { error: `${field} entries must be kernel capabilities such as "NET_ADMIN" (or "ALL")` },
  );
}

/**
 * `CapAdd`/`CapDrop` of a container: a list of capabilities or one capability as a string (the engine's
 * `strslice.StrSlice` reads a JSON string as a list of one; checked on the engine 20.10: `"NET_ADMIN"`
 * runs, `"BOGUS"` is refused "unknown capability").
 */
export function capabilityList(field: string) {
  return z.union([capability(field), z.array(capability(field))], {
    error: `${field} must be a list of capabilities (or one capability as a string)`,
  });
}

/**
 * Image reference `[registry-host[:port]/]path[:tag][@sha256:digest]` (engine §4.2; distribution reference
 * grammar, lower-case path components).
 */
export const IMAGE_REFERENCE_PATTERN =
  /^(?:[a-zA-Z0-9.-]+(?::\d+)?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::\w[\w.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/;

/** The message for a malformed image reference in `field`. */
export const IMAGE_REFERENCE_MESSAGE = (field: string) =>
  `${field} must be an image reference such as "name:tag", "registry:5000/team/name:tag" or "name@sha256:<digest>" (repository names are lower-case)`;

/** An image reference; see {@link IMAGE_REFERENCE_PATTERN}. */
export function imageReference(field: string) {
  return z.string().regex(IMAGE_REFERENCE_PATTERN, { error: IMAGE_REFERENCE_MESSAGE(field) });
}

/**
 * True when every number of a `port` or `low-high` range is at most 65535 and a range does not descend (the
 * engine's `nat.ParsePortRange`: "invalid range specified for port", reported by the engine as `invalid port
 * specification: "1-0"`; pnpm explore-manifests, seed 105).
 */
function portRangeInBounds(range: string): boolean {
  const parts = range.split("-").map(Number);
  return parts.every((part) => part <= 65535) && (parts.length < 2 || parts[1]! >= parts[0]!);
}

/**
 * `PortBindings` key as the engine 20.10 parses it (`nat.NewPort` on the map key): one port 0–65535 with
 * any protocol after `/`. Anything else — a range such as `"80-81/tcp"` too, which `docker run -p` expands
 * but the API does not — is refused at create with `invalid port specification: "<port>"` (checked on the
 * engine at /v1.24 and /v1.41). Ports 0 and protocols other than tcp/udp/sctp are accepted (see
 * docs/manifests.md: they are warnings of the manifest check, not errors).
 */
export function portBindingKey(field: string) {
  const error = (issue: { input?: unknown }) =>
    `${field} key ${JSON.stringify(issue.input)}: invalid port specification: ${JSON.stringify(String(issue.input).split("/")[0])} (one port 1–65535, not a range, then /tcp, /udp or /sctp)`;
  return z
    .string()
    .regex(/^\d+(\/.*)?$/, { error })
    .refine((key) => portRangeInBounds(key.split("/")[0] ?? ""), { error });
}

/**
 * `HostPort` of a port binding: empty, a port or an ascending `low-high` range, each 0–65535 (`invalid port
 * specification`).
 */
export function hostPort(field: string) {
  return z
    .string({ error: `${field} must be a string such as "8080" (not a number)` })
    .refine((port) => port === "" || (/^\d+(-\d+)?$/.test(port) && portRangeInBounds(port)), {
      error: (issue) =>
        `${field}: invalid port specification: ${JSON.stringify(issue.input)} (a port 1–65535 or a range such as "8000-8010", as a string)`,
    });
}

/** The `ExtraHosts` address the engine 20.10 replaces with the host's gateway IP (`opts.HostGatewayName`). */
export const HOST_GATEWAY = "host-gateway";

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** True for an IPv4 or IPv6 address as Go's `net.ParseIP` reads it (no zone, no brackets). */
export function isIpAddress(text: string): boolean {
  if (IPV4.test(text)) return true;
  if (!text.includes(":") || /[^0-9a-fA-F:.]/.test(text)) return false;
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * An `ExtraHosts` entry `host:IP` as the engine 20.10 checks it (`opts.ValidateExtraHost`): the name
 * before the first `:`, a valid IPv4 or IPv6 address after it, or the word `host-gateway` (lower case; the
 * engine writes the host's gateway address). Messages are the engine's: `bad format for add-host: "x"`,
 * `invalid IP address in add-host: "y"`.
 */
export function extraHost(field: string) {
  return z.string().superRefine((entry, ctx) => {
    const colon = entry.indexOf(":");
    if (colon <= 0) {
      ctx.addIssue({
        code: "custom",
        message: `${field} entries must be hostname:IP: bad format for add-host: ${JSON.stringify(entry)}`,
      });
    } else if (entry.slice(colon + 1) !== HOST_GATEWAY && !isIpAddress(entry.slice(colon + 1))) {
      ctx.addIssue({
        code: "custom",
        message: `${field} entries must be hostname:IP: invalid IP address in add-host: ${JSON.stringify(entry.slice(colon + 1))}`,
      });
    }
  });
}

/** Mount flags a `Tmpfs` option list may hold (the engine 20.10's mount flag table; `bind`/`rbind` fail in runc). */
const TMPFS_FLAGS = new Set(
  "defaults ro rw suid nosuid dev nodev exec noexec sync async dirsync remount mand nomand atime noatime diratime nodiratime unbindable runbindable private rprivate shared rshared slave rslave relatime norelatime strictatime nostrictatime".split(
    " ",
  ),
);

/** `key=value` options of a tmpfs and the form of their value (a size, octal mode, id, count). */
const TMPFS_KEYS: Record<string, RegExp> = {
  "": /^/,
  size: /^\d+[kmgKMG%]?$/,
  mode: /^[0-7]+$/,
  uid: /^\d+$/,
  gid: /^\d+$/,
  nr_inodes: /^\d+[kmgKMG]?$/,
  nr_blocks: /^\d+[kmgKMG]?$/,
  mpol: /^/,
};

/**
 * The problem with a `Tmpfs` option list (`"rw,noexec,size=64k"`), or undefined: each comma-separated
 * option must be a mount flag or `size`/`mode`/`uid`/`gid`/`nr_inodes`/`nr_blocks`/`mpol`=value. The engine
 * 20.10 creates the container and refuses it at start ("invalid tmpfs option"; a malformed size fails in
 * runc); every case tried on the engine.
 */
export function tmpfsOptionsProblem(options: string): string | undefined {
  if (options === "") return undefined;
  for (const option of options.split(",")) {
    const equals = option.indexOf("=");
    if (equals < 0) {
      if (!TMPFS_FLAGS.has(option)) return `invalid tmpfs option ${JSON.stringify(option)}`;
      continue;
    }
    const key = option.slice(0, equals);
    const form = TMPFS_KEYS[key];
    if (!form) return `invalid tmpfs option ${JSON.stringify(option)}`;
    if (!form.test(option.slice(equals + 1)))
      return `invalid value in tmpfs option ${JSON.stringify(option)}`;
  }
  return undefined;
}

/** A `Tmpfs` option list; see {@link tmpfsOptionsProblem}. */
export const tmpfsOptions = z.string().superRefine((options, ctx) => {
  const problem = tmpfsOptionsProblem(options);
  if (problem)
    ctx.addIssue({ code: "custom", message: `Tmpfs options: ${problem}: the container fails to start` });
});

/** Values Go's `strconv.ParseBool` reads (the engine's `no-new-privileges=<bool>`). */
const GO_BOOLEANS = new Set([
  "1",
  "t",
  "T",
  "TRUE",
  "true",
  "True",
  "0",
  "f",
  "F",
  "FALSE",
  "false",
  "False",
]);

/**
 * The problem with a `SecurityOpt` entry as the engine 20.10 parses it (`parseSecurityOpt`), or undefined:
 * `no-new-privileges` or `disable` alone, else `key=value` (or the old `key:value`) with key `label`,
 * `apparmor`, `seccomp` (`unconfined` or a JSON profile) or `no-new-privileges` (a boolean). Messages are
 * the engine's: `invalid --security-opt 1` (no value), `invalid --security-opt 2` (unknown key or value).
 */
export function securityOptProblem(option: string): string | undefined {
  if (option === "no-new-privileges" || option === "disable") return undefined;
  const separator = option.includes("=") ? "=" : ":";
  const at = option.indexOf(separator);
  if (at < 0) return `invalid --security-opt 1: ${JSON.stringify(option)}`;
  const key = option.slice(0, at);
  const value = option.slice(at + 1);
  const ok =
    key === "label" ||
    key === "apparmor" ||
    (key === "seccomp" && (value === "unconfined" || value.trimStart().startsWith("{"))) ||
    (key === "no-new-privileges" && GO_BOOLEANS.has(value));
  return ok ? undefined : `invalid --security-opt 2: ${JSON.stringify(option)}`;
}

/** A `SecurityOpt` entry; see {@link securityOptProblem}. */
export const securityOpt = z.string().superRefine((option, ctx) => {
  const problem = securityOptProblem(option);
  if (problem) ctx.addIssue({ code: "custom", message: `SecurityOpt entry: ${problem}` });
});
