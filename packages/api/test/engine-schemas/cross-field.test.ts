import { describe, expect, it } from "vitest";
import {
  BuildQuery,
  ContainerCreateBody,
  ContainerUpdateBody,
  EndpointSpec,
  HostConfig,
  ImageCreateQuery,
  RaftConfig,
  ServiceMount,
  ServiceSpec,
} from "../../src/engine/schemas/index.js";
import { containerCreateExample, serviceSpecExample } from "./fixtures.js";
import { located, withValue } from "./issues.js";

const MB = 1024 * 1024;

describe("MemorySwap needs Memory and is -1 or at least Memory (HostConfig, issue on MemorySwap)", () => {
  it.each([
    [{ Memory: 64 * MB, MemorySwap: -1 }],
    [{ Memory: 64 * MB, MemorySwap: 64 * MB }],
    [{ Memory: 64 * MB, MemorySwap: 64 * MB + 1 }],
    [{ Memory: 64 * MB, MemorySwap: 0 }],
    [{ MemorySwap: -1 }],
    [{ MemorySwap: 0 }],
  ])("accepts %j", (config) => {
    expect(located(HostConfig, config)).toEqual([]);
  });
  it("without Memory", () => {
    expect(located(HostConfig, { MemorySwap: 50 * MB })).toEqual([
      { path: ["MemorySwap"], message: "MemorySwap needs Memory to be set" },
    ]);
  });
  it("smaller than Memory", () => {
    expect(located(HostConfig, { Memory: 64 * MB, MemorySwap: 64 * MB - 1 })).toEqual([
      {
        path: ["MemorySwap"],
        message: `MemorySwap must be -1 (unlimited swap) or at least Memory (${64 * MB} bytes)`,
      },
    ]);
  });
  it("nested in a create body, the path starts at the body", () => {
    expect(located(ContainerCreateBody, { Image: "x", HostConfig: { MemorySwap: 10 * MB } })).toEqual([
      { path: ["HostConfig", "MemorySwap"], message: "MemorySwap needs Memory to be set" },
    ]);
  });
  it("is checked alongside other findings", () => {
    expect(located(HostConfig, { BlkioWeight: 5, MemorySwap: 10 * MB })).toEqual([
      { path: ["BlkioWeight"], message: "BlkioWeight must be between 10 and 1000" },
      { path: ["MemorySwap"], message: "MemorySwap needs Memory to be set" },
    ]);
  });
  it("MemoryReservation is at most Memory", () => {
    expect(located(HostConfig, { Memory: 10 * MB, MemoryReservation: 20 * MB })).toEqual([
      {
        path: ["MemoryReservation"],
        message: `MemoryReservation must not be larger than Memory (${10 * MB} bytes)`,
      },
    ]);
  });
});

describe("RestartPolicy.MaximumRetryCount only with on-failure", () => {
  it.each(["always", "unless-stopped", "no"])("rejects a count with %j (engine 20.10)", (Name) => {
    expect(located(HostConfig, { RestartPolicy: { Name, MaximumRetryCount: 3 } })).toEqual([
      {
        path: ["RestartPolicy", "MaximumRetryCount"],
        message: `RestartPolicy.MaximumRetryCount can only be used with RestartPolicy.Name "on-failure" (maximum retry count cannot be used with restart policy '${Name}')`,
      },
    ]);
  });
  it("accepts a count with an empty Name (the engine ignores it; the manifest check warns)", () => {
    expect(located(HostConfig, { RestartPolicy: { Name: "", MaximumRetryCount: 3 } })).toEqual([]);
  });
  it("rejects a negative count with on-failure", () => {
    expect(located(HostConfig, { RestartPolicy: { Name: "on-failure", MaximumRetryCount: -1 } })).toEqual([
      {
        path: ["RestartPolicy", "MaximumRetryCount"],
        message: "RestartPolicy.MaximumRetryCount cannot be negative",
      },
    ]);
  });
  it("accepts a count with on-failure and 0 with any policy", () => {
    expect(located(HostConfig, { RestartPolicy: { Name: "on-failure", MaximumRetryCount: 3 } })).toEqual([]);
    expect(located(HostConfig, { RestartPolicy: { Name: "always", MaximumRetryCount: 0 } })).toEqual([]);
    expect(located(ContainerUpdateBody, { RestartPolicy: { Name: "always" } })).toEqual([]);
  });
});

describe("Ulimits soft ≤ hard", () => {
  it("rejects soft > hard on Soft", () => {
    expect(located(HostConfig, { Ulimits: [{ Name: "nofile", Soft: 10, Hard: 5 }] })).toEqual([
      { path: ["Ulimits", 0, "Soft"], message: "Ulimits Soft must not be larger than Hard" },
    ]);
  });
});

