/**
 * The stack check: services translated into the swarm service spec `docker stack deploy` sends, and judged
 * by the manifests' service checks at the Compose key. The expected specs are the bodies the docker CLI
 * 20.10.24 (Debian's, the engine's own) posted to `POST /v1.41/services/create` for the same files, captured
 * on the engine socket (`docker stack deploy --resolve-image never -c <file> <stack>`; only the bind mount's
 * folder differs: the file was in /tmp/cdprobe there, /p here).
 */
import { describe, expect, test } from "vitest";
import {
  checkProject,
  engineBodies,
  engineFindings,
  stackFindings,
  targetApiVersion,
  translateStack,
} from "../src/index.js";
import { findingsOf, project, show } from "./helpers.js";

const WEB = [
  "name: st",
  "services:",
  "  web:",
  "    image: enginekit/busybox:latest",
  "    command: sleep 100",
  '    entrypoint: ["/bin/sh", "-c"]',
  "    environment: [B=2, A]",
  '    labels: {x: "y"}',
  "    cap_add: [NET_ADMIN]",
  "    ulimits: {nofile: {soft: 10, hard: 20}, nproc: 5}",
  '    sysctls: {net.core.somaxconn: "1024"}',
  "    init: true",
  "    stop_grace_period: 1m30s",
  '    healthcheck: {test: "true", interval: 30s, retries: 2}',
  '    extra_hosts: ["db:10.0.0.1"]',
  "    dns: [8.8.8.8]",
  "    restart: on-failure:3",
  '    ports: ["8080:80", {target: 90, published: 9090, mode: host}]',
  "    logging: {driver: json-file, options: {max-size: 10m}}",
  "    deploy:",
  "      mode: replicated",
  "      replicas: 1",
  "      labels: [a=b]",
  "      endpoint_mode: VIP",
  "      resources:",
  '        limits: {cpus: "0.5", memory: 64M, pids: 100}',
  '        reservations: {cpus: "0.25", memory: 32M, generic_resources: [{discrete_resource_spec: {kind: ssd, value: 2}}]}',
  "      update_config: {delay: 10s, failure_action: rollback, max_failure_ratio: 0.5, order: start-first, monitor: 5s}",
  "      rollback_config: {parallelism: 2}",
  "      placement: {constraints: [node.role == manager], preferences: [{spread: node.labels.zone}], max_replicas_per_node: 2}",
  "",
].join("\n");

/** What the docker CLI 20.10.24 posted for {@link WEB} (stack `st`). */
const WEB_SPEC = {
  Name: "st_web",
  Labels: {
    a: "b",
    "com.docker.stack.image": "enginekit/busybox:latest",
    "com.docker.stack.namespace": "st",
  },
  TaskTemplate: {
    ContainerSpec: {
      Image: "enginekit/busybox:latest",
      Labels: { "com.docker.stack.namespace": "st", x: "y" },
      Command: ["/bin/sh", "-c"],
      Args: ["sleep", "100"],
      Env: ["A", "B=2"],
      Privileges: { CredentialSpec: null, SELinuxContext: null },
      Init: true,
      StopGracePeriod: 90000000000,
      Healthcheck: { Test: ["CMD-SHELL", "true"], Interval: 30000000000, Retries: 2 },
      Hosts: ["10.0.0.1 db"],
      DNSConfig: { Nameservers: ["8.8.8.8"] },
      Sysctls: { "net.core.somaxconn": "1024" },
      CapabilityAdd: ["CAP_NET_ADMIN"],
      Ulimits: [
        { Name: "nofile", Hard: 20, Soft: 10 },
        { Name: "nproc", Hard: 5, Soft: 5 },
      ],
    },
    Resources: {
      Limits: { NanoCPUs: 500000000, MemoryBytes: 67108864, Pids: 100 },
      Reservations: {
        NanoCPUs: 250000000,
        MemoryBytes: 33554432,
        GenericResources: [{ DiscreteResourceSpec: { Kind: "ssd", Value: 2 } }],
      },
    },
    RestartPolicy: { Condition: "on-failure", MaxAttempts: 3 },
    Placement: {
      Constraints: ["node.role == manager"],
      Preferences: [{ Spread: { SpreadDescriptor: "node.labels.zone" } }],
      MaxReplicas: 2,
    },
    Networks: [{ Target: "st_default", Aliases: ["web"] }],
    LogDriver: { Name: "json-file", Options: { "max-size": "10m" } },
    ForceUpdate: 0,
  },
  Mode: { Replicated: { Replicas: 1 } },
  UpdateConfig: {
    Parallelism: 1,
    Delay: 10000000000,
    FailureAction: "rollback",
    Monitor: 5000000000,
    MaxFailureRatio: 0.5,
    Order: "start-first",
  },
  RollbackConfig: { Parallelism: 2, MaxFailureRatio: 0, Order: "" },
  EndpointSpec: {
    Mode: "vip",
    Ports: [
      { Protocol: "tcp", TargetPort: 80, PublishedPort: 8080, PublishMode: "ingress" },
      { TargetPort: 90, PublishedPort: 9090, PublishMode: "host" },
    ],
  },
};

