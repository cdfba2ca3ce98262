/**
 * The disagreement classes `pnpm explore-manifests` found on new seeds, each kept as a fixed case of the CI
 * differential (packages/cli/test/manifest-differential.engine.test.ts): the shrunk body (mutations of the
 * generator's base body, `bodies.ts`), what the real engine does with it, and how many errors enginekit must
 * report. The engine re-judges every case on each run, so a case whose fact changes fails instead of
 * silently agreeing. The exact findings (code, severity, location) are table tests in
 * packages/manifests/test/engine-agreement.test.ts.
 */
import { buildBody, type GeneratedBody, type Kind } from "./bodies.js";

/** One class found by a seed, kept as a fixed body. */
export interface FoundCase {
  /** Where it was found (`seed 101`) and what it shows. */
  found: string;
  kind: Kind;
  apiVersion: string;
  /** Field keys of the kind's schema (`HostConfig.PortBindings{}[].HostPort`) and the values set there. */
  mutations: { field: string; value: unknown }[];
  /** `"runs"`, or a pattern of the engine's refusal message. */
  engine: "runs" | RegExp;
  /**
   * The number of error findings enginekit must report: 0 when the engine runs it, and usually 1 when it
   * refuses (one class, one error); a refusal the host decides (a plugin the engine lacks) still has its
   * count checked, so a false second error fails.
   */
  errors: number;
}

/** The classes found by seeds 101–115 (this list grows with each exploring session). */
export const FOUND_CASES: readonly FoundCase[] = [
  {
    found: "seed 101: logentries needs its token (every task rejected)",
    kind: "service",
    apiVersion: "1.41",
    mutations: [{ field: "TaskTemplate.LogDriver.Name", value: "logentries" }],
    engine: /Missing logentries token/,
    errors: 1,
  },
  {
    found: "seed 101: logentries needs its token (refused at create)",
    kind: "container",
    apiVersion: "1.41",
    mutations: [{ field: "HostConfig.LogConfig.Type", value: "logentries" }],
    engine: /Missing logentries token/,
    errors: 1,
  },
  {
    found: "seeds 101, 104: swarmkit does not check RollbackConfig's monitor",
    kind: "service",
    apiVersion: "1.41",
    mutations: [{ field: "RollbackConfig.Monitor", value: -1 }],
    engine: "runs",
    errors: 0,
  },
  {
    found: "seed 104: ConsoleSize is a Go [2]uint, filled from a list of any length",
    kind: "container",
    apiVersion: "1.41",
    mutations: [{ field: "HostConfig.ConsoleSize", value: [] }],
    engine: "runs",
    errors: 0,
  },
  {
    found: "seed 105: a descending HostPort range",
    kind: "container",
    apiVersion: "1.41",
    mutations: [{ field: "HostConfig.PortBindings{}[].HostPort", value: "1-0" }],
    engine: /invalid port specification/,
    errors: 1,
  },
  {
    found: "seed 106: an empty EndpointSpec.Mode is vip",
    kind: "service",
    apiVersion: "1.41",
    mutations: [{ field: "EndpointSpec.Mode", value: "" }],
    engine: "runs",
    errors: 0,
  },
  {
    found: "seeds 106, 107: a null LogDriver.Name is the default driver",
    kind: "service",
    apiVersion: "1.41",
    mutations: [{ field: "TaskTemplate.LogDriver.Name", value: null }],
    engine: "runs",
    errors: 0,
  },
  {
    found: "seed 107: a service tmpfs mount takes VolumeOptions",
    kind: "service",
    apiVersion: "1.41",
    mutations: [
      { field: "TaskTemplate.ContainerSpec.Mounts[].Type", value: "tmpfs" },
      { field: "TaskTemplate.ContainerSpec.Mounts[].VolumeOptions.DriverConfig.Options", value: { a: "b" } },
    ],
    engine: "runs",
    errors: 0,
  },
  {
    found: "seed 107 (by hand): a container tmpfs mount refuses BindOptions",
    kind: "container",
    apiVersion: "1.41",
    mutations: [
      {
        field: "HostConfig.Mounts[]",
        value: { Type: "tmpfs", Target: "/x", BindOptions: { Propagation: "rprivate" } },
      },
    ],
    engine: /field BindOptions must not be specified/,
    errors: 1,
  },
  {
    found: "seed 107 (by hand): a service volume mount refuses a BindOptions with a propagation",
    kind: "service",
    apiVersion: "1.41",
    mutations: [
      {
        field: "TaskTemplate.ContainerSpec.Mounts[]",
        value: { Type: "volume", Target: "/x", BindOptions: { Propagation: "rprivate" } },
      },
    ],
    engine: /field BindOptions must not be specified/,
    errors: 1,
  },
  {
    found: "seed 110: a job count below 0 is refused by the decoder though 1.39 drops the job mode",
    kind: "service",
    apiVersion: "1.39",
    mutations: [{ field: "Mode.ReplicatedJob.TotalCompletions", value: -1 }],
    engine: /cannot unmarshal number -1/,
    errors: 1,
  },
  {
    found: "seed 114: a LogDriver without Name is the default driver",
    kind: "service",
    apiVersion: "1.41",
    mutations: [{ field: "TaskTemplate.LogDriver", value: {} }],
    engine: "runs",
    errors: 0,
  },
  {
    found: "seed 113: a service scaled to 0 runs no task, so task-level refusals are not refusals",
    kind: "service",
    apiVersion: "1.41",
    mutations: [
      { field: "Mode.Replicated.Replicas", value: 0 },
      { field: "TaskTemplate.ContainerSpec.Mounts[].VolumeOptions.DriverConfig.Name", value: "/data" },
    ],
    engine: "runs",
    errors: 0,
  },
  {
    found: "seed 113 (by hand): the same mount with one replica has every task rejected",
    kind: "service",
    apiVersion: "1.41",
    mutations: [
      { field: "TaskTemplate.ContainerSpec.Mounts[].VolumeOptions.DriverConfig.Name", value: "/data" },
    ],
    engine: /invalid bind mount source/,
    errors: 2,
  },
  {
    found: "a log plugin the engine lacks: one error, at the driver, none for the plugin's options",
    kind: "container",
    apiVersion: "1.41",
    mutations: [
      { field: "HostConfig.LogConfig", value: { Type: "loki", Config: { "loki-url": "http://x" } } },
    ],
    engine: /error looking up logging plugin loki/,
    errors: 1,
  },
];

/** The bodies of {@link FOUND_CASES} (ids from `firstId`), with names unique to `runTag`. */
export function foundCaseBodies(runTag: string, firstId = 900_000): GeneratedBody[] {
  return FOUND_CASES.map((found, index) =>
    buildBody(
      firstId + index,
      found.kind,
      found.apiVersion,
      found.mutations.map((m) => ({ ...m, label: JSON.stringify(m.value) })),
      `${runTag}f${index}`,
    ),
  );
}
