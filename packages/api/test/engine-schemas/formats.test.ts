import { describe, expect, it } from "vitest";
import {
  ContainerCreateBody,
  ContainerKillQuery,
  ContainerLogsQuery,
  ContainerStartQuery,
  EventsQuery,
  HostConfig,
  isDetachKeys,
  isSignal,
} from "../../src/engine/schemas/index.js";
import { located } from "./issues.js";

describe("Binds (engine §2.2; engine 20.10 Linux mount parser)", () => {
  it.each([
    "/tmp:/tmp",
    "/tmp:/data:ro",
    "/tmp:/data:ro,z",
    "/tmp:/data:rw,Z,rshared",
    "data:/data",
    "my-vol.1:/data:nocopy",
    "/anonymous",
  ])("accepts %s", (bind) => {
    expect(located(HostConfig, { Binds: [bind] })).toEqual([]);
  });
  it.each([
    ["/tmp:data", 'Binds entry "/tmp:data": container destination "data" must be an absolute path'],
    ["/tmp:/", 'Binds entry "/tmp:/": container destination cannot be "/"'],
    [
      "/tmp:/data:bogus",
      'Binds entry "/tmp:/data:bogus": options "bogus" must be comma-separated, at most one of each: rw|ro, z|Z, nocopy, [r]private|[r]shared|[r]slave, consistent|cached|delegated',
    ],
    [
      "/tmp:/data:ro,rw",
      'Binds entry "/tmp:/data:ro,rw": options "ro,rw" must be comma-separated, at most one of each: rw|ro, z|Z, nocopy, [r]private|[r]shared|[r]slave, consistent|cached|delegated',
    ],
    ["/data:ro", 'Binds entry "/data:ro" has options but no container destination'],
    [
      "a:/data",
      'Binds entry "a:/data": source "a" must be an absolute host path or a volume name matching [a-zA-Z0-9][a-zA-Z0-9_.-]+',
    ],
    [
      "/a:/b:ro:x",
      'Binds entry "/a:/b:ro:x" must be host-src:container-dest[:options] or volume-name:container-dest[:options]',
    ],
    [
      ":/data",
      'Binds entry ":/data" must be host-src:container-dest[:options] or volume-name:container-dest[:options]',
    ],
    ["relative", 'Binds entry "relative": container destination "relative" must be an absolute path'],
  ])("rejects %s", (bind, message) => {
    expect(located(HostConfig, { Binds: ["/ok:/ok", bind] })).toEqual([{ path: ["Binds", 1], message }]);
  });
});

describe("NetworkMode and PidMode (engine §2.2)", () => {
  it.each(["bridge", "host", "none", "default", "container:web", "container:0123abcd", "my-network", ""])(
    "NetworkMode accepts %j",
    (mode) => {
      expect(located(HostConfig, { NetworkMode: mode })).toEqual([]);
    },
  );
  it.each(["container:", "host:x"])("NetworkMode rejects %j", (mode) => {
    expect(located(HostConfig, { NetworkMode: mode })).toEqual([
      {
        path: ["NetworkMode"],
        message: "NetworkMode must be bridge, host, none, container:<name|id> or a network name",
      },
    ]);
  });
  it.each(["", "host", "container:web"])("PidMode accepts %j", (mode) => {
    expect(located(HostConfig, { PidMode: mode })).toEqual([]);
  });
  // the engine 20.10 stores any other value and runs the container with a private PID namespace
  // (pnpm explore-manifests, seed 20261128): a warning of the manifest check, not a schema error
  it.each(["bogus", " "])("PidMode accepts %j", (mode) => {
    expect(located(HostConfig, { PidMode: mode })).toEqual([]);
  });
});

describe("RestartPolicy (engine §2.2, §3.1)", () => {
  it.each(["", "no", "always", "unless-stopped", "on-failure"])("Name accepts %j", (Name) => {
    expect(located(HostConfig, { RestartPolicy: { Name } })).toEqual([]);
  });
  it("Name rejects other values", () => {
    expect(located(HostConfig, { RestartPolicy: { Name: "sometimes" } })).toEqual([
      {
        path: ["RestartPolicy", "Name"],
        message: 'RestartPolicy.Name must be one of "", "no", "always", "unless-stopped", "on-failure"',
      },
    ]);
  });
});

