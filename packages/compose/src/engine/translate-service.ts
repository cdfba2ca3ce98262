/**
 * Translates one Compose service into the body of `POST /containers/create` that `docker compose up` sends
 * for it (docker/compose `pkg/compose/create.go` `getCreateConfigs`, `getRestartPolicy`, `buildContainerVolumes`;
 * compose-go `types/types.go` for the value syntaxes): `Config` fields at the top, `HostConfig`,
 * `NetworkingConfig`. The body is located (see `LocatedBody`): every field sits at the Compose value it came
 * from. Differences from Compose, chosen for the target engine API (≤ 1.41, whose create body has no
 * `Mounts` in the v1.24 document the api schemas follow): every volume becomes a `Binds` entry (Compose sends
 * long-syntax and named volumes as `Mounts`, which the engine validates the same way), and a named volume
 * is sent under its project name (`<project>_<name>`). Values Compose would refuse to convert (a size that
 * is not a size) are left out: the schema and consistency layers report them. Pure; never throws.
 */
import { resolve as resolvePath } from "node:path";
import { keyValueProperties, splitVolumeSpec } from "../load/merge.js";
import {
  type ComposeNode,
  type ComposeObject,
  nodeAt,
  propertyValue,
  scalarText,
} from "../model/compose-node.js";
import { boolean, command, integer, nanoseconds, portsOf, strings, text } from "./compose-values.js";
import { LocatedBody } from "./located-body.js";
import { healthcheckFields } from "./shared-fields.js";
import { parseByteSize, parseCpus } from "./units.js";

/** What the translation needs to know about the project. */
export interface TranslationContext {
  projectName: string;
  /** The folder relative bind-mount sources start from. */
  baseDirectory: string;
  /** The home directory `~` in a bind-mount source stands for (compose-go: the user's home directory). */
  homeDirectory: string;
  /** Top-level volumes (for their `name` and `external`). */
  volumes?: ComposeNode;
  /** Top-level networks (for their `name`). */
  networks?: ComposeNode;
}

/** A translated service: its name, the located body, and the container name Compose gives it. */
export interface TranslatedService {
  service: string;
  containerName: string;
  body: LocatedBody;
}

/** The restart policy (`restart`, else `deploy.restart_policy`), as compose's `getRestartPolicy`. */
function restartPolicy(
  service: ComposeObject,
): { value: { Name: string; MaximumRetryCount?: number }; node: ComposeNode; key: string } | undefined {
  const restart = propertyValue(service, "restart");
  const value = text(restart);
  if (restart && value !== undefined) {
    const [name, count] = value.split(":");
    const retries = count === undefined ? undefined : Number(count);
    return {
      value: {
        Name: name!,
        ...(retries !== undefined && Number.isFinite(retries) ? { MaximumRetryCount: retries } : {}),
      },
      node: restart,
      key: "restart",
    };
  }
  const policy = nodeAt(service, ["deploy", "restart_policy"]);
  if (policy?.kind !== "object") return undefined;
  const condition = propertyValue(policy, "condition");
  const attempts = integer(propertyValue(policy, "max_attempts"));
  const name =
    { none: "no", "on-failure": "on-failure", any: "always" }[text(condition) ?? "any"] ?? text(condition)!;
  return {
    value: { Name: name, ...(attempts !== undefined ? { MaximumRetryCount: attempts } : {}) },
    node: condition ?? policy,
    key: "deploy.restart_policy.condition",
  };
}

