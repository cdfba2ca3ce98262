import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as schemas from "../../src/engine/schemas/index.js";
import { fieldDocOf } from "../../src/meta.js";
import { containerCreateExample, serviceSpecExample } from "./fixtures.js";
import { issuesOf, withValue } from "./issues.js";

/** Every request-side schema with a minimal valid value: unknown keys must be reported at their own path. */
const requestSchemas: Record<string, [z.ZodType, Record<string, unknown>]> = {
  ContainerCreateBody: [schemas.ContainerCreateBody, { Image: "busybox" }],
  HostConfig: [schemas.HostConfig, {}],
  Healthcheck: [schemas.Healthcheck, {}],
  RestartPolicy: [schemas.RestartPolicy, {}],
  LogConfig: [schemas.LogConfig, {}],
  PortBinding: [schemas.PortBinding, {}],
  NetworkingConfig: [schemas.NetworkingConfig, {}],
  ContainerUpdateBody: [schemas.ContainerUpdateBody, {}],
  CommitBody: [schemas.CommitBody, {}],
  ExecCreateBody: [schemas.ExecCreateBody, { Cmd: ["true"] }],
  ExecStartBody: [schemas.ExecStartBody, {}],
  VolumeCreateBody: [schemas.VolumeCreateBody, {}],
  NetworkCreateBody: [schemas.NetworkCreateBody, { Name: "net" }],
  NetworkConnectBody: [schemas.NetworkConnectBody, { Container: "web" }],
  NetworkDisconnectBody: [schemas.NetworkDisconnectBody, { Container: "web" }],
  NodeSpec: [schemas.NodeSpec, { Role: "worker", Availability: "active" }],
  SwarmSpec: [schemas.SwarmSpec, {}],
  SwarmInitBody: [schemas.SwarmInitBody, { ListenAddr: "0.0.0.0:2377" }],
  SwarmJoinBody: [schemas.SwarmJoinBody, { RemoteAddrs: ["10.0.0.1:2377"], JoinToken: "<JOIN_TOKEN>" }],
  SwarmUpdateBody: [schemas.SwarmUpdateBody, {}],
  ServiceSpec: [schemas.ServiceSpec, { TaskTemplate: { ContainerSpec: { Image: "busybox" } } }],
  AuthConfig: [schemas.AuthConfig, { username: "u" }],
  ContainerListQuery: [schemas.ContainerListQuery, { all: true, filters: { status: ["running"] } }],
  ContainerCreateQuery: [schemas.ContainerCreateQuery, { name: "web" }],
  ContainerInspectQuery: [schemas.ContainerInspectQuery, {}],
  ContainerTopQuery: [schemas.ContainerTopQuery, {}],
  ContainerLogsQuery: [schemas.ContainerLogsQuery, { tail: "10" }],
  ContainerStatsQuery: [schemas.ContainerStatsQuery, {}],
  ContainerResizeQuery: [schemas.ContainerResizeQuery, { h: 24, w: 80 }],
  ContainerStartQuery: [schemas.ContainerStartQuery, {}],
  ContainerStopQuery: [schemas.ContainerStopQuery, { t: 10 }],
  ContainerRestartQuery: [schemas.ContainerRestartQuery, {}],
  ContainerKillQuery: [schemas.ContainerKillQuery, {}],
  ContainerRenameQuery: [schemas.ContainerRenameQuery, { name: "web2" }],
  ContainerAttachQuery: [schemas.ContainerAttachQuery, { stream: true }],
  ContainerAttachWebsocketQuery: [schemas.ContainerAttachWebsocketQuery, {}],
  ContainerDeleteQuery: [schemas.ContainerDeleteQuery, {}],
  ContainerArchiveQuery: [schemas.ContainerArchiveQuery, { path: "/etc" }],
  ContainerArchivePutQuery: [schemas.ContainerArchivePutQuery, { path: "/tmp" }],
  ExecResizeQuery: [schemas.ExecResizeQuery, { h: 24, w: 80 }],
  ImageListQuery: [schemas.ImageListQuery, {}],
  BuildQuery: [
    schemas.BuildQuery,
    { t: ["app:1"], dockerfile: "Enginefile", buildargs: { A: "1", B: null } },
  ],
  ImageCreateQuery: [schemas.ImageCreateQuery, { fromImage: "busybox" }],
  ImagePushQuery: [schemas.ImagePushQuery, {}],
  ImageTagQuery: [schemas.ImageTagQuery, { repo: "registry:5000/app" }],
  ImageDeleteQuery: [schemas.ImageDeleteQuery, {}],
  ImageSearchQuery: [schemas.ImageSearchQuery, { term: "redis" }],
  ImagesGetQuery: [schemas.ImagesGetQuery, { names: ["busybox"] }],
  ImageLoadQuery: [schemas.ImageLoadQuery, {}],
  CommitQuery: [schemas.CommitQuery, { container: "web" }],
  EventsQuery: [schemas.EventsQuery, { filters: { type: ["container"] } }],
  VolumeListQuery: [schemas.VolumeListQuery, {}],
  NetworkListQuery: [schemas.NetworkListQuery, {}],
  PluginPullQuery: [schemas.PluginPullQuery, { name: "vieux/sshfs" }],
  NodeListQuery: [schemas.NodeListQuery, {}],
  NodeDeleteQuery: [schemas.NodeDeleteQuery, {}],
  NodeUpdateQuery: [schemas.NodeUpdateQuery, { version: 3 }],
  SwarmLeaveQuery: [schemas.SwarmLeaveQuery, {}],
  SwarmUpdateQuery: [schemas.SwarmUpdateQuery, { version: 3 }],
  ServiceListQuery: [schemas.ServiceListQuery, {}],
  ServiceUpdateQuery: [schemas.ServiceUpdateQuery, { version: 3 }],
  TaskListQuery: [schemas.TaskListQuery, { filters: { "desired-state": ["running"] } }],
};

