import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { NEEDS_ENGINE, skipIf } from "../../../../vitest.shared.js";
import {
  BuildQuery,
  ContainerChange,
  ContainerCreateBody,
  ContainerCreateResponse,
  ContainerInspect,
  ContainerPathStat,
  ContainerStats,
  ContainerSummary,
  ContainerTopResponse,
  ContainerWaitResponse,
  EngineEvent,
  ErrorBody,
  ExecCreateBody,
  ExecCreateResponse,
  ExecInspect,
  ImageHistoryItem,
  ImageInspect,
  ImageSummary,
  JsonMessage,
  Network,
  NetworkCreateBody,
  NetworkCreateResponse,
  SystemInfo,
  SystemVersion,
  Volume,
  VolumeCreateBody,
  VolumeListResponse,
} from "../../src/engine/schemas/index.js";
import { EngineHttp, parseJsonLines } from "./engine-http.js";
import { expectParses } from "./issues.js";
import { tarOf } from "./tar.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

const suffix = `${process.pid}-${Date.now().toString(36)}`;
const names = {
  container: `ek-schemas-${suffix}`,
  volume: `ek-schemas-${suffix}`,
  network: `ek-schemas-${suffix}`,
};

describe("response schemas parse the real engine's responses", skipIf(!host, NEEDS_ENGINE), () => {
  const engine = new EngineHttp(host ?? "unix:///nonexistent");
  let containerId = "";

  beforeAll(async () => {
    const body = expectParses(ContainerCreateBody, {
      Image: BUSYBOX_IMAGE,
      Cmd: ["sleep", "30"],
      Env: ["A=1"],
      Labels: { "com.example.test": "schemas" },
      Healthcheck: { Test: ["CMD", "true"], Interval: 1_000_000_000, Retries: 3 },
      ExposedPorts: { "80/tcp": {} },
      HostConfig: {
        Binds: [`${names.volume}:/data`],
        PortBindings: { "80/tcp": [{ HostPort: "" }] },
        RestartPolicy: { Name: "on-failure", MaximumRetryCount: 2 },
        Memory: 64 * 1024 * 1024,
        MemorySwap: -1,
        ShmSize: 16 * 1024 * 1024,
      },
    });
    const created = expectParses(
      ContainerCreateResponse,
      await engine.json("POST", `/containers/create?name=${names.container}`, 201, body),
    );
    containerId = created.Id;
    const start = await engine.send("POST", `/containers/${containerId}/start`);
    expect(start.status).toBe(204);
  });

  afterAll(async () => {
    await engine.send("DELETE", `/containers/${containerId}?force=1&v=1`);
    await engine.send("DELETE", `/volumes/${names.volume}`);
    await engine.send("DELETE", `/networks/${names.network}`);
    await engine.close();
  });

  it("GET /version and /info", async () => {
    const version = expectParses(SystemVersion, await engine.json("GET", "/version", 200));
    expect(version.ApiVersion).toMatch(/^1\.\d+$/);
    const info = expectParses(SystemInfo, await engine.json("GET", "/info", 200));
    expect(info.ContainersRunning).toBeGreaterThanOrEqual(1);
  });

  it("containers: list, inspect, top, changes, stats", async () => {
    const list = expectParses(
      ContainerSummary.array(),
      await engine.json("GET", "/containers/json?all=1&size=1", 200),
    );
    const item = list.find((c) => c.Id === containerId);
    expect(item?.Names).toContain(`/${names.container}`);
    const inspect = expectParses(
      ContainerInspect,
      await engine.json("GET", `/containers/${containerId}/json?size=1`, 200),
    );
    expect(inspect.State?.Running).toBe(true);
    expect(inspect.HostConfig?.RestartPolicy?.Name).toBe("on-failure");
    expect(inspect.Config?.Healthcheck?.Interval).toBe(1_000_000_000);
    const top = expectParses(
      ContainerTopResponse,
      await engine.json("GET", `/containers/${containerId}/top`, 200),
    );
    expect(top.Titles).toContain("PID");
    expectParses(
      ContainerChange.array().nullable(),
      await engine.json("GET", `/containers/${containerId}/changes`, 200),
    );
    const stats = expectParses(
      ContainerStats,
      await engine.json("GET", `/containers/${containerId}/stats?stream=false`, 200),
    );
    expect(typeof stats.read).toBe("string");
  });

  it("archive stat header decodes to ContainerPathStat", async () => {
    const response = await engine.send("HEAD", `/containers/${containerId}/archive?path=/etc/hostname`);
    expect(response.status).toBe(200);
    const header =
      response.headers["x-docker-container-path-stat"] ?? response.headers["x-engine-container-path-stat"];
    const stat = expectParses(
      ContainerPathStat,
      JSON.parse(Buffer.from(String(header), "base64").toString("utf8")),
    );
    expect(stat.name).toBe("hostname");
  });

  it("exec: create, start detached, inspect", async () => {
    const body = expectParses(ExecCreateBody, { Cmd: ["true"], AttachStdout: false });
    const created = expectParses(
      ExecCreateResponse,
      await engine.json("POST", `/containers/${containerId}/exec`, 201, body),
    );
    const before = expectParses(ExecInspect, await engine.json("GET", `/exec/${created.Id}/json`, 200));
    expect(before.ExitCode).toBeNull();
    const start = await engine.send("POST", `/exec/${created.Id}/start`, { Detach: true, Tty: false });
    expect(start.status).toBe(200);
  });

  it("images: list, inspect, history", async () => {
    const list = expectParses(ImageSummary.array(), await engine.json("GET", "/images/json?digests=1", 200));
    expect(list.some((image) => image.RepoTags?.includes(BUSYBOX_IMAGE))).toBe(true);
    const inspect = expectParses(
      ImageInspect,
      await engine.json("GET", `/images/${BUSYBOX_IMAGE}/json`, 200),
    );
    expect(inspect.RootFS?.Layers?.length).toBeGreaterThan(0);
    expectParses(ImageHistoryItem.array(), await engine.json("GET", `/images/${BUSYBOX_IMAGE}/history`, 200));
  });

  it("volumes: create, inspect, list", async () => {
    const body = expectParses(VolumeCreateBody, { Name: `${names.volume}-2`, Labels: { a: "b" } });
    try {
      expectParses(Volume, await engine.json("POST", "/volumes/create", 201, body));
      expectParses(Volume, await engine.json("GET", `/volumes/${names.volume}`, 200));
      const list = expectParses(VolumeListResponse, await engine.json("GET", "/volumes", 200));
      expect(list.Volumes?.some((v) => v.Name === names.volume)).toBe(true);
    } finally {
      await engine.send("DELETE", `/volumes/${names.volume}-2`);
    }
  });

  it("networks: create, inspect, list", async () => {
    const body = expectParses(NetworkCreateBody, {
      Name: names.network,
      Driver: "bridge",
      IPAM: { Config: [{ Subnet: "10.251.0.0/24" }] },
      Labels: { a: "b" },
    });
    const created = expectParses(
      NetworkCreateResponse,
      await engine.json("POST", "/networks/create", 201, body),
    );
    const inspect = expectParses(Network, await engine.json("GET", `/networks/${created.Id}`, 200));
    expect(inspect.IPAM?.Config?.[0]?.Subnet).toBe("10.251.0.0/24");
    expectParses(Network.array(), await engine.json("GET", "/networks", 200));
  });

  it("events: a bounded window of past events", async () => {
    const now = Math.floor(Date.now() / 1000);
    const response = await engine.send("GET", `/events?since=${now - 600}&until=${now + 1}`);
    expect(response.status).toBe(200);
    const events = parseJsonLines(response.text).map((event) => expectParses(EngineEvent, event));
    expect(events.some((event) => event.Actor?.ID === containerId && event.Action === "start")).toBe(true);
  });

  it("build: the JSON-message stream of a successful and a failing build", async () => {
    const tag = `enginekit/schemas-build:${suffix}`;
    const query = expectParses(BuildQuery, {
      dockerfile: "Enginefile",
      t: [tag],
      forcerm: true,
      labels: { a: "b" },
    });
    const search = new URLSearchParams({
      dockerfile: query.dockerfile ?? "",
      t: tag,
      forcerm: query.forcerm ? "1" : "0",
      labels: JSON.stringify(query.labels),
    });
    const build = (enginefile: string) =>
      engine.send("POST", `/build?${search}`, tarOf({ Enginefile: enginefile }), {
        "content-type": "application/x-tar",
      });
    try {
      const ok = await build(`FROM ${BUSYBOX_IMAGE}\nRUN echo built > /built\n`);
      expect(ok.status).toBe(200);
      const messages = parseJsonLines(ok.text).map((message) => expectParses(JsonMessage, message));
      expect(messages.some((message) => /Successfully tagged/.test(message.stream ?? ""))).toBe(true);
      const failed = await build(`FROM ${BUSYBOX_IMAGE}\nRUN exit 3\n`);
      expect(failed.status).toBe(200);
      const last = expectParses(JsonMessage, parseJsonLines(failed.text).at(-1));
      expect(last.error).toMatch(/returned a non-zero code: 3/);
      expect(last.errorDetail?.code).toBe(3);
    } finally {
      await engine.send("DELETE", `/images/${tag}?force=1`);
    }
  });

  it("errors: a 404 body is an ErrorBody", async () => {
    const response = await engine.send("GET", "/containers/ek-schemas-does-not-exist/json");
    expect(response.status).toBe(404);
    expect(expectParses(ErrorBody, JSON.parse(response.text)).message).toMatch(/No such container/);
  });

  it("wait: stopping the container gives a ContainerWaitResponse", async () => {
    const kill = await engine.send("POST", `/containers/${containerId}/kill?signal=SIGKILL`);
    expect(kill.status).toBe(204);
    const waited = expectParses(
      ContainerWaitResponse,
      await engine.json("POST", `/containers/${containerId}/wait`, 200),
    );
    expect(waited.StatusCode).toBe(137);
  });
});
