/**
 * Translates one Compose service into the swarm service spec `docker stack deploy` sends for it
 * (`POST /services/create`), as the docker CLI that Debian ships with the engine (20.10) builds it: docker/cli
 * `cli/compose/convert/service.go` `Service` and its helpers (`convertDeployMode`, `convertResources`,
 * `convertRestartPolicy`, `convertUpdateConfig`, `convertEndpointSpec`, `convertHealthcheck`,
 * `convertExtraHosts`, `convertUlimits`, `convertServiceNetworks`), `volume.go` for the mounts, and
 * `opts.EffectiveCapAddCapDrop` for capabilities. The shape was checked against the bodies the real
 * 20.10.24 CLI posts (captured on the engine socket): empty `Resources` and `Placement` objects, `ForceUpdate:
 * 0`, `Privileges` with null fields, sorted `Env` and `Ulimits`, `UpdateConfig.Parallelism` 1 when omitted,
 * `MaxFailureRatio`/`Order` always present, the stack labels (`com.docker.stack.namespace`,
 * `com.docker.stack.image`), the stack name as namespace (`<project>_<service>`).
 *
 * Left out, on purpose: `Secrets` and `Configs` (the CLI looks their IDs up on the swarm: whether they exist
 * depends on the swarm, and the consistency layer checks that they are defined), and keys `docker stack
 * deploy` ignores (`build`, `container_name`, `devices`, `network_mode`, `mem_limit`, `cpus`, `tmpfs`, …).
 * What the CLI itself refuses before it sends anything (`cpus` finer than 1e-9 CPU, an unknown `restart` or
 * `deploy.mode`, `replicas` with `mode: global`) is returned as `refusals`. The body is located (see
 * `LocatedBody`). Pure; never throws.
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
import { LocatedBody, type Plain } from "./located-body.js";
import { healthcheckFields } from "./shared-fields.js";
import type { TranslationContext } from "./translate-service.js";
import { parseByteSize } from "./units.js";

/** Something `docker stack deploy` refuses while converting, before it sends the spec. */
export interface ConverterRefusal {
  node: ComposeNode;
  composeKey: string;
  /** The CLI's own words (`value is too precise`, `unknown restart policy: sometimes`). */
  message: string;
}

/** A service translated for `docker stack deploy`. */
export interface TranslatedStackService {
  service: string;
  /** The swarm service name: `<stack>_<service>` (the project name is the stack name). */
  serviceName: string;
  body: LocatedBody;
  refusals: ConverterRefusal[];
  /**
   * The keys of the service that only `docker stack deploy` reads (`deploy.placement`,
   * `deploy.update_config`…; see {@link STACK_ONLY_KEYS}) and that the service sets.
   */
  stackOnlyKeys: { key: string; node: ComposeNode }[];
}

/**
 * Keys under `deploy` that `docker stack deploy` uses and `docker compose up` ignores (compose reads
 * `deploy.replicas`, `deploy.resources` limits and memory/device reservations, and
 * `deploy.restart_policy.condition`/`max_attempts`). A service setting one is meant for a swarm.
 */
export const STACK_ONLY_KEYS: readonly (readonly string[])[] = [
  ["mode"],
  ["endpoint_mode"],
  ["labels"],
  ["placement"],
  ["update_config"],
  ["rollback_config"],
  ["restart_policy", "delay"],
  ["restart_policy", "window"],
  ["resources", "reservations", "generic_resources"],
];

/**
 * Fields the CLI sends even when zero: pointers (`Replicas`, `StopGracePeriod`, `Init`) and fields without
 * `omitempty` (`ForceUpdate`, the update and rollback configs' `Parallelism`, `MaxFailureRatio`, `Order`).
 * Every other zero scalar (0, false, "") and empty list is left out, as Go's `omitempty` leaves it out of the
 * JSON (`Pids: 0`, `MaxReplicas: 0`, `StartPeriod: 0`, `TTY: false`…).
 */
const KEPT_ZERO = new Set([
  "Mode.Replicated.Replicas",
  "TaskTemplate.ForceUpdate",
  "TaskTemplate.ContainerSpec.StopGracePeriod",
  "TaskTemplate.ContainerSpec.Init",
  ...["UpdateConfig", "RollbackConfig"].flatMap((c) => [
    `${c}.Parallelism`,
    `${c}.MaxFailureRatio`,
    `${c}.Order`,
  ]),
]);