describe.each(Object.entries(requestSchemas))("request schema %s", (_name, [schema, valid]) => {
  it("accepts its minimal valid value", () => {
    expect(issuesOf(schema, valid)).toEqual([]);
  });
  it("reports an unknown key at the key's path", () => {
    const issues = issuesOf(schema, { ...valid, Typo_Field: 1 });
    expect(issues).toEqual([
      { path: ["Typo_Field"], message: 'Unknown field "Typo_Field"', code: "unrecognized_keys" },
    ]);
  });
});

describe("unknown keys deep inside request bodies", () => {
  it("are reported at their full path with a suggestion", () => {
    const edits: [(string | number)[], unknown][] = [
      [["HostConfig", "RestartPolicy", "MaximumRetryCnt"], 1],
      [["NetworkingConfig", "EndpointsConfig", "isolated_nw", "IPAMConfig", "IPv4Addr"], "10.0.0.2"],
      [["Healthcheck", "interval"], 1],
      // swapped neighbours are one edit: two edits away, where Levenshtein counts three
      [["HostConfig", "BlkioWieghtx"], 10],
    ];
    const body = edits.reduce<unknown>(
      (value, [path, field]) => withValue(value, path, field),
      containerCreateExample,
    );
    expect(
      issuesOf(schemas.ContainerCreateBody, body).map(({ path, message }) => ({ path, message })),
    ).toEqual([
      { path: ["Healthcheck", "interval"], message: 'Unknown field "interval" (did you mean "Interval"?)' },
      {
        path: ["HostConfig", "RestartPolicy", "MaximumRetryCnt"],
        message: 'Unknown field "MaximumRetryCnt" (did you mean "MaximumRetryCount"?)',
      },
      {
        path: ["HostConfig", "BlkioWieghtx"],
        message: 'Unknown field "BlkioWieghtx" (did you mean "BlkioWeight"?)',
      },
      {
        path: ["NetworkingConfig", "EndpointsConfig", "isolated_nw", "IPAMConfig", "IPv4Addr"],
        message: 'Unknown field "IPv4Addr" (did you mean "IPv4Address"?)',
      },
    ]);
  });
  it("several unknown keys in one object give one issue each", () => {
    const withTty = withValue(serviceSpecExample, ["TaskTemplate", "ContainerSpec", "Tty"], true);
    const spec = withValue(withTty, ["TaskTemplate", "ContainerSpec", "HostName"], "x");
    expect(issuesOf(schemas.ServiceSpec, spec).map((issue) => issue.path)).toEqual([
      ["TaskTemplate", "ContainerSpec", "Tty"],
      ["TaskTemplate", "ContainerSpec", "HostName"],
    ]);
  });
});