describe("LogConfig.Type (engine §2.2)", () => {
  it.each([
    "json-file",
    "syslog",
    "journald",
    "gelf",
    "fluentd",
    "awslogs",
    "splunk",
    "none",
    "local",
    "",
    "grafana/loki-docker-driver:latest",
  ])("accepts %j", (Type) => {
    expect(located(HostConfig, { LogConfig: { Type, Config: { mode: "non-blocking" } } })).toEqual(
      Type === "gelf" || Type === "awslogs" || Type === "splunk"
        ? expect.arrayContaining([expect.objectContaining({ path: ["LogConfig", "Type"] })])
        : [],
    );
  });
  it("checks the options of each built-in driver as the engine 20.10 does", () => {
    const messages = (LogConfig: unknown) => located(HostConfig, { LogConfig }).map((issue) => issue.message);
    expect(messages({ Type: "json-file", Config: { "max-size": "10m", "max-file": "3" } })).toEqual([]);
    expect(messages({ Type: "json-file", Config: { bogus: "1" } })).toEqual([
      expect.stringContaining("unknown log opt 'bogus' for json-file log driver"),
    ]);
    expect(messages({ Type: "json-file", Config: { "max-size": "abc" } })).toEqual([
      expect.stringContaining("invalid size: 'abc'"),
    ]);
    expect(messages({ Type: "local", Config: { "max-file": "0" } })).toEqual([
      expect.stringContaining("max-file cannot be less than 1"),
    ]);
    expect(messages({ Type: "gelf" })).toEqual([expect.stringContaining("needs the option gelf-address")]);
    expect(messages({ Type: "awslogs", Config: { "awslogs-group": "g" } })).toEqual([]);
    expect(messages({ Type: "splunk", Config: { "splunk-url": "https://s" } })).toEqual([
      expect.stringContaining("needs the option splunk-token"),
    ]);
    expect(messages({ Type: "owner/plugin:1", Config: { anything: "x" } })).toEqual([]);
  });
  // etwlogs is Windows-only: a Linux engine refuses it ("error looking up logging plugin etwlogs")
  it.each(["bogus", "JSON-FILE", 7, "etwlogs"])("rejects %j", (Type) => {
    expect(located(HostConfig, { LogConfig: { Type } })).toEqual([
      {
        path: ["LogConfig", "Type"],
        message:
          'LogConfig.Type must be one of json-file, syslog, journald, gelf, fluentd, awslogs, splunk, none, local, gcplogs, logentries, or a log plugin reference such as "owner/plugin:tag" (etwlogs is Windows-only)',
      },
    ]);
  });
});