/** Go's zero value of a scalar or list, which `omitempty` leaves out. */
function isGoZero(value: Plain | undefined): boolean {
  return value === 0 || value === false || value === "" || (Array.isArray(value) && value.length === 0);
}

const NAMESPACE_LABEL = "com.docker.stack.namespace";
const IMAGE_LABEL = "com.docker.stack.image";

/** `opts.EffectiveCapAddCapDrop`: upper case, `CAP_` prefixed, ALL trumps the rest, adding wins, sorted. */
function effectiveCapabilities(add: string[], drop: string[]): { add: string[]; drop: string[] } {
  const normalize = (list: string[]) => {
    const set = new Set(
      list.map((c) => {
        const cap = c.trim().toUpperCase();
        return cap === "ALL" || cap.startsWith("CAP_") ? cap : `CAP_${cap}`;
      }),
    );
    return set.has("ALL") ? new Set(["ALL"]) : set;
  };
  const adds = normalize(add);
  const drops = normalize(drop);
  for (const cap of adds) drops.delete(cap);
  return { add: [...adds].sort(), drop: [...drops].sort() };
}

/**
 * Nano CPUs of a `cpus` value as `opts.ParseCPUs` reads it (a decimal, times 10^9, which must be whole:
 * "value is too precise" otherwise); undefined when it is no number (the schema reports it).
 */
function nanoCpus(node: ComposeNode | undefined): number | "too precise" | undefined {
  if (node?.kind !== "scalar" || node.value === null || node.value === "") return undefined;
  const number = typeof node.value === "number" ? node.value : Number(node.value);
  if (!Number.isFinite(number)) return undefined;
  const nanos = number * 1e9;
  return Math.abs(nanos - Math.round(nanos)) > 1e-3 ? "too precise" : Math.round(nanos);
}