const ONE = [
  "name: st2",
  "services:",
  "  one:",
  "    image: enginekit/busybox:latest",
  '    command: [sleep, "100"]',
  '    user: "1000"',
  "    working_dir: /tmp",
  "    hostname: h",
  "    read_only: true",
  "    tty: true",
  "    stdin_open: true",
  "    stop_signal: SIGINT",
  "    cap_drop: [all]",
  "    dns_search: [x.example]",
  "    healthcheck: {disable: true}",
  '    volumes: [data:/data, "./rel:/rel:ro", "/abs:/abs:rw,z", {type: tmpfs, target: /t, tmpfs: {size: 1000}}, {type: volume, source: v2, target: /v2, volume: {nocopy: true}}]',
  "    deploy:",
  "      mode: global",
  "      endpoint_mode: dnsrr",
  "      restart_policy: {condition: any, delay: 5s, max_attempts: 2, window: 1m}",
  "      update_config: {parallelism: 0}",
  "volumes:",
  "  data: {}",
  "  v2: {external: true}",
  "",
].join("\n");

/** What the docker CLI 20.10.24 posted for {@link ONE} (stack `st2`; the bind source's folder adapted). */
const ONE_SPEC = {
  Name: "st2_one",
  Labels: { "com.docker.stack.image": "enginekit/busybox:latest", "com.docker.stack.namespace": "st2" },
  TaskTemplate: {
    ContainerSpec: {
      Image: "enginekit/busybox:latest",
      Labels: { "com.docker.stack.namespace": "st2" },
      Args: ["sleep", "100"],
      Hostname: "h",
      Dir: "/tmp",
      User: "1000",
      Privileges: { CredentialSpec: null, SELinuxContext: null },
      StopSignal: "SIGINT",
      TTY: true,
      OpenStdin: true,
      ReadOnly: true,
      Mounts: [
        {
          Type: "volume",
          Source: "st2_data",
          Target: "/data",
          VolumeOptions: { Labels: { "com.docker.stack.namespace": "st2" } },
        },
        { Type: "bind", Source: "/p/rel", Target: "/rel", ReadOnly: true },
        { Type: "bind", Source: "/abs", Target: "/abs" },
        { Type: "tmpfs", Target: "/t", TmpfsOptions: { SizeBytes: 1000 } },
        { Type: "volume", Source: "v2", Target: "/v2", VolumeOptions: { NoCopy: true } },
      ],
      Healthcheck: { Test: ["NONE"] },
      DNSConfig: { Search: ["x.example"] },
      CapabilityDrop: ["ALL"],
    },
    Resources: {},
    RestartPolicy: { Condition: "any", Delay: 5000000000, MaxAttempts: 2, Window: 60000000000 },
    Placement: {},
    Networks: [{ Target: "st2_default", Aliases: ["one"] }],
    ForceUpdate: 0,
  },
  Mode: { Global: {} },
  UpdateConfig: { Parallelism: 0, MaxFailureRatio: 0, Order: "" },
  EndpointSpec: { Mode: "dnsrr" },
};

describe("translation into the service spec (docker stack deploy's)", () => {
  test("every deploy key, the ContainerSpec fields and the stack labels, as the 20.10 CLI sends them", () => {
    expect(engineBodies(project({ "compose.yaml": WEB })).web?.serviceSpec).toEqual(WEB_SPEC);
  });

  test("global mode, mounts, restart_policy, disabled healthcheck, dnsrr", () => {
    expect(engineBodies(project({ "compose.yaml": ONE })).one?.serviceSpec).toEqual(ONE_SPEC);
  });

  test("the least a service becomes: empty Resources and Placement, one replica by default", () => {
    expect(
      engineBodies(project({ "compose.yaml": "name: st3\nservices:\n  s:\n    image: x\n" })).s?.serviceSpec,
    ).toEqual({
      Name: "st3_s",
      Labels: { "com.docker.stack.image": "x", "com.docker.stack.namespace": "st3" },
      TaskTemplate: {
        ContainerSpec: {
          Image: "x",
          Labels: { "com.docker.stack.namespace": "st3" },
          Privileges: { CredentialSpec: null, SELinuxContext: null },
        },
        Resources: {},
        Placement: {},
        Networks: [{ Target: "st3_default", Aliases: ["s"] }],
        ForceUpdate: 0,
      },
      Mode: { Replicated: {} },
      EndpointSpec: {},
    });
  });

  test("a service setting a swarm-only key is marked, one without is not", () => {
    const p = project({
      "compose.yaml":
        "services:\n  a:\n    image: x\n    deploy: {replicas: 2, resources: {limits: {cpus: '1'}}}\n  b:\n    image: x\n    deploy: {update_config: {parallelism: 2}}\n",
    });
    expect(translateStack(p).map((t) => [t.service, t.stackOnlyKeys.map((k) => k.key)])).toEqual([
      ["a", []],
      ["b", ["deploy.update_config"]],
    ]);
  });
});