describe("service Mode: exactly one of Replicated / Global", () => {
  const base = { TaskTemplate: { ContainerSpec: { Image: "busybox" } } };
  it.each([[{ Replicated: { Replicas: 2 } }], [{ Replicated: {} }], [{ Global: {} }]])(
    "accepts %j",
    (Mode) => {
      expect(located(ServiceSpec, { ...base, Mode })).toEqual([]);
    },
  );
  it("rejects both", () => {
    expect(located(ServiceSpec, { ...base, Mode: { Replicated: { Replicas: 1 }, Global: {} } })).toEqual([
      {
        path: ["Mode", "Global"],
        message:
          "Mode must have only one of Replicated, Global, ReplicatedJob, GlobalJob (Replicated and Global given: must specify only one service mode)",
      },
    ]);
  });
  it("accepts neither: the engine 20.10 creates Mode {} as one replica and its task runs", () => {
    expect(located(ServiceSpec, { ...base, Mode: {} })).toEqual([]);
  });
  it("Global takes no Replicas", () => {
    expect(located(ServiceSpec, { ...base, Mode: { Global: { Replicas: 2 } } })).toEqual([
      { path: ["Mode", "Global", "Replicas"], message: 'Unknown field "Replicas"' },
    ]);
  });
});

describe("EndpointSpec: ingress ports only with vip, no duplicate published ports", () => {
  it("rejects ingress ports with dnsrr and accepts host-mode ones", () => {
    expect(located(EndpointSpec, { Mode: "dnsrr", Ports: [{ TargetPort: 80 }] })).toEqual([
      {
        path: ["Ports"],
        message:
          'EndpointSpec.Ports published in ingress mode cannot be used with EndpointSpec.Mode "dnsrr" (port published with ingress mode can\'t be used with dnsrr mode); use PublishMode "host" or Mode "vip"',
      },
    ]);
    expect(
      located(EndpointSpec, {
        Mode: "dnsrr",
        Ports: [{ TargetPort: 80, PublishedPort: 8080, PublishMode: "host" }],
      }),
    ).toEqual([]);
  });
  it("rejects a published port given twice for one protocol", () => {
    const ports = [
      { TargetPort: 80, PublishedPort: 8080 },
      { TargetPort: 81, PublishedPort: 8080, Protocol: "udp" },
      { TargetPort: 82, PublishedPort: 8080, Protocol: "tcp" },
    ];
    expect(located(EndpointSpec, { Ports: ports })).toEqual([
      {
        path: ["Ports", 2, "PublishedPort"],
        message:
          "EndpointSpec.Ports publishes 8080/tcp twice: PublishedPort and Protocol must be unique (duplicate published ports provided)",
      },
    ]);
  });
  it("accepts dnsrr without ports and vip (default) with ports", () => {
    expect(located(EndpointSpec, { Mode: "dnsrr" })).toEqual([]);
    expect(
      located(EndpointSpec, { Ports: [{ Protocol: "udp", TargetPort: 53, PublishedPort: 53 }] }),
    ).toEqual([]);
  });
  it("accepts an unknown protocol, as the engine 20.10 does (it publishes it as tcp; the manifest check warns)", () => {
    expect(located(EndpointSpec, { Ports: [{ Protocol: "icmp", TargetPort: 1 }] })).toEqual([]);
  });
});