/** Translates the service `name` (its merged mapping `service`) for `docker stack deploy`. */
export function translateStackService(
  name: string,
  service: ComposeObject,
  context: TranslationContext,
): TranslatedStackService {
  const body = new LocatedBody(service);
  const refusals: ConverterRefusal[] = [];
  const at = (key: string) => propertyValue(service, key);
  const deploy = at("deploy");
  const inDeploy = (...path: string[]) => nodeAt(deploy, path);
  const set = (path: string[], value: Plain | undefined, from: ComposeNode | undefined, key: string) => {
    if (from && !(isGoZero(value) && !KEPT_ZERO.has(path.join(".")))) body.set(path, value, from, key);
  };
  const namespace = context.projectName;
  const serviceName = `${namespace}_${name}`;
  const spec = ["TaskTemplate", "ContainerSpec"];
  const image = text(at("image")) ?? "";

  set(["Name"], serviceName, service, `the swarm service name "${serviceName}" (<stack>_<service>)`);
  const serviceLabels: Record<string, string> = {};
  const deployLabels = inDeploy("labels");
  if (deployLabels)
    for (const p of keyValueProperties(deployLabels)) serviceLabels[p.key] = scalarText(p.value) ?? "";
  serviceLabels[IMAGE_LABEL] = image;
  serviceLabels[NAMESPACE_LABEL] = namespace;
  set(["Labels"], serviceLabels, deployLabels ?? service, "deploy.labels");

  // ContainerSpec
  set([...spec, "Image"], image, at("image") ?? service, "image");
  const labels: Record<string, string> = {};
  const labelsNode = at("labels");
  if (labelsNode) for (const p of keyValueProperties(labelsNode)) labels[p.key] = scalarText(p.value) ?? "";
  labels[NAMESPACE_LABEL] = namespace;
  set([...spec, "Labels"], labels, labelsNode ?? service, "labels");
  set([...spec, "Command"], command(at("entrypoint")), at("entrypoint"), "entrypoint");
  set([...spec, "Args"], command(at("command")), at("command"), "command");
  set([...spec, "Hostname"], text(at("hostname")), at("hostname"), "hostname");
  const environment = at("environment");
  if (environment) {
    const env = keyValueProperties(environment).map((p) => {
      const value = scalarText(p.value);
      return value === undefined ? p.key : `${p.key}=${value}`;
    });
    set([...spec, "Env"], env.sort(), environment, "environment");
  }
  set([...spec, "Dir"], text(at("working_dir")), at("working_dir"), "working_dir");
  set([...spec, "User"], text(at("user")), at("user"), "user");
  const credentialSpec = at("credential_spec");
  const credential: Record<string, string> = {};
  if (credentialSpec?.kind === "object")
    for (const [key, field] of [
      ["config", "Config"],
      ["file", "File"],
      ["registry", "Registry"],
    ] as const) {
      const value = text(propertyValue(credentialSpec, key));
      if (value) credential[field] = value;
    }
  set(
    [...spec, "Privileges"],
    { CredentialSpec: Object.keys(credential).length > 0 ? credential : null, SELinuxContext: null },
    credentialSpec && Object.keys(credential).length > 0 ? credentialSpec : service,
    "credential_spec",
  );
  set([...spec, "Init"], boolean(at("init")), at("init"), "init");
  set(
    [...spec, "StopGracePeriod"],
    nanoseconds(at("stop_grace_period")),
    at("stop_grace_period"),
    "stop_grace_period",
  );
  set([...spec, "StopSignal"], text(at("stop_signal")), at("stop_signal"), "stop_signal");
  set([...spec, "TTY"], boolean(at("tty")), at("tty"), "tty");
  set([...spec, "OpenStdin"], boolean(at("stdin_open")), at("stdin_open"), "stdin_open");
  set([...spec, "ReadOnly"], boolean(at("read_only")), at("read_only"), "read_only");
  const volumes = at("volumes");
  if (volumes?.kind === "array") {
    const mounts = volumes.items.flatMap((item) => {
      const mount = mountOf(item, context);
      return mount ? [{ value: mount, from: item }] : [];
    });
    if (mounts.length > 0) body.setItems([...spec, "Mounts"], mounts, volumes, "volumes");
  }
  const healthcheck = at("healthcheck");
  if (healthcheck?.kind === "object")
    healthcheckFields(healthcheck, (field, value, from, key) =>
      set([...spec, "Healthcheck", field], value, from, key),
    );
  const extraHosts = at("extra_hosts");
  if (extraHosts)
    set(
      [...spec, "Hosts"],
      keyValueProperties(extraHosts, "=:").map((p) => `${scalarText(p.value) ?? ""} ${p.key}`),
      extraHosts,
      "extra_hosts",
    );
  const dns = strings(at("dns"));
  const dnsSearch = strings(at("dns_search"));
  if ((dns && dns.length > 0) || (dnsSearch && dnsSearch.length > 0)) {
    set([...spec, "DNSConfig", "Nameservers"], dns, at("dns"), "dns");
    set([...spec, "DNSConfig", "Search"], dnsSearch, at("dns_search"), "dns_search");
  }
  const sysctls = at("sysctls");
  if (sysctls) {
    const map: Record<string, string> = {};
    for (const p of keyValueProperties(sysctls)) map[p.key] = scalarText(p.value) ?? "";
    set([...spec, "Sysctls"], map, sysctls, "sysctls");
  }
  const capabilities = effectiveCapabilities(strings(at("cap_add")) ?? [], strings(at("cap_drop")) ?? []);
  if (capabilities.add.length > 0)
    set([...spec, "CapabilityAdd"], capabilities.add, at("cap_add"), "cap_add");
  if (capabilities.drop.length > 0)
    set([...spec, "CapabilityDrop"], capabilities.drop, at("cap_drop"), "cap_drop");
  const ulimits = at("ulimits");
  if (ulimits?.kind === "object")
    body.setItems(
      [...spec, "Ulimits"],
      [...ulimits.properties]
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map((p) => {
          const single = integer(p.value);
          const soft = single ?? integer(propertyValue(p.value, "soft")) ?? 0;
          const hard = single ?? integer(propertyValue(p.value, "hard")) ?? 0;
          return { value: { Name: p.key, Hard: hard, Soft: soft }, from: p.value ?? ulimits };
        }),
      ulimits,
      "ulimits",
    );
  set([...spec, "Isolation"], text(at("isolation")), at("isolation"), "isolation");

  // TaskTemplate
  const resources = ["TaskTemplate", "Resources"];
  set(resources, {}, deploy ?? service, "deploy.resources");
  for (const [section, field] of [
    ["limits", "Limits"],
    ["reservations", "Reservations"],
  ] as const) {
    const node = inDeploy("resources", section);
    if (node?.kind !== "object") continue;
    const key = `deploy.resources.${section}`;
    set([...resources, field], {}, node, key);
    const cpus = propertyValue(node, "cpus");
    const nanos = nanoCpus(cpus);
    if (nanos === "too precise")
      refusals.push({ node: cpus!, composeKey: `${key}.cpus`, message: "value is too precise" });
    else set([...resources, field, "NanoCPUs"], nanos, cpus, `${key}.cpus`);
    const memory = propertyValue(node, "memory");
    set(
      [...resources, field, "MemoryBytes"],
      memory?.kind === "scalar" ? parseByteSize(memory.value) : undefined,
      memory,
      `${key}.memory`,
    );
    if (section === "limits")
      set(
        [...resources, field, "Pids"],
        integer(propertyValue(node, "pids")),
        propertyValue(node, "pids"),
        `${key}.pids`,
      );
    const generic = propertyValue(node, "generic_resources");
    if (section === "reservations" && generic?.kind === "array")
      body.setItems(
        [...resources, field, "GenericResources"],
        generic.items.map((item) => {
          const discrete = propertyValue(item, "discrete_resource_spec");
          const value: Record<string, Plain> = {};
          if (discrete)
            value.DiscreteResourceSpec = {
              Kind: text(propertyValue(discrete, "kind")) ?? "",
              Value: integer(propertyValue(discrete, "value")) ?? 0,
            };
          return { value, from: item };
        }),
        generic,
        `${key}.generic_resources`,
      );
  }
  restartPolicy(
    service,
    (value, from, key) => set(["TaskTemplate", "RestartPolicy"], value, from, key),
    refusals,
  );
  const placement = ["TaskTemplate", "Placement"];
  set(placement, {}, deploy ?? service, "deploy.placement");
  const constraints = inDeploy("placement", "constraints");
  if (constraints?.kind === "array")
    body.setItems(
      [...placement, "Constraints"],
      constraints.items.flatMap((item) =>
        text(item) === undefined ? [] : [{ value: text(item)!, from: item }],
      ),
      constraints,
      "deploy.placement.constraints",
    );
  const preferences = inDeploy("placement", "preferences");
  if (preferences?.kind === "array" && preferences.items.length > 0)
    body.setItems(
      [...placement, "Preferences"],
      preferences.items.map((item) => ({
        value: { Spread: { SpreadDescriptor: text(propertyValue(item, "spread")) ?? "" } },
        from: item,
      })),
      preferences,
      "deploy.placement.preferences",
    );
  const maxReplicas = inDeploy("placement", "max_replicas_per_node");
  set(
    [...placement, "MaxReplicas"],
    integer(maxReplicas),
    maxReplicas,
    "deploy.placement.max_replicas_per_node",
  );
  const networks = networksOf(name, at("networks"), context);
  set(["TaskTemplate", "Networks"], networks, at("networks") ?? service, "networks");
  const logging = at("logging");
  if (logging?.kind === "object") {
    const options = propertyValue(logging, "options");
    const driver: Record<string, Plain> = { Name: text(propertyValue(logging, "driver")) ?? "" };
    if (options) {
      const map: Record<string, string> = {};
      for (const p of keyValueProperties(options)) map[p.key] = scalarText(p.value) ?? "";
      driver.Options = map;
    }
    set(["TaskTemplate", "LogDriver"], driver, logging, "logging");
  }
  set(["TaskTemplate", "ForceUpdate"], 0, service, "services");

  // the service
  const mode = inDeploy("mode");
  const modeText = text(mode) ?? "";
  const replicas = inDeploy("replicas");
  const replicaCount = integer(replicas);
  if (modeText === "global") {
    if (replicas)
      refusals.push({
        node: replicas,
        composeKey: "deploy.replicas",
        message: "replicas can only be used with replicated mode",
      });
    set(["Mode"], { Global: {} }, mode, "deploy.mode");
  } else if (modeText === "replicated" || modeText === "") {
    set(["Mode"], { Replicated: {} }, mode ?? deploy ?? service, "deploy.mode");
    set(["Mode", "Replicated", "Replicas"], replicaCount, replicas, "deploy.replicas");
  } else if (mode)
    refusals.push({ node: mode, composeKey: "deploy.mode", message: `Unknown mode: ${modeText}` });
  for (const [key, field] of [
    ["update_config", "UpdateConfig"],
    ["rollback_config", "RollbackConfig"],
  ] as const) {
    const node = inDeploy(key);
    if (node?.kind !== "object") continue;
    const part = (k: string) => propertyValue(node, k);
    const label = `deploy.${key}`;
    set([field], { Parallelism: 1, MaxFailureRatio: 0, Order: "" }, node, label);
    set([field, "Parallelism"], integer(part("parallelism")), part("parallelism"), `${label}.parallelism`);
    set([field, "Delay"], nanoseconds(part("delay")) || undefined, part("delay"), `${label}.delay`);
    set(
      [field, "FailureAction"],
      text(part("failure_action")) || undefined,
      part("failure_action"),
      `${label}.failure_action`,
    );
    set([field, "Monitor"], nanoseconds(part("monitor")) || undefined, part("monitor"), `${label}.monitor`);
    const ratio = part("max_failure_ratio");
    set(
      [field, "MaxFailureRatio"],
      ratio?.kind === "scalar" && ratio.value !== null && Number.isFinite(Number(ratio.value))
        ? Number(ratio.value)
        : undefined,
      ratio,
      `${label}.max_failure_ratio`,
    );
    set([field, "Order"], text(part("order")), part("order"), `${label}.order`);
  }
  set(["EndpointSpec"], {}, service, "ports");
  const endpointMode = inDeploy("endpoint_mode");
  set(
    ["EndpointSpec", "Mode"],
    text(endpointMode)?.toLowerCase() || undefined,
    endpointMode,
    "deploy.endpoint_mode",
  );
  const ports = at("ports");
  if (ports?.kind === "array") {
    const configs = ports.items.flatMap((item) =>
      endpointPorts(item).map((value) => ({ value, from: item })),
    );
    configs.sort((a, b) => Number(a.value.PublishedPort ?? 0) - Number(b.value.PublishedPort ?? 0));
    if (configs.length > 0) body.setItems(["EndpointSpec", "Ports"], configs, ports, "ports");
  }
  return { service: name, serviceName, body, refusals, stackOnlyKeys: stackOnlyKeys(deploy) };
}

