import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { afterAll, describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../../vitest.shared.js";
import { ContainerCreateBody, ContainerCreateQuery } from "../../src/engine/schemas/index.js";
import { EngineHttp } from "./engine-http.js";
import { issuesOf } from "./issues.js";

/**
 * The request schemas agree with the real engine (Debian docker.io 20.10): every body the schema accepts
 * is created (201), every body it rejects for an engine-checked rule is refused (4xx/5xx). Rules the
 * engine does not check at create time (Healthcheck.Test kind, Ulimit names, BlkioWeight on kernels
 * without blkio weight) are not in this table, nor an unknown log driver (the engine spends 15 s looking
 * for a log plugin of that name before it refuses).
 */
const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

const MB = 1024 * 1024;
type Case = [label: string, fields: Record<string, unknown>, query?: { name: string }];

const accepted: Case[] = [
  [
    "MemorySwappiness -1 (engine default, outside the document's 0–100)",
    { HostConfig: { MemorySwappiness: -1 } },
  ],
  ["MemorySwap equal to Memory", { HostConfig: { Memory: 16 * MB, MemorySwap: 16 * MB } }],
  ["Memory at the 6 MB minimum", { HostConfig: { Memory: 6 * MB } }],
  ["a name with a dot", {}, { name: `ek.agree-${process.pid}` }],
  [
    "Binds with options ro,z and a named volume",
    { HostConfig: { Binds: ["/tmp:/data:ro,z", `ek-agree-${process.pid}:/vol`] } },
  ],
  [
    "a bare port key and sctp",
    { HostConfig: { PortBindings: { "81": [{ HostPort: "" }], "82/sctp": [{ HostPort: "" }] } } },
  ],
  ["StopSignal given as a number string", { StopSignal: "9" }],
  [
    "Healthcheck at the 1 ms bound",
    { Healthcheck: { Test: ["CMD", "true"], Interval: 1_000_000, Timeout: 1_000_000 } },
  ],
  ["CpuPeriod and CpuQuota at their bounds", { HostConfig: { CpuPeriod: 1000, CpuQuota: 1000 } }],
  [
    "RestartPolicy on-failure with a count",
    { HostConfig: { RestartPolicy: { Name: "on-failure", MaximumRetryCount: 2 } } },
  ],
  ["LogConfig local (engine built-in)", { HostConfig: { LogConfig: { Type: "local" } } }],
];

const rejected: Case[] = [
  ["MemorySwappiness 101", { HostConfig: { MemorySwappiness: 101 } }],
  ["MemorySwappiness -2", { HostConfig: { MemorySwappiness: -2 } }],
  ["ShmSize -1", { HostConfig: { ShmSize: -1 } }],
  ["Memory below 6 MB", { HostConfig: { Memory: 6 * MB - 1 } }],
  ["KernelMemory below 6 MB", { HostConfig: { KernelMemory: 3 * MB } }],
  ["MemorySwap without Memory", { HostConfig: { MemorySwap: 50 * MB } }],
  ["MemorySwap below Memory", { HostConfig: { Memory: 16 * MB, MemorySwap: 8 * MB } }],
  ["MemoryReservation above Memory", { HostConfig: { Memory: 16 * MB, MemoryReservation: 32 * MB } }],
  ["CpuPeriod 999", { HostConfig: { CpuPeriod: 999 } }],
  ["CpuPeriod 1000001", { HostConfig: { CpuPeriod: 1_000_001 } }],
  ["CpuQuota 999", { HostConfig: { CpuQuota: 999 } }],
  ["OomScoreAdj 1001", { HostConfig: { OomScoreAdj: 1001 } }],
  [
    "RestartPolicy always with a count",
    { HostConfig: { RestartPolicy: { Name: "always", MaximumRetryCount: 3 } } },
  ],
  ["RestartPolicy unknown name", { HostConfig: { RestartPolicy: { Name: "sometimes" } } }],
  [
    "RestartPolicy negative count",
    { HostConfig: { RestartPolicy: { Name: "on-failure", MaximumRetryCount: -1 } } },
  ],
  ["Healthcheck Interval 500 ns", { Healthcheck: { Interval: 500 } }],
  ["Healthcheck Timeout 999999 ns", { Healthcheck: { Timeout: 999_999 } }],
  ["Healthcheck Retries -1", { Healthcheck: { Retries: -1 } }],
  ["name of one character", {}, { name: "a" }],
  ["name starting with a dot", {}, { name: ".ab" }],
  ["name starting with a dash", {}, { name: "-ab" }],
  ["CapAdd unknown capability", { HostConfig: { CapAdd: ["BOGUS"] } }],
  ["Tmpfs relative path", { HostConfig: { Tmpfs: { rel: "" } } }],
  ["StopSignal unknown", { StopSignal: "SIGFOO" }],
  ["StopSignal as a JSON number", { StopSignal: 9 }],
  ["ExtraHosts without IP", { HostConfig: { ExtraHosts: ["nohost"] } }],
  ["Links with two colons", { HostConfig: { Links: ["a:b:c"] } }],
  ["VolumesFrom with a bad mode", { HostConfig: { VolumesFrom: ["abc:xx"] } }],
  ["Binds with a relative destination", { HostConfig: { Binds: ["/tmp:data"] } }],
  ["Binds with an unknown option", { HostConfig: { Binds: ["/tmp:/data:bogus"] } }],
  ["NetworkMode container: without a name", { HostConfig: { NetworkMode: "container:" } }],
  ["HostPort as a number", { HostConfig: { PortBindings: { "80/tcp": [{ HostPort: 8080 }] } } }],
  ["CpusetCpus malformed", { HostConfig: { CpusetCpus: "0-1,x" } }],
  ["Image with upper-case letters", { Image: "Enginekit/BusyBox" }],
];

describe(
  "request schemas agree with the real engine on container create",
  skipIf(!host, NEEDS_ENGINE),
  () => {
    const engine = new EngineHttp(host ?? "unix:///nonexistent");
    const created: string[] = [];

    afterAll(async () => {
      for (const id of created) await engine.send("DELETE", `/containers/${id}?force=1&v=1`);
      await engine.send("DELETE", `/volumes/ek-agree-${process.pid}`);
      await engine.close();
    });

    const create = async (fields: Record<string, unknown>, query?: { name: string }) => {
      const body = { Image: BUSYBOX_IMAGE, Cmd: ["true"], ...fields };
      const path = `/containers/create${query ? `?name=${encodeURIComponent(query.name)}` : ""}`;
      const response = await engine.send("POST", path, body);
      if (response.status === 201) created.push((JSON.parse(response.text) as { Id: string }).Id);
      return { body, response };
    };

    it.each(accepted)("both accept: %s", async (_label, fields, query) => {
      const { body, response } = await create(fields, query);
      expect(issuesOf(ContainerCreateBody, body)).toEqual([]);
      if (query) expect(issuesOf(ContainerCreateQuery, query)).toEqual([]);
      expect(response.status, response.text).toBe(201);
    });

    it.each(rejected)("both reject: %s", async (_label, fields, query) => {
      const { body, response } = await create(fields, query);
      const schemaIssues = [
        ...issuesOf(ContainerCreateBody, body),
        ...(query ? issuesOf(ContainerCreateQuery, query) : []),
      ];
      expect(schemaIssues.length).toBeGreaterThan(0);
      expect(response.status, response.text).toBeGreaterThanOrEqual(400);
    });
  },
);