/** Translates the service `name` (its merged mapping `service`). */
export function translateService(
  name: string,
  service: ComposeObject,
  context: TranslationContext,
): TranslatedService {
  const body = new LocatedBody(service);
  const at = (key: string) => propertyValue(service, key);
  const set = (
    path: string[],
    value: Parameters<LocatedBody["set"]>[1],
    from: ComposeNode | undefined,
    key: string,
  ) => {
    if (from) body.set(path, value, from, key);
  };
  const containerName = text(at("container_name")) ?? `${context.projectName}-${name}-1`;

  // Config
  set(["Image"], text(at("image")) ?? `${context.projectName}-${name}`, at("image") ?? service, "image");
  set(["Hostname"], text(at("hostname")), at("hostname"), "hostname");
  set(["Domainname"], text(at("domainname")), at("domainname"), "domainname");
  set(["User"], text(at("user")), at("user"), "user");
  set(["WorkingDir"], text(at("working_dir")), at("working_dir"), "working_dir");
  set(["Tty"], boolean(at("tty")), at("tty"), "tty");
  set(["OpenStdin"], boolean(at("stdin_open")), at("stdin_open"), "stdin_open");
  set(["StopSignal"], text(at("stop_signal")), at("stop_signal"), "stop_signal");
  set(["MacAddress"], text(at("mac_address")), at("mac_address"), "mac_address");
  const grace = nanoseconds(at("stop_grace_period"));
  set(
    ["StopTimeout"],
    grace === undefined ? undefined : Math.trunc(grace / 1e9),
    at("stop_grace_period"),
    "stop_grace_period",
  );
  set(["Cmd"], command(at("command")), at("command"), "command");
  set(["Entrypoint"], command(at("entrypoint")), at("entrypoint"), "entrypoint");
  const environment = at("environment");
  if (environment) {
    const env = keyValueProperties(environment).flatMap((p) => {
      const value = scalarText(p.value);
      return value === undefined ? [] : [`${p.key}=${value}`];
    });
    set(["Env"], env, environment, "environment");
  }
  const labels: Record<string, string> = {};
  const labelsNode = at("labels");
  if (labelsNode) for (const p of keyValueProperties(labelsNode)) labels[p.key] = scalarText(p.value) ?? "";
  Object.assign(labels, {
    "com.docker.compose.project": context.projectName,
    "com.docker.compose.service": name,
    "com.docker.compose.oneoff": "False",
    "com.docker.compose.container-number": "1",
  });
  set(["Labels"], labels, labelsNode ?? service, "labels");

  const exposed: Record<string, Record<string, never>> = {};
  const bindings: Record<string, { HostIp: string; HostPort: string }[]> = {};
  const ports = at("ports");
  if (ports?.kind === "array")
    for (const item of ports.items)
      for (const port of portsOf(item)) {
        const key = `${port.target}/${port.protocol}`;
        exposed[key] = {};
        (bindings[key] ??= []).push({ HostIp: port.hostIp ?? "", HostPort: port.published ?? "" });
      }
  const expose = at("expose");
  if (expose?.kind === "array")
    for (const item of expose.items) {
      const spec = text(item);
      if (spec) exposed[spec.includes("/") ? spec : `${spec}/tcp`] = {};
    }
  if (Object.keys(exposed).length > 0)
    set(["ExposedPorts"], exposed, ports ?? expose, ports ? "ports" : "expose");
  if (Object.keys(bindings).length > 0) set(["HostConfig", "PortBindings"], bindings, ports, "ports");

  const healthcheck = at("healthcheck");
  if (healthcheck?.kind === "object")
    healthcheckFields(
      healthcheck,
      (field, value, from, key) => set(["Healthcheck", field], value, from, key),
      false,
    );

  // HostConfig: resources
  const limits = nodeAt(service, ["deploy", "resources", "limits"]);
  const reservations = nodeAt(service, ["deploy", "resources", "reservations"]);
  const cpus = at("cpus") ?? propertyValue(limits, "cpus");
  const cpuCount = cpus?.kind === "scalar" ? parseCpus(cpus.value) : undefined;
  set(
    ["HostConfig", "NanoCpus"],
    cpuCount === undefined ? undefined : Math.round(cpuCount * 1e9),
    cpus,
    at("cpus") ? "cpus" : "deploy.resources.limits.cpus",
  );
  const bytes = (path: string[], node: ComposeNode | undefined, key: string) =>
    set(path, node?.kind === "scalar" ? parseByteSize(node.value) : undefined, node, key);
  const memory = at("mem_limit") ?? propertyValue(limits, "memory");
  bytes(["HostConfig", "Memory"], memory, at("mem_limit") ? "mem_limit" : "deploy.resources.limits.memory");
  const reservation = at("mem_reservation") ?? propertyValue(reservations, "memory");
  bytes(
    ["HostConfig", "MemoryReservation"],
    reservation,
    at("mem_reservation") ? "mem_reservation" : "deploy.resources.reservations.memory",
  );
  const swap = at("memswap_limit");
  set(
    ["HostConfig", "MemorySwap"],
    integer(swap) === -1 ? -1 : swap?.kind === "scalar" ? parseByteSize(swap.value) : undefined,
    swap,
    "memswap_limit",
  );
  bytes(["HostConfig", "ShmSize"], at("shm_size"), "shm_size");
  const swappiness = integer(at("mem_swappiness"));
  // compose sends MemorySwappiness only when set and not 0 (create.go: "if s.MemSwappiness != 0").
  if (swappiness !== undefined && swappiness !== 0)
    set(["HostConfig", "MemorySwappiness"], swappiness, at("mem_swappiness"), "mem_swappiness");
  const pids = at("pids_limit") ?? propertyValue(limits, "pids");
  const pidsValue = integer(pids);
  if (pidsValue !== undefined && pidsValue !== 0)
    set(
      ["HostConfig", "PidsLimit"],
      pidsValue,
      pids,
      at("pids_limit") ? "pids_limit" : "deploy.resources.limits.pids",
    );
  for (const [key, field] of [
    ["cpu_shares", "CpuShares"],
    ["cpu_quota", "CpuQuota"],
    ["cpu_period", "CpuPeriod"],
    ["cpu_count", "CpuCount"],
    ["cpu_percent", "CpuPercent"],
    ["oom_score_adj", "OomScoreAdj"],
  ] as const)
    set(["HostConfig", field], integer(at(key)), at(key), key);
  for (const [key, field] of [
    ["cpu_rt_period", "CpuRealtimePeriod"],
    ["cpu_rt_runtime", "CpuRealtimeRuntime"],
  ] as const) {
    const node = at(key);
    const number = integer(node);
    const duration = number === undefined ? nanoseconds(node) : undefined;
    set(
      ["HostConfig", field],
      number ?? (duration === undefined ? undefined : Math.trunc(duration / 1000)),
      node,
      key,
    );
  }
  set(["HostConfig", "CpusetCpus"], text(at("cpuset")), at("cpuset"), "cpuset");
  set(
    ["HostConfig", "OomKillDisable"],
    boolean(at("oom_kill_disable")),
    at("oom_kill_disable"),
    "oom_kill_disable",
  );
  const blkio = at("blkio_config");
  if (blkio?.kind === "object") {
    const weight = propertyValue(blkio, "weight");
    set(["HostConfig", "BlkioWeight"], integer(weight), weight, "blkio_config.weight");
    const weightDevice = propertyValue(blkio, "weight_device");
    if (weightDevice?.kind === "array")
      set(
        ["HostConfig", "BlkioWeightDevice"],
        weightDevice.items.map((d) => ({
          Path: text(propertyValue(d, "path")) ?? "",
          Weight: integer(propertyValue(d, "weight")) ?? 0,
        })),
        weightDevice,
        "blkio_config.weight_device",
      );
    for (const [key, field, size] of [
      ["device_read_bps", "BlkioDeviceReadBps", true],
      ["device_write_bps", "BlkioDeviceWriteBps", true],
      ["device_read_iops", "BlkioDeviceReadIOps", false],
      ["device_write_iops", "BlkioDeviceWriteIOps", false],
    ] as const) {
      const list = propertyValue(blkio, key);
      if (list?.kind !== "array") continue;
      set(
        ["HostConfig", field],
        list.items.map((d) => {
          const rate = propertyValue(d, "rate");
          return {
            Path: text(propertyValue(d, "path")) ?? "",
            Rate: (size && rate?.kind === "scalar" ? parseByteSize(rate.value) : integer(rate)) ?? 0,
          };
        }),
        list,
        `blkio_config.${key}`,
      );
    }
  }
  const ulimits = at("ulimits");
  if (ulimits?.kind === "object")
    set(
      ["HostConfig", "Ulimits"],
      ulimits.properties.map((p) => {
        const single = integer(p.value);
        return single !== undefined
          ? { Name: p.key, Soft: single, Hard: single }
          : {
              Name: p.key,
              Soft: integer(propertyValue(p.value, "soft")) ?? 0,
              Hard: integer(propertyValue(p.value, "hard")) ?? 0,
            };
      }),
      ulimits,
      "ulimits",
    );

  // HostConfig: security, namespaces, devices
  for (const [key, field] of [
    ["cap_add", "CapAdd"],
    ["cap_drop", "CapDrop"],
    ["security_opt", "SecurityOpt"],
    ["dns", "Dns"],
    ["dns_opt", "DnsOptions"],
    ["dns_search", "DnsSearch"],
    ["group_add", "GroupAdd"],
    ["device_cgroup_rules", "DeviceCgroupRules"],
  ] as const)
    set(["HostConfig", field], strings(at(key)), at(key), key);
  for (const [key, field] of [
    ["privileged", "Privileged"],
    ["read_only", "ReadonlyRootfs"],
    ["init", "Init"],
  ] as const)
    set(["HostConfig", field], boolean(at(key)), at(key), key);
  for (const [key, field] of [
    ["ipc", "IpcMode"],
    ["pid", "PidMode"],
    ["uts", "UTSMode"],
    ["userns_mode", "UsernsMode"],
    ["isolation", "Isolation"],
    ["runtime", "Runtime"],
    ["cgroup_parent", "CgroupParent"],
    ["cgroup", "CgroupnsMode"],
  ] as const) {
    const value = text(at(key));
    const serviceMode = value?.startsWith("service:")
      ? `container:${context.projectName}-${value.slice(8)}-1`
      : value;
    set(["HostConfig", field], serviceMode, at(key), key);
  }
  const sysctls = at("sysctls");
  if (sysctls) {
    const map: Record<string, string> = {};
    for (const p of keyValueProperties(sysctls)) map[p.key] = scalarText(p.value) ?? "";
    set(["HostConfig", "Sysctls"], map, sysctls, "sysctls");
  }
  const extraHosts = at("extra_hosts");
  if (extraHosts)
    set(
      ["HostConfig", "ExtraHosts"],
      keyValueProperties(extraHosts, "=:").map((p) => `${p.key}:${scalarText(p.value) ?? ""}`),
      extraHosts,
      "extra_hosts",
    );
  const devices = at("devices");
  if (devices?.kind === "array")
    set(
      ["HostConfig", "Devices"],
      devices.items.map((d) => {
        if (d.kind === "object") {
          const source = text(propertyValue(d, "source")) ?? "";
          return {
            PathOnHost: source,
            PathInContainer: text(propertyValue(d, "target")) ?? source,
            CgroupPermissions: text(propertyValue(d, "permissions")) ?? "rwm",
          };
        }
        const [host = "", container, permissions] = (text(d) ?? "").split(":");
        return {
          PathOnHost: host,
          PathInContainer: container ?? host,
          CgroupPermissions: permissions ?? "rwm",
        };
      }),
      devices,
      "devices",
    );
  const logging = at("logging");
  if (logging?.kind === "object") {
    const options = propertyValue(logging, "options");
    const config: Record<string, string> = {};
    if (options) for (const p of keyValueProperties(options)) config[p.key] = scalarText(p.value) ?? "";
    set(
      ["HostConfig", "LogConfig"],
      { Type: text(propertyValue(logging, "driver")) ?? "", Config: config },
      logging,
      "logging",
    );
  }
  const restart = restartPolicy(service);
  if (restart) set(["HostConfig", "RestartPolicy"], restart.value, restart.node, restart.key);

  // HostConfig: mounts
  const binds: string[] = [];
  const volumes = at("volumes");
  if (volumes?.kind === "array")
    for (const item of volumes.items) {
      const bind = bindOf(item, context);
      if (bind) binds.push(bind);
    }
  if (binds.length > 0) set(["HostConfig", "Binds"], binds, volumes, "volumes");
  const tmpfs = at("tmpfs");
  const tmpfsList = strings(tmpfs);
  if (tmpfsList && tmpfsList.length > 0) {
    const map: Record<string, string> = {};
    for (const entry of tmpfsList) {
      const colon = entry.indexOf(":");
      map[colon < 0 ? entry : entry.slice(0, colon)] = colon < 0 ? "" : entry.slice(colon + 1);
    }
    set(["HostConfig", "Tmpfs"], map, tmpfs, "tmpfs");
  }
  const volumesFrom = strings(at("volumes_from"));
  if (volumesFrom)
    set(
      ["HostConfig", "VolumesFrom"],
      volumesFrom.map((v) =>
        v.startsWith("container:") ? v.slice(10) : `${context.projectName}-${v.replace(/^service:/, "")}-1`,
      ),
      at("volumes_from"),
      "volumes_from",
    );

  // Networks
  const networkMode = text(at("network_mode"));
  if (networkMode !== undefined) {
    const mode = networkMode.startsWith("service:")
      ? `container:${context.projectName}-${networkMode.slice(8)}-1`
      : networkMode;
    set(["HostConfig", "NetworkMode"], mode, at("network_mode"), "network_mode");
    if (networkMode === "none") set(["NetworkDisabled"], true, at("network_mode"), "network_mode");
  } else {
    const networks = at("networks");
    const names =
      networks?.kind === "object"
        ? networks.properties.map((p) => p.key)
        : networks?.kind === "array"
          ? (strings(networks) ?? [])
          : ["default"];
    const first = names[0] ?? "default";
    const networkName = (key: string) =>
      text(nodeAt(context.networks, [key, "name"])) ?? `${context.projectName}_${key}`;
    set(["HostConfig", "NetworkMode"], networkName(first), networks ?? service, "networks");
    const endpoint: Record<string, string[] | Record<string, string>> = { Aliases: [name] };
    const config = networks?.kind === "object" ? propertyValue(networks, first) : undefined;
    const ipv4 = text(propertyValue(config, "ipv4_address"));
    const ipv6 = text(propertyValue(config, "ipv6_address"));
    if (ipv4 || ipv6)
      endpoint.IPAMConfig = {
        ...(ipv4 ? { IPv4Address: ipv4 } : {}),
        ...(ipv6 ? { IPv6Address: ipv6 } : {}),
      };
    const aliases = strings(propertyValue(config, "aliases"));
    if (aliases) endpoint.Aliases = [name, ...aliases];
    set(
      ["NetworkingConfig", "EndpointsConfig", networkName(first)],
      endpoint,
      config ?? networks ?? service,
      "networks",
    );
  }
  return { service: name, containerName, body };
}