const svc = (lines: string) => ({ "compose.yaml": `services:\n  web:\n    image: x\n    ${lines}` });

describe("compose/engine-limit for docker stack deploy, at the Compose key", () => {
  test.each([
    [
      "update_config.parallelism below 0, max_failure_ratio above 1",
      "deploy:\n      update_config: {parallelism: -1, max_failure_ratio: 2}\n",
      [
        'compose.yaml:5:36-5:38 compose/engine-limit service "web": deploy.update_config.parallelism must be at least 0 (docker stack deploy)',
        'compose.yaml:5:59-5:60 compose/engine-limit service "web": deploy.update_config.max_failure_ratio cannot be less than 0 or bigger than 1 (docker stack deploy)',
      ],
    ],
    [
      "a placement constraint without == or !=, at that constraint",
      "deploy:\n      placement: {constraints: [node.role == manager, 'node.role = worker']}\n",
      [
        'compose.yaml:5:55-5:75 compose/engine-limit service "web": deploy.placement.constraints entries must be <attribute> == <value> or <attribute> != <value>, e.g. "node.role == manager" (docker stack deploy)',
      ],
    ],
    [
      "a CPU reservation under swarmkit's 0.001 CPU",
      "deploy:\n      mode: replicated\n      resources: {reservations: {cpus: '0.0005'}}\n",
      [
        'compose.yaml:6:40-6:48 compose/engine-limit service "web": deploy.resources.reservations.cpus must be 0 or at least 1000000 (0.001 CPU): invalid cpu value, must be at least 0.001 ("0.0005" is 500000) (docker stack deploy)',
      ],
    ],
    [
      "cpus finer than a nano CPU: the CLI refuses it",
      "deploy:\n      labels: [a=b]\n      resources: {limits: {cpus: '0.0000000001'}}\n",
      [
        'compose.yaml:6:34-6:48 compose/engine-limit service "web": deploy.resources.limits.cpus: docker stack deploy refuses it before sending the service (value is too precise)',
      ],
    ],
    [
      "replicas with mode global: the CLI refuses it",
      "deploy:\n      mode: global\n      replicas: 2\n",
      [
        'compose.yaml:6:17-6:18 compose/engine-limit service "web": deploy.replicas: docker stack deploy refuses it before sending the service (replicas can only be used with replicated mode)',
      ],
    ],
    [
      "an unknown mode",
      "deploy:\n      mode: everywhere\n",
      [
        'compose.yaml:5:13-5:23 compose/engine-limit service "web": deploy.mode: docker stack deploy refuses it before sending the service (Unknown mode: everywhere)',
      ],
    ],
    [
      "a value the container check reports already is not repeated",
      "deploy:\n      mode: global\n    healthcheck: {test: [CMD, 'true'], interval: 500us}\n",
      [
        'compose.yaml:6:50-6:55 compose/engine-limit service "web": healthcheck.interval must be 0 or at least 1000000 nanoseconds (1 ms) ("500us" is 500000)',
      ],
    ],
    [
      "a service name the swarm refuses (<project>_<service> must be a DNS name component)",
      "deploy:\n      mode: global\n  web.v2:\n    image: x\n    deploy: {mode: global}\n",
      [
        'compose.yaml:7:5-9:1 compose/engine-limit service "web.v2": the swarm service name "p_web.v2" (<stack>_<service>) must be valid as a DNS name component: letters and digits, with "-" or "_" only between them (docker stack deploy)',
      ],
    ],
    [
      "valid swarm settings",
      "deploy:\n      mode: replicated\n      replicas: 3\n      update_config: {parallelism: 2, delay: 10s, order: start-first}\n      placement: {constraints: [node.role == manager]}\n      resources: {limits: {cpus: '0.5', memory: 64m}}\n",
      [],
    ],
  ])("%s", (_, lines, expected) => {
    expect(findingsOf("compose/engine-limit", svc(lines))).toEqual(expected);
  });

  test("a service without a swarm-only key is judged as docker compose up runs it (no stack findings)", () => {
    // swarmkit refuses a CPU reservation under 0.001 CPU; docker compose up does not send one
    const files = svc("deploy:\n      resources: {reservations: {cpus: '0.0005'}}\n");
    expect(findingsOf("compose/engine-limit", files)).toEqual([]);
    expect(
      engineFindings(project(files), { stack: "always" })
        .filter((f) => f.severity === "error")
        .map((f) => f.message),
    ).toEqual([expect.stringMatching(/deploy\.resources\.reservations\.cpus .* \(docker stack deploy\)$/)]);
    expect(engineFindings(project(svc("deploy:\n      mode: global\n")), { stack: "never" })).toEqual([]);
  });

  test("a service scaled to 0 runs no task: what only a task's start refuses is an advisory, as for a service manifest", () => {
    const stack = (replicas: number) => {
      const p = project(
        svc(
          `working_dir: tmp\n    deploy: {mode: replicated, replicas: ${replicas}, placement: {max_replicas_per_node: 1}}\n`,
        ),
      );
      return stackFindings(p, targetApiVersion(p), "always").map(show);
    };
    const refusal =
      'working_dir must be an absolute path: every task is rejected (the working directory "tmp" is invalid, it needs to be an absolute path)';
    expect(stack(1)).toEqual([
      `compose.yaml:4:18-4:21 compose/engine-limit service "web": ${refusal} (docker stack deploy)`,
    ]);
    expect(stack(0)).toEqual([
      `compose.yaml:4:18-4:21 compose/engine-advisory service "web": ${refusal} — the service runs no task now (Replicas 0), so the engine accepts it; every task will be refused once it is scaled up. (docker stack deploy)`,
    ]);
  });

  test("the rollback ratio above 1 is an advisory (swarmkit checks only the update's)", () => {
    expect(
      findingsOf("compose/engine-advisory", svc("deploy:\n      rollback_config: {max_failure_ratio: 2}\n")),
    ).toEqual([
      'compose.yaml:5:44-5:45 compose/engine-advisory service "web": deploy.rollback_config.max_failure_ratio 2: a fraction of tasks is between 0 and 1; the engine accepts it but the ratio can never be reached as meant. (docker stack deploy)',
    ]);
  });
});

