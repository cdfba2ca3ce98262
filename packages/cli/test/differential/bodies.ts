/**
 * A seeded generator of engine request bodies around the limits and cross-field rules of container create
 * (engine §2.1, §2.2, limits §8) and service create (§4.10), for the differential test against the real
 * engine (`manifest-differential.engine.test.ts`). Each body is a valid base with one to three mutations,
 * each mutation picking a value at, inside or outside one limit, of a wrong type, or a combination of
 * fields. The generator knows nothing of the verdicts: the engine is the judge.
 *
 * Numbers that JSON writes differently from JavaScript (`67633152.0`) are {@link Raw} tokens, so the text
 * sent to the engine and the text linted are the same bytes.
 */

import { seededRandom } from "@enginekit/engine-tools";

/** A JSON token written as is (a whole-number float such as `67633152.0`). */
export class Raw {
  constructor(readonly text: string) {}
}

export type Kind = "container" | "service";

/** One generated body: its JSON text (with `Name`, which the harness sends as the `name` query). */
export interface GeneratedBody {
  id: number;
  kind: Kind;
  /** Mutation labels, to read a disagreement. */
  labels: string[];
  /** The manifest's text (what `enginekit lint` reads; a container's `Name` included). */
  text: string;
  /** The request body's text (a container's `Name` taken out: it is the `name` query). */
  bodyText: string;
  /** A container's `Name`, sent as `?name=`. */
  name?: string;
}

type Path = string[];
/** A mutation: a label and the `[path, value]` pairs it sets (value `undefined` removes the key). */
type Mutation = [label: string, sets: [Path, unknown][]];
/** A family of mutations of one field or rule; the generator picks one of them. */
type Family = Mutation[];

const MiB = 1024 * 1024;
const HC = (key: string): Path => ["HostConfig", key];
const one = (label: string, path: Path, values: unknown[]): Family =>
  values.map((value) => [`${label}=${describe(value)}`, [[path, value]]]);

function describe(value: unknown): string {
  return value === undefined ? "undefined" : toJsonText(value);
}

const IMAGE = "enginekit/busybox:latest";

