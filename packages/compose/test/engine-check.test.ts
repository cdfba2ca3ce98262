// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Compose text, where ${…} is interpolation syntax
import { describe, expect, test } from "vitest";
import { engineBodies } from "../src/index.js";
import { findingsOf, project } from "./helpers.js";

describe("translation into the create body (docker compose up's)", () => {
  test("resources, healthcheck, ports, mounts, restart, environment, labels, network", () => {
    const p = project(
      {
        "compose.yaml": [
          "name: shop",
          "services:",
          "  web:",
          "    image: nginx:1.27",
          "    command: nginx -g 'daemon off;'",
          "    environment: [A=1, B]",
          "    ports: ['127.0.0.1:8080:80', '9000-9001:9000-9001/udp']",
          "    volumes: ['./html:/usr/share/nginx/html:ro', 'data:/data', '~/cache:/cache']",
          "    tmpfs: ['/run:size=64m']",
          "    mem_limit: 512m",
          "    memswap_limit: 1g",
          "    cpus: 1.5",
          "    shm_size: 64m",
          "    pids_limit: 100",
          "    blkio_config: {weight: 300}",
          "    ulimits: {nofile: {soft: 1024, hard: 2048}, nproc: 65535}",
          "    healthcheck: {test: curl -f localhost, interval: 1m30s, timeout: 500ms, retries: 3}",
          "    restart: on-failure:3",
          "    stop_grace_period: 1m",
          "    labels: {team: web}",
          "    extra_hosts: ['db.local=10.0.0.2']",
          "volumes:",
          "  data: {}",
          "",
        ].join("\n"),
      },
      { environment: { HOME: "/home/u" } },
    );
    expect(engineBodies(p)).toEqual({
      web: {
        name: "shop-web-1",
        serviceSpec: expect.objectContaining({ Name: "shop_web" }),
        body: {
          Image: "nginx:1.27",
          StopTimeout: 60,
          Cmd: ["nginx", "-g", "daemon off;"],
          Env: ["A=1"],
          Labels: {
            team: "web",
            "com.docker.compose.project": "shop",
            "com.docker.compose.service": "web",
            "com.docker.compose.oneoff": "False",
            "com.docker.compose.container-number": "1",
          },
          ExposedPorts: { "80/tcp": {}, "9000/udp": {}, "9001/udp": {} },
          Healthcheck: {
            Test: ["CMD-SHELL", "curl -f localhost"],
            Interval: 90e9,
            Timeout: 500e6,
            Retries: 3,
          },
          HostConfig: {
            PortBindings: {
              "80/tcp": [{ HostIp: "127.0.0.1", HostPort: "8080" }],
              "9000/udp": [{ HostIp: "", HostPort: "9000" }],
              "9001/udp": [{ HostIp: "", HostPort: "9001" }],
            },
            NanoCpus: 1.5e9,
            Memory: 536870912,
            MemorySwap: 1073741824,
            ShmSize: 67108864,
            PidsLimit: 100,
            BlkioWeight: 300,
            Ulimits: [
              { Name: "nofile", Soft: 1024, Hard: 2048 },
              { Name: "nproc", Soft: 65535, Hard: 65535 },
            ],
            ExtraHosts: ["db.local:10.0.0.2"],
            RestartPolicy: { Name: "on-failure", MaximumRetryCount: 3 },
            Binds: ["/p/html:/usr/share/nginx/html:ro", "shop_data:/data", "/home/u/cache:/cache"],
            Tmpfs: { "/run": "size=64m" },
            NetworkMode: "shop_default",
          },
          NetworkingConfig: { EndpointsConfig: { shop_default: { Aliases: ["web"] } } },
        },
      },
    });
  });
});

