/**
 * Seeded Compose services for the swarm tests (the stack differential and the translation oracle): each
 * sets a few `deploy` keys and ContainerSpec fields to values below, at and above swarmkit's bounds, with
 * `deploy.mode` replicated (one replica) or global, in a project named {@link STACK}; and what the swarm
 * engine tests share: the spec as a body to create ({@link stackServiceBody}) and the swarm for a suite
 * ({@link swarmForSuite}).
 */
import { BUSYBOX_IMAGE, engineRequest, seededRandom } from "@enginekit/engine-tools";
import { ensureSwarm, type GeneratedBody, othersUseSwarm } from "@enginekit/manifest-differential";
import { toPlainValue } from "@enginekit/manifests";
import { afterAll, beforeAll } from "vitest";
import { type ComposeProject, translateStack } from "../src/index.js";

/** The project (stack) every generated service belongs to. */
export const STACK = "ekstack";

/** Values tried per `deploy` (and ContainerSpec) key: below, at and above swarmkit's bounds, and ordinary ones. */
const STACK_CHOICES: Record<string, readonly unknown[]> = {
  "deploy.resources.limits.cpus": ["0.0005", "0.001", "0.005", "0.01", "0.5"],
  "deploy.resources.limits.memory": ["1m", "4m", "5m", "6m", "64m"],
  "deploy.resources.limits.pids": [-1, 0, 100],
  "deploy.resources.reservations.cpus": ["0.0005", "0.001", "0.25"],
  "deploy.resources.reservations.memory": ["1m", "4m", "32m"],
  "deploy.restart_policy.condition": ["none", "on-failure", "any", "sometimes"],
  "deploy.restart_policy.delay": ["-5s", "0s", "5s"],
  "deploy.restart_policy.max_attempts": [0, 3],
  "deploy.restart_policy.window": ["-1s", "1m"],
  "deploy.update_config.parallelism": [0, 2],
  "deploy.update_config.delay": ["-1s", "0s", "10s"],
  "deploy.update_config.max_failure_ratio": [-0.5, 0, 0.5, 1, 1.5],
  "deploy.update_config.order": ["start-first", "stop-first", "sideways"],
  "deploy.update_config.failure_action": ["pause", "continue", "rollback", "explode"],
  "deploy.update_config.monitor": ["-1s", "5s"],
  "deploy.rollback_config.max_failure_ratio": [0.5, 2],
  "deploy.rollback_config.delay": ["-1s", "1s"],
  "deploy.rollback_config.order": ["stop-first", "sideways"],
  "deploy.placement.constraints": [
    ["node.role == manager"],
    ["node.role = manager"],
    ["node.labels.zone != x"],
  ],
  "deploy.placement.max_replicas_per_node": [0, 1, 2],
  "deploy.placement.preferences": [[{ spread: "node.labels.zone" }]],
  "deploy.endpoint_mode": ["vip", "dnsrr", "rr"],
  "healthcheck.interval": ["500us", "1ms", "2s"],
  "healthcheck.timeout": ["1us", "1ms", "2s"],
  "healthcheck.start_period": ["100us", "0s", "1s"],
  stop_grace_period: ["-1s", "0s", "10s"],
  // nofile stays well above the descriptors runc needs to start a task (a soft limit of 10 fails it)
  ulimits: [{ nofile: { soft: 2048, hard: 1024 } }, { nofile: { soft: 1024, hard: 2048 } }, { nproc: 500 }],
  sysctls: [{ "net.core.somaxconn": "1024" }, { "vm.swappiness": "10" }],
  working_dir: ["/tmp", "tmp"],
  cap_add: [["NET_ADMIN"], ["NOT_A_CAPABILITY"]],
  ports: [["9000:80"], [{ target: 80, published: 9001, mode: "host" }]],
};

/** Dotted keys as nested mappings (`deploy.update_config.delay` → `{deploy: {update_config: {delay}}}`). */
function nest(entries: [string, unknown][]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, value] of entries) {
    const keys = path.split(".");
    let object = root;
    for (const key of keys.slice(0, -1)) object = (object[key] ??= {}) as Record<string, unknown>;
    object[keys[keys.length - 1]!] = value;
  }
  return root;
}

/** `count` seeded services with `deploy` sections (one per project file, all of project {@link STACK}). */
export function generateStackCases(seed: number, count: number): { id: number; yaml: string }[] {
  const random = seededRandom(seed + 1);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const cases: { id: number; yaml: string }[] = [];
  for (let id = 0; id < count; id++) {
    const entries = Object.keys(STACK_CHOICES)
      .filter(() => random() < 0.1)
      .map((key): [string, unknown] => [key, pick(STACK_CHOICES[key]!)]);
    const global = random() < 0.2;
    if (global) entries.push(["deploy.mode", "global"]);
    else {
      entries.push(["deploy.mode", "replicated"], ["deploy.replicas", 1]);
    }
    const service = nest(entries);
    if (service.healthcheck)
      service.healthcheck = { test: ["CMD", "true"], ...(service.healthcheck as object) };
    const lines = [
      `name: ${STACK}`,
      "services:",
      `  s${id}:`,
      `    image: ${BUSYBOX_IMAGE}`,
      "    command: [sleep, '60']",
      ...Object.entries(service).map(([key, value]) => `    ${key}: ${JSON.stringify(value)}`),
      "",
    ];
    cases.push({ id, yaml: lines.join("\n") });
  }
  return cases;
}

/**
 * The swarm service spec `translateStack` makes of the project's first service, as a body the manifest
 * differential's `serviceVerdict` creates (`id` names it, `yaml` is its Compose text). The spec's
 * `TaskTemplate.Networks` (the project's overlay network) is left out: on a machine running several engines
 * their vxlan interfaces collide ("error creating vxlan interface: file exists"), which says nothing about
 * the spec.
 */
export function stackServiceBody(project: ComposeProject, id: number, yaml: string): GeneratedBody {
  const { TaskTemplate, ...spec } = toPlainValue(translateStack(project)[0]!.body.root) as {
    TaskTemplate: Record<string, unknown>;
  };
  const { Networks: _, ...task } = TaskTemplate;
  return {
    id,
    kind: "service",
    apiVersion: "1.41",
    mutations: [],
    labels: [],
    text: yaml,
    bodyText: JSON.stringify({ ...spec, TaskTemplate: task }),
  };
}

/**
 * Makes the engine at `host` a single-node swarm for the suite (before all) and leaves the swarm after it,
 * unless services other than `names` (other suites sharing the engine) are on it.
 */
export function swarmForSuite(host: string, names: ReadonlySet<string>): void {
  let joined = false;
  beforeAll(async () => {
    joined = await ensureSwarm(host);
  }, 60_000);
  afterAll(async () => {
    if (joined && !(await othersUseSwarm(host, names)))
      await engineRequest(host, "POST", "/v1.24/swarm/leave?force=1");
  }, 60_000);
}