describe("PortBindings (engine §2.2)", () => {
  it("HostPort is a string, not an integer", () => {
    expect(located(HostConfig, { PortBindings: { "80/tcp": [{ HostPort: 8080 }] } })).toEqual([
      {
        path: ["PortBindings", "80/tcp", 0, "HostPort"],
        message: 'PortBindings HostPort must be a string such as "8080" (not a number)',
      },
    ]);
  });
  it("accepts ranges, empty host ports, HostIp and null", () => {
    expect(
      located(HostConfig, {
        PortBindings: {
          "80/tcp": [{ HostPort: "8000-8010" }, { HostIp: "127.0.0.1", HostPort: "" }],
          "53/udp": null,
        },
      }),
    ).toEqual([]);
  });
  it("a key the engine cannot parse is reported at the key; protocols and port 0 are left to warnings", () => {
    expect(located(HostConfig, { PortBindings: { "http/tcp": [] } })).toEqual([
      {
        path: ["PortBindings", "http/tcp"],
        message:
          'PortBindings key "http/tcp": invalid port specification: "http" (one port 1–65535, not a range, then /tcp, /udp or /sctp)',
      },
    ]);
    // a range is `docker run -p` syntax, not an API key: the engine refuses "80-81/tcp" at /v1.24 and /v1.41
    expect(located(HostConfig, { PortBindings: { "80-81/tcp": [] } }).map((i) => i.path)).toEqual([
      ["PortBindings", "80-81/tcp"],
    ]);
    expect(located(HostConfig, { PortBindings: { "70000/tcp": [] } }).map((i) => i.path)).toEqual([
      ["PortBindings", "70000/tcp"],
    ]);
    expect(located(HostConfig, { PortBindings: { "80/xyz": [], "0/tcp": [] } })).toEqual([]);
  });
  it("HostPort beyond 65535 is refused (invalid port specification)", () => {
    expect(located(HostConfig, { PortBindings: { "80/tcp": [{ HostPort: "70000" }] } })).toEqual([
      {
        path: ["PortBindings", "80/tcp", 0, "HostPort"],
        message:
          'PortBindings HostPort: invalid port specification: "70000" (a port 1–65535 or a range such as "8000-8010", as a string)',
      },
    ]);
  });
});

describe("StopSignal, kill signal and detach keys", () => {
  // Checked on the engine (20.10, POST /containers/create): any non-zero Go int is a signal, and the
  // names are moby pkg/signal's table — RTMAX-14 is the last RTMAX-n, UNUSED is not in it.
  it.each([
    "SIGTERM",
    "TERM",
    "sigint",
    "9",
    "SIGRTMIN+3",
    "RTMAX-1",
    "SIGRTMAX-14",
    "SIGWINCH",
    "256",
    "-1",
    "+5",
    "9223372036854775807",
  ])("isSignal(%j)", (value) => {
    expect(isSignal(value)).toBe(true);
  });
  it.each(["SIGFOO", "0", "", "SIGRTMIN+16", "SIGRTMAX-15", "SIGUNUSED", "9223372036854775808"])(
    "not a signal: %j",
    (value) => {
      expect(isSignal(value)).toBe(false);
    },
  );
  it("StopSignal must be a string (the engine rejects a JSON number)", () => {
    expect(located(ContainerCreateBody, { Image: "busybox", StopSignal: 9 }).map((i) => i.path)).toEqual([
      ["StopSignal"],
    ]);
    expect(located(ContainerCreateBody, { Image: "busybox", StopSignal: "SIGFOO" })).toEqual([
      {
        path: ["StopSignal"],
        message:
          'StopSignal must be a signal name such as "SIGTERM" or a non-zero number (or empty for the default)',
      },
    ]);
    // "" is the default signal for the engine 20.10 (create and start succeed)
    expect(located(ContainerCreateBody, { Image: "busybox", StopSignal: "" })).toEqual([]);
  });
  it("kill query signal", () => {
    expect(located(ContainerKillQuery, { signal: "SIGHUP" })).toEqual([]);
    expect(located(ContainerKillQuery, { signal: "HUPP" })).toHaveLength(1);
  });
  it.each(["a", "ctrl-p,ctrl-q", "ctrl-@", "ctrl-,", "ctrl-[,x", "ctrl-_"])("detach keys %j", (keys) => {
    expect(isDetachKeys(keys)).toBe(true);
    expect(located(ContainerStartQuery, { detachKeys: keys })).toEqual([]);
  });
  it.each(["", "ab", "ctrl-", "ctrl-A", "ctrl-p,", ",a", "ctrl-1"])("bad detach keys %j", (keys) => {
    expect(isDetachKeys(keys)).toBe(false);
  });
});