/** Container-create mutations (the fields of issue #17 and their neighbours). */
const CONTAINER_FAMILIES: Family[] = [
  one("Memory", HC("Memory"), [
    0,
    6 * MiB - 1,
    6 * MiB,
    64 * MiB,
    new Raw("67633152.0"),
    new Raw("6.4e7"),
    -1,
  ]),
  one("MemorySwap", HC("MemorySwap"), [-2, -1, 0, 32 * MiB, 128 * MiB]),
  [
    [
      "Memory+smaller MemorySwap",
      [
        [HC("Memory"), 64 * MiB],
        [HC("MemorySwap"), 32 * MiB],
      ],
    ],
    [
      "Memory+equal MemorySwap",
      [
        [HC("Memory"), 64 * MiB],
        [HC("MemorySwap"), 64 * MiB],
      ],
    ],
    [
      "Memory+MemorySwap -1",
      [
        [HC("Memory"), 64 * MiB],
        [HC("MemorySwap"), -1],
      ],
    ],
    [
      "Memory+larger MemoryReservation",
      [
        [HC("Memory"), 64 * MiB],
        [HC("MemoryReservation"), 128 * MiB],
      ],
    ],
  ],
  one("MemoryReservation", HC("MemoryReservation"), [-1, 0, 5 * MiB, 6 * MiB, 32 * MiB]),
  one("KernelMemory", HC("KernelMemory"), [0, 3 * MiB, 8 * MiB]),
  one("CpuShares", HC("CpuShares"), [-1, 0, 1, 2, 1024, 262144, 262145]),
  one("CpuPeriod", HC("CpuPeriod"), [0, 999, 1000, 1_000_000, 1_000_001]),
  one("CpuQuota", HC("CpuQuota"), [-1, 0, 999, 1000, new Raw("1000.0")]),
  one("CpusetCpus", HC("CpusetCpus"), ["", "0", "0-1", "1-0", "0,1", "x", "0-"]),
  one("BlkioWeight", HC("BlkioWeight"), [null, 0, 9, 10, 500, 1000, 1001]),
  [
    ["BlkioWeightDevice ok", [[HC("BlkioWeightDevice"), [{ Path: "/dev/null", Weight: 10 }]]]],
    ["BlkioWeightDevice no Path", [[HC("BlkioWeightDevice"), [{ Weight: 10 }]]]],
    ["BlkioDeviceReadBps no Path", [[HC("BlkioDeviceReadBps"), [{ Rate: 1000 }]]]],
  ],
  one("IOMaximumBandwidth", HC("IOMaximumBandwidth"), [0, 1000]),
  one("IOMaximumIOps", HC("IOMaximumIOps"), [0, 10]),
  one("PidsLimit", HC("PidsLimit"), [-2, -1, 0, 100, null]),
  one("OomScoreAdj", HC("OomScoreAdj"), [-1001, -1000, 0, 1000, 1001]),
  one("MemorySwappiness", HC("MemorySwappiness"), [-2, -1, 0, 100, 101, null]),
  one("ShmSize", HC("ShmSize"), [-1, 0, 64 * MiB, new Raw("67108864.0")]),
  one("ExtraHosts", HC("ExtraHosts"), [["db:10.0.0.2"], ["nohost"], ["db:"], ["db:notanip"], ["db:::1"]]),
  one("PortBindings", HC("PortBindings"), [
    { "80/tcp": [{ HostPort: "18080" }] },
    { "80/tcp": [{ HostPort: "70000" }] },
    { "80/tcp": [{ HostPort: "0" }] },
    { "80/tcp": [{ HostPort: "" }] },
    { "80/foo": [{ HostPort: "" }] },
    { "0/tcp": [{ HostPort: "" }] },
    { "80/tcp": [{ HostPort: 8080 }] },
    { "80/tcp": [{ HostPort: "18000-18001" }] },
    { "abc/tcp": [{ HostPort: "" }] },
  ]),
  one(
    "ExposedPorts",
    ["ExposedPorts"],
    [{ "80/tcp": {} }, { "abc/tcp": {} }, { "80/foo": {} }, { "0/tcp": {} }],
  ),
  one("RestartPolicy", HC("RestartPolicy"), [
    { Name: "", MaximumRetryCount: 3 },
    { Name: "always", MaximumRetryCount: 3 },
    { Name: "on-failure", MaximumRetryCount: -1 },
    { Name: "on-failure", MaximumRetryCount: 2 },
    { Name: "no" },
    { Name: "sometimes" },
  ]),
  [
    [
      "host+Hostname",
      [
        [HC("NetworkMode"), "host"],
        [["Hostname"], "web"],
      ],
    ],
    [
      "host+Dns",
      [
        [HC("NetworkMode"), "host"],
        [HC("Dns"), ["10.0.0.1"]],
      ],
    ],
    [
      "host+MacAddress",
      [
        [HC("NetworkMode"), "host"],
        [["MacAddress"], "02:42:ac:11:00:02"],
      ],
    ],
    [
      "host+PortBindings",
      [
        [HC("NetworkMode"), "host"],
        [HC("PortBindings"), { "80/tcp": [{ HostPort: "" }] }],
      ],
    ],
    [
      "container:+Hostname",
      [
        [HC("NetworkMode"), "container:other"],
        [["Hostname"], "web"],
      ],
    ],
    [
      "container:+Dns",
      [
        [HC("NetworkMode"), "container:other"],
        [HC("Dns"), ["10.0.0.1"]],
      ],
    ],
    [
      "none+Hostname",
      [
        [HC("NetworkMode"), "none"],
        [["Hostname"], "web"],
      ],
    ],
    ["host", [[HC("NetworkMode"), "host"]]],
  ],
  one("LogConfig", HC("LogConfig"), [
    { Type: "json-file", Config: { "max-size": "10m", "max-file": "3" } },
    { Type: "json-file", Config: { "max-size": "abc" } },
    { Type: "json-file", Config: { "max-file": "0" } },
    { Type: "json-file", Config: { bogus: "1" } },
    { Type: "local", Config: { "max-size": "1m" } },
    { Type: "none" },
    { Type: "gelf" },
    { Type: "awslogs" },
    { Type: "splunk" },
    { Type: "syslog", Config: { bogus: "1" } },
  ]),
  one("Sysctls", HC("Sysctls"), [
    { "net.ipv4.ip_forward": "1" },
    { "kernel.shmmax": "68719476736" },
    { "vm.swappiness": "10" },
    { "kernel.domainname": "x" },
  ]),
  one("Devices", HC("Devices"), [
    [{ PathOnHost: "/dev/null", PathInContainer: "/dev/xnull", CgroupPermissions: "rwm" }],
    [{ PathOnHost: "/dev/null", PathInContainer: "/dev/xnull", CgroupPermissions: "" }],
    [{ PathOnHost: "/dev/null", PathInContainer: "/dev/xnull", CgroupPermissions: "rwx" }],
    [{ PathOnHost: "/dev/null", PathInContainer: "/dev/xnull" }],
  ]),
  one("Ulimits", HC("Ulimits"), [
    [{ Name: "nofile", Soft: 1024, Hard: 2048 }],
    [{ Name: "nofile", Soft: 4096, Hard: 2048 }],
    [{ Name: "bogus", Soft: 1, Hard: 1 }],
  ]),
  one("WorkingDir", ["WorkingDir"], ["/app", "app", ""]),
  one("StopTimeout", ["StopTimeout"], [3, 0]),
  one("StopSignal", ["StopSignal"], ["SIGTERM", "9", "SIGFOO"]),
  one("Isolation", HC("Isolation"), ["", "default", "process", "hyperv"]),
  one("Init", HC("Init"), [true, false]),
  one("AutoRemove", HC("AutoRemove"), [false]),
  one("Labels", ["Labels"], [{ a: "b" }, { a: null }]),
  one(
    "Healthcheck",
    ["Healthcheck"],
    [
      { Test: ["CMD", "true"] },
      { Test: ["cmd", "true"] },
      { Test: ["NONE"] },
      { Test: ["CMD", "true"], Interval: new Raw("1500000.0") },
      { Test: ["CMD", "true"], Interval: 500 },
      { Test: ["CMD", "true"], Interval: 1_000_000 },
      { Test: ["CMD", "true"], Retries: -1 },
      { Test: ["CMD", "true"], StartPeriod: 1_000_000 },
    ],
  ),
  one("Name", ["Name"], ["", "a", "ab", "-ab", "web.1"]),
  one("CapAdd", HC("CapAdd"), [["NET_ADMIN"], ["BOGUS"]]),
  one("Tmpfs", HC("Tmpfs"), [{ "/run/x": "" }, { rel: "" }]),
  one("MacAddress", ["MacAddress"], ["02:42:ac:11:00:02", "zz"]),
  one("NanoCpus", HC("NanoCpus"), [0, 9_999_999, 10_000_000, 500_000_000]),
  [
    [
      "NanoCpus+CpuPeriod",
      [
        [HC("NanoCpus"), 500_000_000],
        [HC("CpuPeriod"), 100_000],
      ],
    ],
    [
      "NanoCpus+CpuQuota",
      [
        [HC("NanoCpus"), 500_000_000],
        [HC("CpuQuota"), 50_000],
      ],
    ],
  ],
  one("IpcMode", HC("IpcMode"), ["", "private", "shareable", "host", "bogus"]),
  one("UTSMode", HC("UTSMode"), ["host", "bogus"]),
  one("CgroupnsMode", HC("CgroupnsMode"), ["private", "host", "bogus"]),
  one("AutoRemove", HC("AutoRemove"), [true]),
  [
    [
      "host+net sysctl",
      [
        [HC("NetworkMode"), "host"],
        [HC("Sysctls"), { "net.ipv4.ip_forward": "1" }],
      ],
    ],
    [
      "host IPC+ipc sysctl",
      [
        [HC("IpcMode"), "host"],
        [HC("Sysctls"), { "kernel.shmmax": "68719476736" }],
      ],
    ],
    [
      "host UTS+domainname",
      [
        [HC("UTSMode"), "host"],
        [HC("Sysctls"), { "kernel.domainname": "x" }],
      ],
    ],
    [
      "container:+ExtraHosts",
      [
        [HC("NetworkMode"), "container:other"],
        [HC("ExtraHosts"), ["db:10.0.0.2"]],
      ],
    ],
    [
      "container:+PortBindings",
      [
        [HC("NetworkMode"), "container:other"],
        [HC("PortBindings"), { "80/tcp": [] }],
      ],
    ],
    [
      "container:+ExposedPorts",
      [
        [HC("NetworkMode"), "container:other"],
        [["ExposedPorts"], { "80/tcp": {} }],
      ],
    ],
    ["container:other", [[HC("NetworkMode"), "container:other"]]],
  ],
  one("Binds", HC("Binds"), [["/tmp:/data:ro"], ["/tmp:data"], ["/tmp:/data:bogus"]]),
];

