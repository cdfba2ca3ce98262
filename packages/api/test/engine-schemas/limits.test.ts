import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  BuildQuery,
  ContainerCreateBody,
  ContainerCreateQuery,
  ContainerLogsQuery,
  ContainerUpdateBody,
  ENGINE_LIMITS,
  EndpointSpec,
  HostConfig,
  RaftConfig,
  ServiceSpec,
} from "../../src/engine/schemas/index.js";
import { located, withValue } from "./issues.js";

/**
 * Every numeric limit (engine §8 and the field tables), checked at, just below and just above each bound,
 * with the exact message and issue path.
 */
interface BoundCase {
  schema: z.ZodType;
  base: unknown;
  path: (string | number)[];
  accepted: unknown[];
  rejected: unknown[];
  message: string;
}

const body = { Image: "busybox" };
const service = { TaskTemplate: { ContainerSpec: { Image: "busybox" } } };
const hc = (field: string): Pick<BoundCase, "schema" | "base" | "path"> => ({
  schema: HostConfig,
  base: {},
  path: [field],
});
const hcheck = (field: string): Pick<BoundCase, "schema" | "base" | "path"> => ({
  schema: ContainerCreateBody,
  base: body,
  path: ["Healthcheck", field],
});
const MB6 = 6 * 1024 * 1024;