describe("Healthcheck.Test (engine §2.1)", () => {
  it.each([
    [[]],
    [["NONE"]],
    [["CMD", "curl", "-f", "http://localhost/"]],
    [["CMD-SHELL", "curl -f http://localhost/ || exit 1"]],
  ])("accepts %j", (Test) => {
    expect(located(ContainerCreateBody, { Image: "busybox", Healthcheck: { Test } })).toEqual([]);
  });
  it("accepts an unknown kind and a missing command, as the engine does (the manifest check warns)", () => {
    expect(located(ContainerCreateBody, { Image: "busybox", Healthcheck: { Test: ["curl", "-f"] } })).toEqual(
      [],
    );
    expect(located(ContainerCreateBody, { Image: "busybox", Healthcheck: { Test: ["CMD-SHELL"] } })).toEqual(
      [],
    );
  });
});

describe("other string forms", () => {
  it.each([
    [
      { Env: ["=x"] },
      ["Env", 0],
      "Env entries must have the form VAR=value (or VAR): invalid environment variable: =x",
    ],
    [
      { Env: [""] },
      ["Env", 0],
      "Env entries must have the form VAR=value (or VAR): invalid environment variable: ",
    ],
    [
      { HostConfig: { ExtraHosts: ["nohost"] } },
      ["HostConfig", "ExtraHosts", 0],
      'ExtraHosts entries must be hostname:IP: bad format for add-host: "nohost"',
    ],
    [
      { HostConfig: { ExtraHosts: ["db:notanip"] } },
      ["HostConfig", "ExtraHosts", 0],
      'ExtraHosts entries must be hostname:IP: invalid IP address in add-host: "notanip"',
    ],
    [
      { WorkingDir: "app" },
      ["WorkingDir"],
      'WorkingDir must be an absolute path: the working directory "app" is invalid',
    ],
    [
      { HostConfig: { Links: ["a:b:c"] } },
      ["HostConfig", "Links", 0],
      "Links entries must be container_name:alias",
    ],
    [
      { HostConfig: { VolumesFrom: ["abc:xx"] } },
      ["HostConfig", "VolumesFrom", 0],
      'VolumesFrom entries must be <container name> with optional ":ro" or ":rw"',
    ],
    [
      { HostConfig: { CapAdd: ["BOGUS"] } },
      ["HostConfig", "CapAdd", 0],
      'CapAdd entries must be kernel capabilities such as "NET_ADMIN" (or "ALL")',
    ],
    [
      { HostConfig: { Tmpfs: { rel: "" } } },
      ["HostConfig", "Tmpfs", "rel"],
      'Tmpfs keys must be an absolute path (starting with "/")',
    ],
    [
      { HostConfig: { CpusetCpus: "0-1,x" } },
      ["HostConfig", "CpusetCpus"],
      'CpusetCpus must be a list such as "0-3,5" with ranges low-high and numbers up to 8192 (invalid value "0-1,x")',
    ],
    [
      { HostConfig: { CpusetCpus: "1-0" } },
      ["HostConfig", "CpusetCpus"],
      'CpusetCpus must be a list such as "0-3,5" with ranges low-high and numbers up to 8192 (invalid value "1-0")',
    ],
    [
      { Volumes: { data: {} } },
      ["Volumes", "data"],
      'Volumes keys must be an absolute path (starting with "/")',
    ],
    [
      { Hostname: "a".repeat(65) },
      ["Hostname"],
      "Hostname must be at most 64 bytes: the container fails to start (sethostname: invalid argument)",
    ],
    [{ MacAddress: "zz:zz" }, ["MacAddress"], "MacAddress must look like 02:42:ac:11:00:02"],
    [
      { HostConfig: { Ulimits: [{ Name: "nofiles", Soft: 1, Hard: 2 }] } },
      ["HostConfig", "Ulimits", 0, "Name"],
      "Ulimits Name must be one of core, cpu, data, fsize, locks, memlock, msgqueue, nice, nofile, nproc, rss, rtprio, rttime, sigpending, stack",
    ],
  ])("%j", (value, path, message) => {
    expect(located(ContainerCreateBody, { Image: "busybox", ...value })).toEqual([{ path, message }]);
  });
  it("capabilities accept any case and the CAP_ prefix", () => {
    expect(
      located(HostConfig, { CapAdd: ["net_admin", "CAP_SYS_PTRACE", "ALL"], CapDrop: ["MKNOD"] }),
    ).toEqual([]);
  });
});