const TT = (...keys: string[]): Path => ["TaskTemplate", ...keys];

/** Service-create mutations. */
const SERVICE_FAMILIES: Family[] = [
  one("Name", ["Name"], ["web", "", "Web_1", "-web", "web-", "a".repeat(63), "a".repeat(64), "we.b"]),
  one("NanoCPUs", TT("Resources", "Limits", "NanoCPUs"), [
    999_999,
    1_000_000,
    // created, but a task's CPU quota would be under the kernel's 1 ms per 100 ms period
    9_999_999,
    10_000_000,
    500_000_000,
    new Raw("1000000.0"),
  ]),
  one("Reservations.NanoCPUs", TT("Resources", "Reservations", "NanoCPUs"), [999_999, 1_000_000]),
  one("MemoryBytes", TT("Resources", "Limits", "MemoryBytes"), [
    4 * MiB - 1,
    4 * MiB,
    6 * MiB - 1,
    6 * MiB,
    64 * MiB,
  ]),
  one("Reservations.MemoryBytes", TT("Resources", "Reservations", "MemoryBytes"), [4 * MiB - 1, 4 * MiB]),
  one("RestartPolicy", TT("RestartPolicy"), [
    { Condition: "" },
    { Condition: "any" },
    { Condition: "always" },
    { Condition: "on-failure", MaxAttempts: 3 },
    { Condition: "any", Delay: new Raw("1000000000.0") },
    { Condition: "any", Delay: -1 },
  ]),
  one("Placement", TT("Placement"), [
    { Constraints: ["node.role == manager"] },
    { Constraints: ["node.role = manager"] },
    { Preferences: [{ Spread: { SpreadDescriptor: "node.labels.zone" } }] },
  ]),
  one(
    "UpdateConfig",
    ["UpdateConfig"],
    [
      { Parallelism: 1, FailureAction: "pause" },
      { FailureAction: "rollback" },
      { FailureAction: "explode" },
      { MaxFailureRatio: 0.5 },
      { MaxFailureRatio: 2 },
      { Monitor: 1_000_000_000 },
      { Parallelism: -1 },
    ],
  ),
  one(
    "EndpointSpec",
    ["EndpointSpec"],
    [
      { Ports: [{ TargetPort: 80, PublishedPort: 18080 }] },
      {
        Ports: [
          { TargetPort: 80, PublishedPort: 18080 },
          { TargetPort: 81, PublishedPort: 18080 },
        ],
      },
      { Ports: [{ TargetPort: 80, PublishedPort: 18080, PublishMode: "host" }] },
      { Ports: [{ TargetPort: 80, PublishedPort: 18080, PublishMode: "ingress" }] },
      { Ports: [{ TargetPort: 80, PublishedPort: 70000 }] },
      { Mode: "dnsrr", Ports: [{ TargetPort: 80, PublishedPort: 18080 }] },
    ],
  ),
  one("Mode", ["Mode"], [{ Replicated: { Replicas: -1 } }, { Global: {} }, { Replicated: { Replicas: 0 } }]),
  one("Labels", ["Labels"], [{ a: "b" }, { a: null }]),
  one("ContainerSpec.Env", TT("ContainerSpec", "Env"), [["A=b"]]),
  one("UpdateConfig.Order", ["UpdateConfig", "Order"], ["start-first", "stop-first", "bogus"]),
  one("UpdateConfig.Monitor", ["UpdateConfig", "Monitor"], [1_000_000_000, -1, new Raw("1.5e9")]),
  one(
    "RollbackConfig",
    ["RollbackConfig"],
    [{ Parallelism: 1, FailureAction: "continue" }, { MaxFailureRatio: 1.5 }],
  ),
  one("ContainerSpec.TTY", TT("ContainerSpec", "TTY"), [true]),
  one("ContainerSpec.Hostname", TT("ContainerSpec", "Hostname"), ["web"]),
  one("ContainerSpec.Init", TT("ContainerSpec", "Init"), [true]),
  one("Placement.MaxReplicas", TT("Placement", "MaxReplicas"), [2, -1]),
  one("Limits.Pids", TT("Resources", "Limits", "Pids"), [100, -1]),
  one("ForceUpdate", TT("ForceUpdate"), [1, -1]),
  // Bodies the engine creates but whose every task fails: run one task (Replicas 1) to see it.
  [
    [
      "task: gelf without address",
      [
        [TT("LogDriver"), { Name: "gelf" }],
        [["Mode"], { Replicated: { Replicas: 1 } }],
      ],
    ],
    [
      "task: json-file ok",
      [
        [TT("LogDriver"), { Name: "json-file", Options: { "max-size": "1m" } }],
        [["Mode"], { Replicated: { Replicas: 1 } }],
      ],
    ],
    [
      "task: json-file bogus option",
      [
        [TT("LogDriver"), { Name: "json-file", Options: { bogus: "1" } }],
        [["Mode"], { Replicated: { Replicas: 1 } }],
      ],
    ],
    [
      "task: relative bind source",
      [
        [TT("ContainerSpec", "Mounts"), [{ Type: "bind", Source: "rel", Target: "/x" }]],
        [["Mode"], { Replicated: { Replicas: 1 } }],
      ],
    ],
    [
      "task: Isolation hyperv",
      [
        [TT("ContainerSpec", "Isolation"), "hyperv"],
        [["Mode"], { Replicated: { Replicas: 1 } }],
      ],
    ],
    [
      "task: non-namespaced sysctl",
      [
        [TT("ContainerSpec", "Sysctls"), { "vm.swappiness": "10" }],
        [["Mode"], { Replicated: { Replicas: 1 } }],
      ],
    ],
    [
      "task: namespaced sysctl",
      [
        [TT("ContainerSpec", "Sysctls"), { "net.ipv4.ip_forward": "1" }],
        [["Mode"], { Replicated: { Replicas: 1 } }],
      ],
    ],
    ["task: plain", [[["Mode"], { Replicated: { Replicas: 1 } }]]],
  ],
  one(
    "Ports.Protocol",
    ["EndpointSpec", "Ports"],
    [[{ TargetPort: 80, Protocol: "sctp" }], [{ TargetPort: 80, Protocol: "icmp" }]],
  ),
];