/**
 * Whether the service (its merged mapping) sets one of the {@link STACK_ONLY_KEYS}: the stack check's
 * `"auto"` mode judges only those, and asks before translating (`stack-check.ts`).
 */
export function setsStackOnlyKeys(service: ComposeObject): boolean {
  return stackOnlyKeys(propertyValue(service, "deploy")).length > 0;
}

/** The {@link STACK_ONLY_KEYS} the `deploy` section sets. */
function stackOnlyKeys(deploy: ComposeNode | undefined): { key: string; node: ComposeNode }[] {
  return STACK_ONLY_KEYS.flatMap((path) => {
    const node = nodeAt(deploy, path);
    return node ? [{ key: `deploy.${path.join(".")}`, node }] : [];
  });
}

/** `convertRestartPolicy` (20.10): `deploy.restart_policy` as written, else the `restart` string mapped. */
function restartPolicy(
  service: ComposeObject,
  set: (value: Plain, from: ComposeNode, key: string) => void,
  refusals: ConverterRefusal[],
): void {
  const policy = nodeAt(service, ["deploy", "restart_policy"]);
  if (policy?.kind === "object") {
    const part = (k: string) => propertyValue(policy, k);
    const value: Record<string, Plain> = {};
    const condition = text(part("condition"));
    if (condition) value.Condition = condition;
    const delay = nanoseconds(part("delay"));
    if (delay !== undefined) value.Delay = delay;
    const attempts = integer(part("max_attempts"));
    if (attempts !== undefined) value.MaxAttempts = attempts;
    const window = nanoseconds(part("window"));
    if (window !== undefined) value.Window = window;
    set(value, policy, "deploy.restart_policy");
    return;
  }
  const restart = propertyValue(service, "restart");
  const written = text(restart);
  if (!restart || written === undefined) return;
  const [name = "", count] = written.split(":");
  if (name === "no" || name === "") return;
  if (name === "always" || name === "unless-stopped") set({ Condition: "any" }, restart, "restart");
  else if (name === "on-failure") {
    const attempts = count === undefined ? 0 : Number(count);
    if (Number.isInteger(attempts) && attempts >= 0)
      set({ Condition: "on-failure", MaxAttempts: attempts }, restart, "restart");
    else
      refusals.push({ node: restart, composeKey: "restart", message: `invalid restart policy: ${written}` });
  } else refusals.push({ node: restart, composeKey: "restart", message: `unknown restart policy: ${name}` });
}