const cases: Record<string, BoundCase> = {
  "HostConfig.BlkioWeight 10–1000 (0 unset)": {
    ...hc("BlkioWeight"),
    accepted: [0, 10, 11, 999, 1000],
    rejected: [9, 1001, -1, 1],
    message: "BlkioWeight must be between 10 and 1000",
  },
  "HostConfig.MemorySwappiness 0–100 or -1": {
    ...hc("MemorySwappiness"),
    accepted: [-1, 0, 1, 99, 100, null],
    rejected: [-2, 101],
    message: "MemorySwappiness must be -1 or between 0 and 100",
  },
  "Healthcheck.Interval 0 or ≥ 1 ms": {
    ...hcheck("Interval"),
    accepted: [0, 1_000_000, 1_000_001],
    rejected: [1, 999_999, -1],
    message: "Healthcheck.Interval must be 0 or at least 1000000 nanoseconds (1 ms)",
  },
  "Healthcheck.Timeout 0 or ≥ 1 ms": {
    ...hcheck("Timeout"),
    accepted: [0, 1_000_000, 1_000_001],
    rejected: [999_999, -1_000_000],
    message: "Healthcheck.Timeout must be 0 or at least 1000000 nanoseconds (1 ms)",
  },
  "Healthcheck.StartPeriod 0 or ≥ 1 ms": {
    ...hcheck("StartPeriod"),
    accepted: [0, 1_000_000, 1_000_001],
    rejected: [999_999, 1],
    message: "Healthcheck.StartPeriod must be 0 or at least 1000000 nanoseconds (1 ms)",
  },
  "Healthcheck.Retries ≥ 0": {
    ...hcheck("Retries"),
    accepted: [0, 1],
    rejected: [-1],
    message: "Healthcheck.Retries must be at least 0",
  },
  "HostConfig.ShmSize ≥ 0 (0: the default, as the engine 20.10 takes it)": {
    ...hc("ShmSize"),
    accepted: [0, 1, 2, ENGINE_LIMITS.shmSizeDefaultBytes],
    rejected: [-1],
    message: "ShmSize must be at least 0 (SHM size can not be less than 0)",
  },
  "HostConfig.PidsLimit: any integer (≤ 0 is unlimited for the engine 20.10)": {
    ...hc("PidsLimit"),
    accepted: [-2, -1, 0, 1, null],
    rejected: [1.5],
    message: "PidsLimit must be an integer",
  },
  "HostConfig.Memory 0 or ≥ 6 MB": {
    ...hc("Memory"),
    accepted: [0, MB6, MB6 + 1],
    rejected: [MB6 - 1, 1, -1],
    message: "Memory must be 0 or at least 6291456 bytes (6 MB)",
  },
  "HostConfig.KernelMemory 0 or ≥ 6 MB": {
    ...hc("KernelMemory"),
    // the engine 20.10 runs -1 (and any negative: no limit) and refuses 1 to 6 MiB - 1
    accepted: [0, -1, -2, MB6, MB6 + 1],
    rejected: [1, MB6 - 1],
    message:
      "KernelMemory must be 0 (or negative: no limit) or at least 6291456 bytes (Minimum kernel memory limit allowed is 6MB)",
  },
  "HostConfig.MemoryReservation 0 or ≥ 6 MB": {
    ...hc("MemoryReservation"),
    accepted: [0, MB6, MB6 + 1],
    rejected: [MB6 - 1],
    message: "MemoryReservation must be 0 or at least 6291456 bytes (6 MB)",
  },
  "HostConfig.CpuPeriod 0 or 1000–1000000 µs": {
    ...hc("CpuPeriod"),
    accepted: [0, 1000, 1001, 999_999, 1_000_000],
    rejected: [999, 1_000_001, -1],
    message: "CpuPeriod must be 0 or between 1000 and 1000000 microseconds",
  },
  "HostConfig.CpuQuota ≤ 0 or ≥ 1000 µs": {
    ...hc("CpuQuota"),
    accepted: [-1, 0, 1000, 1001],
    rejected: [1, 999],
    message: "CpuQuota must be -1, 0 or at least 1000 microseconds",
  },
  // Windows only: a Linux engine 20.10 discards any value and runs the container (pnpm explore-manifests)
  "HostConfig.CpuPercent: any integer on Linux": {
    ...hc("CpuPercent"),
    accepted: [-1, 0, 1, 100, 101],
    rejected: [1.5],
    message: "CpuPercent must be an integer",
  },
  "HostConfig.OomScoreAdj -1000–1000": {
    ...hc("OomScoreAdj"),
    accepted: [-1000, -999, 999, 1000],
    rejected: [-1001, 1001],
    message: "OomScoreAdj must be between -1000 and 1000",
  },
  "HostConfig.CpuShares 0 or 2–262144 (runc, at start)": {
    ...hc("CpuShares"),
    accepted: [0, 2, 1024, 262144],
    rejected: [-1, 1, 262145],
    message: "CpuShares must be 0 (default) or between 2 and 262144; the container fails to start otherwise",
  },
  "RestartPolicy.MaximumRetryCount ≥ 0": {
    schema: HostConfig,
    base: { RestartPolicy: { Name: "on-failure" } },
    path: ["RestartPolicy", "MaximumRetryCount"],
    accepted: [0, 1],
    rejected: [-1],
    message: "RestartPolicy.MaximumRetryCount cannot be negative",
  },
  "BlkioWeightDevice.Weight 10–1000": {
    schema: HostConfig,
    base: { BlkioWeightDevice: [{ Path: "/dev/sda", Weight: 500 }] },
    path: ["BlkioWeightDevice", 0, "Weight"],
    accepted: [10, 11, 999, 1000],
    rejected: [9, 1001],
    message: "BlkioWeightDevice.Weight must be between 10 and 1000",
  },
  "Service Resources.Limits.NanoCPUs 0 or ≥ 0.001 CPU (swarmkit)": {
    schema: ServiceSpec,
    base: service,
    path: ["TaskTemplate", "Resources", "Limits", "NanoCPUs"],
    accepted: [0, 1_000_000, 2_000_000_000],
    rejected: [1, 999_999],
    message:
      "Resources.Limits.NanoCPUs must be 0 or at least 1000000 (0.001 CPU): invalid cpu value, must be at least 0.001",
  },
  "Service Resources.Reservations.MemoryBytes 0 or ≥ 4 MiB (swarmkit)": {
    schema: ServiceSpec,
    base: service,
    path: ["TaskTemplate", "Resources", "Reservations", "MemoryBytes"],
    accepted: [0, 4 * 1024 * 1024],
    rejected: [4 * 1024 * 1024 - 1],
    message:
      "Resources.Reservations.MemoryBytes must be 0 or at least 4194304 bytes (4 MiB): invalid memory value, must be at least 4MiB",
  },
  "ContainerUpdateBody.BlkioWeight uses the HostConfig bound": {
    schema: ContainerUpdateBody,
    base: {},
    path: ["BlkioWeight"],
    accepted: [10, 1000],
    rejected: [9, 1001],
    message: "BlkioWeight must be between 10 and 1000",
  },
  "ServiceSpec Mode.Replicated.Replicas ≥ 0": {
    schema: ServiceSpec,
    base: { ...service, Mode: { Replicated: {} } },
    path: ["Mode", "Replicated", "Replicas"],
    accepted: [0, 1],
    rejected: [-1],
    message: "Mode.Replicated.Replicas must be at least 0",
  },
  "ServiceSpec UpdateConfig.Delay ≥ 0 ns": {
    schema: ServiceSpec,
    base: service,
    path: ["UpdateConfig", "Delay"],
    accepted: [0, 1],
    rejected: [-1],
    message: "UpdateConfig.Delay must be at least 0",
  },
  // a uint32 for the engine 20.10: 0 and 70000 are stored and the tasks run (warnings of the manifest check)
  "EndpointSpec Ports TargetPort 0–4294967295": {
    schema: EndpointSpec,
    base: { Ports: [{ TargetPort: 80 }] },
    path: ["Ports", 0, "TargetPort"],
    accepted: [0, 1, 65535, 70000, 4294967295],
    rejected: [-1, 4294967296],
    message: "EndpointSpec.Ports TargetPort must be between 0 and 4294967295",
  },
  "Raft.HeartbeatTick ≥ 1": {
    schema: RaftConfig,
    base: {},
    path: ["HeartbeatTick"],
    accepted: [1, 2],
    rejected: [0],
    message: "Raft.HeartbeatTick must be at least 1",
  },
  "BuildQuery shmsize > 0": {
    schema: BuildQuery,
    base: {},
    path: ["shmsize"],
    accepted: [1, 2],
    rejected: [0, -1],
    message: "shmsize must be greater than 0 bytes",
  },
  "BuildQuery memswap ≥ -1": {
    schema: BuildQuery,
    base: {},
    path: ["memswap"],
    accepted: [-1, 0],
    rejected: [-2],
    message: "memswap must be at least -1 (-1 means unlimited swap)",
  },
  "BuildQuery cpuperiod uses the CpuPeriod bound": {
    schema: BuildQuery,
    base: {},
    path: ["cpuperiod"],
    accepted: [1000, 1_000_000],
    rejected: [999, 1_000_001],
    message: "cpuperiod must be 0 or between 1000 and 1000000 microseconds",
  },
  "ContainerLogsQuery since ≥ 0": {
    schema: ContainerLogsQuery,
    base: {},
    path: ["since"],
    accepted: [0, 1],
    rejected: [-1],
    message: "since must be at least 0",
  },
};