describe("unions name the field", () => {
  it.each([
    [ContainerCreateBody, { Image: "busybox", Cmd: 5 }, ["Cmd"], "Cmd must be a string or a list of strings"],
    [
      ContainerCreateBody,
      { Image: "busybox", Entrypoint: [1] },
      ["Entrypoint"],
      "Entrypoint must be a string or a list of strings",
    ],
    [ContainerLogsQuery, { tail: "ten" }, ["tail"], 'tail must be "all" or a number of lines'],
    [ContainerLogsQuery, { tail: 10 }, ["tail"], 'tail must be "all" or a number of lines'],
  ] as const)("%#", (schema, value, path, message) => {
    expect(located(schema, value)).toEqual([{ path, message }]);
  });
  it("tail accepts all and a number of lines", () => {
    expect(located(ContainerLogsQuery, { tail: "all" })).toEqual([]);
    expect(located(ContainerLogsQuery, { tail: "100" })).toEqual([]);
  });
});

describe("type errors name the field", () => {
  it.each([
    [{ Image: "busybox", Tty: "yes" }, ["Tty"], "Tty must be a boolean, not a string"],
    [{ Image: "busybox", Env: "A=1" }, ["Env"], "Env must be a list, not a string"],
    [{ Image: "busybox", Labels: ["a"] }, ["Labels"], "Labels must be a map, not a list"],
    [
      { Image: "busybox", HostConfig: { Dns: [1] } },
      ["HostConfig", "Dns", 0],
      "Dns must be a string, not a number",
    ],
    [{ Image: 7 }, ["Image"], "Image must be a string, not a number"],
    [{}, ["Image"], "Image is required"],
    [
      { Image: "busybox", HostConfig: { Ulimits: [{ Name: "nofile", Hard: 2 }] } },
      ["HostConfig", "Ulimits", 0, "Soft"],
      "Soft is required (a number)",
    ],
    [
      { Image: "busybox", HostConfig: { Memory: 1.5 } },
      ["HostConfig", "Memory"],
      "Memory must be an integer",
    ],
  ])("%j", (value, path, message) => {
    expect(located(ContainerCreateBody, value)).toEqual([{ path, message }]);
  });
});

describe("image references (Image, ContainerSpec.Image, BuildQuery t)", () => {
  it.each([
    "busybox",
    "busybox:1.36",
    "enginekit/busybox:latest",
    "registry.example.com:5000/team/app:v1.2",
    "app@sha256:944cab36f2859d4d823ccd2724369638b6d2f3884669e55c1e20a39cf03d876d",
    "sha256:944cab36f2859d4d823ccd2724369638b6d2f3884669e55c1e20a39cf03d876d",
    "944cab36f285",
  ])("accepts %s", (Image) => {
    expect(located(ContainerCreateBody, { Image })).toEqual([]);
  });
  it.each(["BusyBox", "busybox:", "-busybox", "busybox:tag with space", "a//b"])("rejects %j", (Image) => {
    expect(located(ContainerCreateBody, { Image })).toEqual([
      {
        path: ["Image"],
        message:
          'Image must be an image reference such as "name:tag", "registry:5000/team/name:tag" or "name@sha256:<digest>" (repository names are lower-case)',
      },
    ]);
  });
});

describe("EventsQuery times", () => {
  it.each([
    "1700000000",
    "1700000000.123456789",
    "2026-11-21",
    "2026-11-21T05:00:00Z",
    "2026-11-21T05:00:00.5+01:00",
    "10m",
    "1h30m",
    "1.5h",
  ])("accepts %s", (since) => {
    expect(located(EventsQuery, { since, until: since })).toEqual([]);
  });
  it.each(["yesterday", "10 minutes", "-5", ""])("rejects %j", (since) => {
    expect(located(EventsQuery, { since })).toEqual([
      {
        path: ["since"],
        message: 'since must be Unix seconds, an RFC 3339 time or a duration such as "10m"',
      },
    ]);
  });
});