/** The `Binds` entry of a volume (short or long syntax), or undefined for other mount types. */
function bindOf(item: ComposeNode, context: TranslationContext): string | undefined {
  let type: string;
  let source: string | undefined;
  let target: string | undefined;
  let mode: string[] = [];
  if (item.kind === "object") {
    type = text(propertyValue(item, "type")) ?? "volume";
    source = text(propertyValue(item, "source"));
    target = text(propertyValue(item, "target"));
    if (boolean(propertyValue(item, "read_only"))) mode.push("ro");
    const propagation = text(nodeAt(item, ["bind", "propagation"]));
    if (propagation) mode.push(propagation);
    const selinux = text(nodeAt(item, ["bind", "selinux"]));
    if (selinux) mode.push(selinux);
    if (boolean(nodeAt(item, ["volume", "nocopy"]))) mode.push("nocopy");
  } else {
    const parts = splitVolumeSpec(text(item) ?? "");
    if (parts.length === 1) [target] = parts;
    else [source, target] = parts;
    if (parts.length >= 3) mode = parts[2]!.split(",");
    type = source === undefined ? "volume" : /^[./~\\]|^[A-Za-z]:[\\/]/.test(source) ? "bind" : "volume";
  }
  if (!target || (type !== "bind" && type !== "volume")) return undefined;
  if (source === undefined || source === "") return type === "volume" ? target : undefined;
  if (type === "bind")
    source = /^~(?:[\\/]|$)/.test(source)
      ? `${context.homeDirectory}${source.slice(1)}`
      : resolvePath(context.baseDirectory, source);
  else {
    const named = nodeAt(context.volumes, [source]);
    const external = boolean(propertyValue(named, "external"));
    source = text(propertyValue(named, "name")) ?? (external ? source : `${context.projectName}_${source}`);
  }
  return [source, target, ...(mode.length > 0 ? [mode.join(",")] : [])].join(":");
}