/**
 * Makes a valid name chosen by a mutation unique to the run and the body (bodies are created
 * concurrently, and a failed run may leave objects behind); invalid names stay as they are.
 */
function uniqueName(body: Record<string, unknown>, kind: Kind, suffix: string): void {
  const name = body.Name;
  if (typeof name !== "string" || name.startsWith("ekdiff-")) return;
  const valid =
    kind === "container"
      ? /^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/.test(name)
      : /^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$/.test(name) && name.length <= 40;
  if (valid) body.Name = `${name}-${suffix}`;
}

/** Whether one path is the other or lies under it (setting one changes what the other set). */
function overlaps(a: Path, b: Path): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

function setAt(body: Record<string, unknown>, path: Path, value: unknown): void {
  let current = body;
  for (const key of path.slice(0, -1)) {
    const next = current[key];
    if (next === null || typeof next !== "object" || Array.isArray(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete current[last];
  else current[last] = clone(value);
}

/** A deep copy that keeps {@link Raw} tokens (structuredClone would turn them into plain objects). */
function clone(value: unknown): unknown {
  if (value instanceof Raw || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(clone);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clone(item)]));
}

/** JSON text of a body; {@link Raw} tokens are written as they are. */
export function toJsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

function baseBody(kind: Kind, id: number): Record<string, unknown> {
  if (kind === "container") return { Image: IMAGE, Cmd: ["true"], HostConfig: { NetworkMode: "none" } };
  return {
    Name: `ekdiff-${id}`,
    TaskTemplate: { ContainerSpec: { Image: IMAGE, Command: ["sleep", "60"] } },
    Mode: { Replicated: { Replicas: 0 } },
  };
}

/**
 * `count` bodies from `seed`: about four containers for each service; each a base body with one to three
 * mutations from distinct families, none setting a path another one set. Deterministic for a seed.
 */
export function generateBodies(
  seed: number,
  count: number,
  kinds: readonly Kind[] = ["container", "service"],
): GeneratedBody[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const bodies: GeneratedBody[] = [];
  for (let id = 0; id < count; id++) {
    const kind: Kind = kinds.length === 1 ? kinds[0]! : random() < 0.78 ? "container" : "service";
    const families = kind === "container" ? CONTAINER_FAMILIES : SERVICE_FAMILIES;
    const body = baseBody(kind, id);
    const labels: string[] = [];
    const used = new Set<Family>();
    const setPaths: Path[] = [];
    const n = 1 + Math.floor(random() * 3);
    for (let i = 0; i < n; i++) {
      const family = pick(families);
      if (used.has(family)) continue;
      used.add(family);
      const [label, sets] = pick(family);
      // a mutation never undoes an earlier one: `Mode` Replicas 0 after a "task:" mutation's Replicas 1
      // would hide the task failure that mutation is there to show
      if (sets.some(([path]) => setPaths.some((done) => overlaps(path, done)))) continue;
      labels.push(label);
      for (const [path, value] of sets) {
        setAt(body, path, value);
        setPaths.push(path);
      }
    }
    uniqueName(body, kind, `${seed % 100000}x${id}`);
    const text = toJsonText(body);
    if (kind === "container" && "Name" in body) {
      const { Name: name, ...rest } = body;
      bodies.push({ id, kind, labels, text, bodyText: toJsonText(rest), name: String(name) });
    } else bodies.push({ id, kind, labels, text, bodyText: text });
  }
  return bodies;
}