describe.each(Object.entries(cases))("%s", (_name, limit) => {
  it.each(limit.accepted.map((value) => [JSON.stringify(value), value]))("accepts %s", (_label, value) => {
    expect(located(limit.schema, withValue(limit.base, limit.path, value))).toEqual([]);
  });
  it.each(limit.rejected.map((value) => [JSON.stringify(value), value]))("rejects %s", (_label, value) => {
    const issues = located(limit.schema, withValue(limit.base, limit.path, value));
    const keyPath =
      limit.path.at(-1) === "ExposedPorts" ? [...limit.path, Object.keys(value as object)[0]!] : limit.path;
    expect(issues).toEqual([{ path: keyPath, message: limit.message }]);
  });
});

describe("integers", () => {
  it("a fractional or string value names the field", () => {
    expect(located(HostConfig, { BlkioWeight: 10.5 })).toEqual([
      { path: ["BlkioWeight"], message: "BlkioWeight must be an integer" },
    ]);
    expect(located(HostConfig, { Memory: "1g" })).toEqual([
      { path: ["Memory"], message: "Memory must be an integer" },
    ]);
  });
});

describe("container name (engine §8; the engine's /?[a-zA-Z0-9][a-zA-Z0-9_.-]+)", () => {
  const message =
    'Container name must match /?[a-zA-Z0-9][a-zA-Z0-9_.-]+ (a letter or digit, then at least one letter, digit, "_", "." or "-")';
  it.each(["ab", "/ab", "a.b", "a_b", "a-b", "A9", "web-1.prod_x", ""])("accepts %j", (name) => {
    expect(located(ContainerCreateQuery, { name })).toEqual([]);
  });
  it.each(["a", "/a", ".ab", "_ab", "-ab", "a b", "a/b", "ab:c"])("rejects %j", (name) => {
    expect(located(ContainerCreateQuery, { name })).toEqual([{ path: ["name"], message }]);
  });
});