describe("compose/engine-limit: the engine's limits at the Compose value, under the Compose name", () => {
  test.each([
    [
      "blkio_config.weight",
      "blkio_config:\n      weight: 5\n",
      [
        'compose.yaml:5:15-5:16 compose/engine-limit service "web": blkio_config.weight must be between 10 and 1000',
      ],
    ],
    [
      "healthcheck.interval below 1 ms",
      "healthcheck:\n      test: [CMD, 'true']\n      interval: 500us\n",
      [
        'compose.yaml:6:17-6:22 compose/engine-limit service "web": healthcheck.interval must be 0 or at least 1000000 nanoseconds (1 ms) ("500us" is 500000)',
      ],
    ],
    [
      "mem_limit below 6 MB",
      "mem_limit: 4m\n",
      [
        'compose.yaml:4:16-4:18 compose/engine-limit service "web": mem_limit must be 0 or at least 6291456 bytes (6 MB) ("4m" is 4194304)',
      ],
    ],
    [
      "memswap_limit below mem_limit",
      "mem_limit: 1g\n    memswap_limit: 512m\n",
      [
        'compose.yaml:5:20-5:24 compose/engine-limit service "web": memswap_limit must be -1 (unlimited swap) or at least Memory (1073741824 bytes) ("512m" is 536870912)',
      ],
    ],
    [
      "mem_swappiness above 100",
      "mem_swappiness: 200\n",
      [
        'compose.yaml:4:21-4:24 compose/engine-limit service "web": mem_swappiness must be -1 or between 0 and 100',
      ],
    ],
    [
      "cpu_period below 1 ms",
      "cpu_period: 10\n",
      [
        'compose.yaml:4:17-4:19 compose/engine-limit service "web": cpu_period must be 0 or between 1000 and 1000000 microseconds',
      ],
    ],
    [
      "an unknown restart policy",
      "restart: sometimes\n",
      [
        'compose.yaml:4:14-4:23 compose/engine-limit service "web": restart must be one of "", "no", "always", "unless-stopped", "on-failure"',
      ],
    ],
    [
      "valid values",
      "mem_limit: 6m\n    blkio_config: {weight: 10}\n    healthcheck: {test: [CMD, 'true'], interval: 1ms}\n",
      [],
    ],
  ])("%s", (_, lines, expected) => {
    expect(
      findingsOf("compose/engine-limit", { "compose.yaml": `services:\n  web:\n    image: x\n    ${lines}` }),
    ).toEqual(expected);
  });

  test("a value from an extended file is reported in that file", () => {
    expect(
      findingsOf("compose/engine-limit", {
        "compose.yaml": "services:\n  web:\n    extends: {file: base.yml, service: tuned}\n",
        "base.yml": "services:\n  tuned:\n    image: x\n    oom_score_adj: 5000\n",
      }),
    ).toEqual([
      'base.yml:4:20-4:24 compose/engine-limit service "web": oom_score_adj must be between -1000 and 1000',
    ]);
  });

  test("a value built from an unset variable is an advisory, not a limit", () => {
    const files = { "compose.yaml": "services:\n  web:\n    image: 'app:${TAG}'\n" };
    expect(findingsOf("compose/engine-limit", files)).toEqual([]);
    expect(findingsOf("compose/engine-advisory", files)).toEqual([
      expect.stringMatching(
        /^compose.yaml:3:12-3:24 compose\/engine-advisory service "web": image must be .* \(with TAG unset\)$/,
      ),
    ]);
  });

  test("a logging plugin alias is one advisory at the driver, none for the plugin's options", () => {
    const files = {
      "compose.yaml":
        "services:\n  web:\n    image: x\n    logging: {driver: loki, options: {loki-url: 'http://x'}}\n",
    };
    expect(findingsOf("compose/engine-limit", files)).toEqual([]);
    expect(findingsOf("compose/engine-advisory", files)).toEqual([
      expect.stringMatching(/compose\/engine-advisory service "web": .*unless a logging plugin is installed/),
    ]);
  });

  test("host-gateway in extra_hosts is the engine's own name (20.10) and no finding", () => {
    expect(
      findingsOf("compose/engine-limit", {
        "compose.yaml":
          "services:\n  web:\n    image: x\n    extra_hosts: ['host.docker.internal:host-gateway']\n",
      }),
    ).toEqual([]);
  });
});