describe("the project's target API version", () => {
  const files = svc("init: true\n    deploy:\n      placement: {max_replicas_per_node: 2}\n");
  const advisories = (apiVersion?: string, environment: Record<string, string> = {}) =>
    checkProject(project(files, { environment }), apiVersion ? { apiVersion } : {})
      .filter((f) => f.code === "compose/engine-advisory")
      .map(show);

  test("by default 1.41, what docker compose negotiates with an engine 20.10: no version findings", () => {
    expect(advisories()).toEqual([]);
  });

  test("the project's apiVersion: fields added later are advisories at the Compose key", () => {
    expect(advisories("1.24")).toEqual([
      'compose.yaml:4:11-4:15 compose/engine-advisory service "web": init (HostConfig.Init) was added in engine API 1.25; the project targets 1.24 (the project\'s apiVersion), whose engines ignore it. Set apiVersion in .enginekit.yaml or pass --api-version if your engine speaks 1.25 or later.',
      'compose.yaml:6:42-6:43 compose/engine-advisory service "web": deploy.placement.max_replicas_per_node (TaskTemplate.Placement.MaxReplicas) was added in engine API 1.40; the project targets 1.24 (the project\'s apiVersion), whose engines ignore it. Set apiVersion in .enginekit.yaml or pass --api-version if your engine speaks 1.40 or later. (docker stack deploy)',
    ]);
    expect(advisories("1.39")).toEqual([expect.stringContaining("deploy.placement.max_replicas_per_node")]);
  });

  test("DOCKER_API_VERSION in the environment pins it as it pins compose's client; the project's apiVersion wins", () => {
    expect(advisories(undefined, { DOCKER_API_VERSION: "1.24" })).toEqual([
      expect.stringContaining("the project targets 1.24 (DOCKER_API_VERSION)"),
      expect.stringContaining("the project targets 1.24 (DOCKER_API_VERSION)"),
    ]);
    expect(advisories("1.41", { DOCKER_API_VERSION: "1.24" })).toEqual([]);
    expect(advisories(undefined, { DOCKER_API_VERSION: "latest" })).toEqual([]);
  });

  test("DOCKER_API_VERSION in .env is not compose's client version (compose copies only COMPOSE_*)", () => {
    const withEnv = { ...files, ".env": "DOCKER_API_VERSION=1.24\n" };
    expect(
      checkProject(project(withEnv))
        .filter((f) => f.code === "compose/engine-advisory")
        .map(show),
    ).toEqual([]);
  });
});