describe("service mounts: type-specific options and sources", () => {
  it.each([
    [{ Target: "/d", Source: "/h", Type: "bind", BindOptions: { Propagation: "rshared" } }],
    [{ Target: "/d", Source: "vol", Type: "volume", VolumeOptions: { NoCopy: true } }],
    [{ Target: "/d", Type: "volume" }],
    [{ Target: "/d", Type: "tmpfs", TmpfsOptions: { SizeBytes: 1024, Mode: 0o1777 } }],
    [
      {
        Target: "/d",
        Source: "/h",
        Type: "bind",
        Consistency: "cached",
        BindOptions: { NonRecursive: true },
      },
    ],
    // the engine drops a BindOptions without propagation or NonRecursive; other options are accepted
    // on any type (pnpm explore-manifests, seed 107; each tried on the engine 20.10)
    [{ Target: "/d", Source: "vol", Type: "volume", BindOptions: {} }],
    [{ Target: "/d", Type: "tmpfs", VolumeOptions: { DriverConfig: { Options: { a: "b" } } } }],
    [{ Target: "/d", Source: "/h", Type: "bind", TmpfsOptions: {} }],
  ])("accepts %j", (mount) => {
    expect(located(ServiceMount, mount)).toEqual([]);
  });
  it.each([
    [
      { Target: "/d", Source: "/h", Type: "bind", VolumeOptions: {} },
      ["VolumeOptions"],
      'Mounts VolumeOptions cannot be used with Type "bind" (field VolumeOptions must not be specified; every task is rejected)',
    ],
    [
      { Target: "/d", Source: "vol", Type: "volume", BindOptions: { Propagation: "rprivate" } },
      ["BindOptions"],
      'Mounts BindOptions cannot be used with Type "volume" (field BindOptions must not be specified; every task is rejected)',
    ],
    [
      { Target: "/d", Type: "tmpfs", BindOptions: { NonRecursive: true } },
      ["BindOptions"],
      'Mounts BindOptions cannot be used with Type "tmpfs" (field BindOptions must not be specified; every task is rejected)',
    ],
    [
      { Target: "/d", Source: "rel", Type: "bind" },
      ["Source"],
      "Mounts Source of a bind mount must be an absolute host path",
    ],
    [
      { Target: "/d", Source: "/x", Type: "tmpfs" },
      ["Source"],
      'Mounts Source must be empty for Type "tmpfs" (field Source must not be specified)',
    ],
    // swarmkit reads an omitted Type as bind: every task is rejected (invalid bind mount source)
    [{ Target: "/d" }, ["Source"], "Mounts Source of a bind mount must be an absolute host path"],
    [{ Target: "/d", Type: "npipe" }, ["Type"], 'Mounts Type must be "bind", "volume" or "tmpfs"'],
    [
      { Target: "d", Type: "volume" },
      ["Target"],
      'Mounts Target must be an absolute path (starting with "/")',
    ],
    [
      { Target: "/d", Source: "/h", Type: "bind", BindOptions: { Propagation: "slavish" } },
      ["BindOptions", "Propagation"],
      "BindOptions.Propagation must be [r]private, [r]shared or [r]slave",
    ],
  ])("rejects %j", (mount, path, message) => {
    expect(located(ServiceMount, mount)).toEqual([{ path, message }]);
  });
});

describe("other cross-field rules", () => {
  it("Raft.ElectionTick must exceed HeartbeatTick", () => {
    expect(located(RaftConfig, { HeartbeatTick: 3, ElectionTick: 3 })).toEqual([
      { path: ["ElectionTick"], message: "Raft.ElectionTick must be greater than Raft.HeartbeatTick" },
    ]);
    expect(located(RaftConfig, { HeartbeatTick: 1, ElectionTick: 3 })).toEqual([]);
  });
  it("ImageCreateQuery: exactly one of fromImage and fromSrc", () => {
    expect(located(ImageCreateQuery, { fromImage: "busybox", tag: "latest" })).toEqual([]);
    expect(located(ImageCreateQuery, { fromImage: "a", fromSrc: "-" })).toEqual([
      { path: ["fromSrc"], message: "fromImage (pull) and fromSrc (import) cannot be used together" },
    ]);
    expect(located(ImageCreateQuery, {})).toEqual([
      { path: [], message: "one of fromImage (pull) or fromSrc (import) is required" },
    ]);
  });
  it("BuildQuery: memswap at least memory", () => {
    expect(located(BuildQuery, { memory: 100, memswap: 50 })).toEqual([
      { path: ["memswap"], message: "memswap must be -1 or at least memory (100 bytes)" },
    ]);
    expect(located(BuildQuery, { memory: 100, memswap: -1 })).toEqual([]);
  });
});

describe("realistic full bodies", () => {
  it("the documentation-style container create body is valid", () => {
    expect(located(ContainerCreateBody, containerCreateExample)).toEqual([]);
  });
  it("the replicated service spec is valid", () => {
    expect(located(ServiceSpec, serviceSpecExample)).toEqual([]);
  });
  it("the document's alternative spellings are reported where they are written", () => {
    const withResources = withValue(serviceSpecExample, ["TaskTemplate", "Resources"], {
      Limits: { CPU: 1 },
      Reservation: {},
    });
    const spec = withValue(withResources, ["TaskTemplate", "RestartPolicy"], {
      Condition: "any",
      Attempts: 3,
    });
    expect(located(ServiceSpec, spec)).toEqual([
      { path: ["TaskTemplate", "Resources", "Limits", "CPU"], message: 'Unknown field "CPU"' },
      {
        path: ["TaskTemplate", "Resources", "Reservation"],
        message: 'Unknown field "Reservation" (did you mean "Reservations"?)',
      },
      {
        path: ["TaskTemplate", "RestartPolicy", "Attempts"],
        message: 'Unknown field "Attempts" (did you mean "MaxAttempts"?)',
      },
    ]);
  });
});

describe("ContainerCreateBody.Image", () => {
  it("is required and not empty", () => {
    expect(located(ContainerCreateBody, {})).toEqual([{ path: ["Image"], message: "Image is required" }]);
    expect(located(ContainerCreateBody, { Image: "" })).toEqual([
      { path: ["Image"], message: "Image must not be empty" },
    ]);
  });
});