/** `convertServiceNetworks`: each network by its swarm name, the service name an alias on user-defined ones. */
function networksOf(name: string, networks: ComposeNode | undefined, context: TranslationContext): Plain[] {
  const keys =
    networks?.kind === "object"
      ? networks.properties.map((p) => p.key)
      : networks?.kind === "array"
        ? (strings(networks) ?? [])
        : [];
  const list = keys.length > 0 ? keys : ["default"];
  return list
    .map((key) => {
      const target = text(nodeAt(context.networks, [key, "name"])) ?? `${context.projectName}_${key}`;
      const config = networks?.kind === "object" ? propertyValue(networks, key) : undefined;
      const aliases = strings(propertyValue(config, "aliases")) ?? [];
      const userDefined =
        !["host", "bridge", "none", "default"].includes(target) && !target.startsWith("container:");
      return { Target: target, Aliases: userDefined ? [...aliases, name] : aliases };
    })
    .sort((a, b) => (a.Target < b.Target ? -1 : a.Target > b.Target ? 1 : 0))
    .map((n) => (n.Aliases.length > 0 ? n : { Target: n.Target }));
}

/** `convertEndpointSpec`'s ports: short syntax published in ingress mode over tcp, long syntax as written. */
function endpointPorts(item: ComposeNode): Record<string, Plain>[] {
  if (item.kind === "object") {
    const port: Record<string, Plain> = {};
    const protocol = text(propertyValue(item, "protocol"));
    if (protocol) port.Protocol = protocol;
    const target = integer(propertyValue(item, "target"));
    if (target) port.TargetPort = target;
    const published = integer(propertyValue(item, "published"));
    if (published) port.PublishedPort = published;
    const mode = text(propertyValue(item, "mode"));
    if (mode) port.PublishMode = mode;
    return [port];
  }
  return portsOf(item).flatMap((p) => {
    const target = Number(p.target);
    if (!Number.isInteger(target)) return [];
    const published = p.published === undefined ? 0 : Number(p.published);
    return [
      {
        Protocol: p.protocol,
        ...(target ? { TargetPort: target } : {}),
        ...(Number.isInteger(published) && published ? { PublishedPort: published } : {}),
        PublishMode: "ingress",
      },
    ];
  });
}