/** Every response-side schema with a minimal value: extra (newer-engine) fields are kept. */
const responseSchemas: Record<string, [z.ZodType, Record<string, unknown>]> = {
  ContainerCreateResponse: [schemas.ContainerCreateResponse, { Id: "abc" }],
  ContainerSummary: [schemas.ContainerSummary, { Id: "abc" }],
  ContainerInspect: [
    schemas.ContainerInspect,
    { Id: "abc", HostConfig: { NanoCpus: 1 }, Config: { ArgsEscaped: true } },
  ],
  ContainerState: [schemas.ContainerState, { Status: "removing" }],
  ContainerWaitResponse: [schemas.ContainerWaitResponse, { StatusCode: 0 }],
  ContainerTopResponse: [schemas.ContainerTopResponse, { Titles: [], Processes: null }],
  ContainerChange: [schemas.ContainerChange, { Path: "/a", Kind: 1 }],
  ContainerStats: [schemas.ContainerStats, {}],
  ContainerUpdateResponse: [schemas.ContainerUpdateResponse, {}],
  ContainerPathStat: [
    schemas.ContainerPathStat,
    { name: "a", size: 1, mode: 420, mtime: "2020-01-01T00:00:00Z", linkTarget: "" },
  ],
  ImageSummary: [schemas.ImageSummary, { Id: "sha256:1", RepoDigests: null }],
  ImageInspect: [schemas.ImageInspect, { Id: "sha256:1" }],
  ImageHistoryItem: [schemas.ImageHistoryItem, { Id: "<missing>", Tags: null }],
  ImageSearchResult: [schemas.ImageSearchResult, { name: "redis" }],
  ImageDeleteItem: [schemas.ImageDeleteItem, { Untagged: "busybox:latest" }],
  Volume: [schemas.Volume, { Name: "v" }],
  VolumeListResponse: [schemas.VolumeListResponse, { Volumes: null, Warnings: null }],
  Network: [schemas.Network, { Name: "bridge" }],
  NetworkCreateResponse: [schemas.NetworkCreateResponse, { Id: "n" }],
  Plugin: [schemas.Plugin, { Name: "p" }],
  ExecCreateResponse: [schemas.ExecCreateResponse, { Id: "e" }],
  ExecInspect: [schemas.ExecInspect, { ID: "e", ExitCode: null }],
  Node: [schemas.Node, { ID: "n", Spec: { Role: "leader-ish", Availability: "active" } }],
  Swarm: [schemas.Swarm, { ID: "s", Spec: { Raft: { ElectionTick: 1, HeartbeatTick: 5 } } }],
  Service: [
    schemas.Service,
    {
      ID: "s",
      Spec: { TaskTemplate: { ContainerSpec: { Image: "busybox@sha256:1", Isolation: "default" } } },
    },
  ],
  ServiceCreateResponse: [schemas.ServiceCreateResponse, { ID: "s" }],
  Task: [schemas.Task, { ID: "t", Status: { State: "running" } }],
  SystemInfo: [schemas.SystemInfo, {}],
  SystemVersion: [schemas.SystemVersion, { ApiVersion: "1.41" }],
  AuthResponse: [schemas.AuthResponse, { Status: "Login Succeeded" }],
  EngineEvent: [schemas.EngineEvent, { Type: "plugin", Action: "enable" }],
  ErrorBody: [schemas.ErrorBody, { message: "no such container" }],
  JsonMessage: [schemas.JsonMessage, { aux: { ID: "sha256:1" } }],
};

describe.each(Object.entries(responseSchemas))("response schema %s", (_name, [schema, value]) => {
  it("accepts and keeps an extra field from a newer engine", () => {
    const result = schema.safeParse({ ...value, FieldFromTheFuture: { nested: [1, 2] } });
    expect(result.success ? [] : result.error.issues).toEqual([]);
    expect((result.data as Record<string, unknown>).FieldFromTheFuture).toEqual({ nested: [1, 2] });
  });
});

describe("response views derived from request schemas (asResponse)", () => {
  it("do not apply request limits, enums or strictness", () => {
    const inspect = schemas.ContainerInspect.parse({
      Id: "x",
      HostConfig: {
        BlkioWeight: 1,
        MemorySwappiness: null,
        PidsLimit: null,
        LogConfig: { Type: "new-driver", Extra: 1 },
        Binds: null,
      },
      Config: { Healthcheck: { Test: ["CMD", "true"], Interval: 5 }, Env: null, Cmd: null },
    });
    expect(inspect.HostConfig?.LogConfig?.Type).toBe("new-driver");
    expect(inspect.Config?.Healthcheck?.Interval).toBe(5);
  });
  it("keep the request schema's documentation", () => {
    const doc = fieldDocOf(schemas.HostConfigInspect.shape.BlkioWeight);
    expect(doc?.bounds).toBe("10–1000 (0 leaves it unset)");
  });
});