/** A swarm mount (`convert.Volumes`) of a volume entry, short or long syntax; undefined for an unusable one. */
function mountOf(item: ComposeNode, context: TranslationContext): Plain | undefined {
  let type: string;
  let source: string | undefined;
  let target: string | undefined;
  let readOnly = false;
  const mount: Record<string, Plain> = {};
  if (item.kind === "object") {
    type = text(propertyValue(item, "type")) ?? "volume";
    source = text(propertyValue(item, "source"));
    target = text(propertyValue(item, "target"));
    readOnly = boolean(propertyValue(item, "read_only")) ?? false;
    const propagation = text(nodeAt(item, ["bind", "propagation"]));
    if (propagation) mount.BindOptions = { Propagation: propagation };
    if (boolean(nodeAt(item, ["volume", "nocopy"]))) mount.VolumeOptions = { NoCopy: true };
    const size = nodeAt(item, ["tmpfs", "size"]);
    const bytes = size?.kind === "scalar" ? parseByteSize(size.value) : undefined;
    if (bytes !== undefined) mount.TmpfsOptions = { SizeBytes: bytes };
  } else {
    const parts = splitVolumeSpec(text(item) ?? "");
    if (parts.length === 1) [target] = parts;
    else [source, target] = parts;
    if (parts.length >= 3) readOnly = parts[2]!.split(",").includes("ro");
    type = source === undefined ? "volume" : /^[./~\\]|^[A-Za-z]:[\\/]/.test(source) ? "bind" : "volume";
  }
  if (!target) return undefined;
  if (type === "bind" && source !== undefined)
    source = /^~(?:[\\/]|$)/.test(source)
      ? `${context.homeDirectory}${source.slice(1)}`
      : resolvePath(context.baseDirectory, source);
  else if (type === "volume" && source) {
    const named = nodeAt(context.volumes, [source]);
    const external = boolean(propertyValue(named, "external"));
    const ownName = text(propertyValue(named, "name"));
    if (external) source = ownName ?? source;
    else {
      source = ownName ?? `${context.projectName}_${source}`;
      const options = (mount.VolumeOptions ?? {}) as Record<string, Plain>;
      mount.VolumeOptions = { ...options, Labels: { [NAMESPACE_LABEL]: context.projectName } };
    }
  }
  return {
    Type: type,
    ...(source ? { Source: source } : {}),
    Target: target,
    ...(readOnly ? { ReadOnly: true } : {}),
    ...mount,
  };
}
