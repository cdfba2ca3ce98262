import { describe, expect, test } from "vitest";
import { findingsOf } from "./helpers.js";

/** [rule, compose.yaml text, expected findings of that rule]: invalid cases with exact ranges, then valid ones. */
const TABLE: [string, string, string[]][] = [
  [
    "compose/undefined-network",
    "services:\n  web:\n    image: x\n    networks: [front, default]\nnetworks:\n  back: {}\n",
    ['compose.yaml:4:16-4:21 compose/undefined-network service "web" refers to undefined network front'],
  ],
  [
    "compose/undefined-network",
    "services:\n  web:\n    image: x\n    networks: {back: {}}\nnetworks:\n  back: {}\n",
    [],
  ],
  [
    "compose/undefined-volume",
    "services:\n  web:\n    image: x\n    volumes:\n      - data:/data\n      - ./local:/local\n      - /anon\n      - {type: volume, source: other, target: /o}\n",
    [
      'compose.yaml:5:9-5:19 compose/undefined-volume service "web" refers to undefined volume data',
      'compose.yaml:8:32-8:37 compose/undefined-volume service "web" refers to undefined volume other',
    ],
  ],
  [
    "compose/undefined-secret",
    "services:\n  web:\n    image: x\n    secrets: [token, {source: key}]\n    build: {context: ., secrets: [npmrc]}\nsecrets:\n  token: {file: ./t}\n",
    [
      'compose.yaml:4:31-4:34 compose/undefined-secret service "web" refers to undefined secret key',
      'compose.yaml:5:35-5:40 compose/undefined-secret service "web" refers to undefined build secret npmrc',
    ],
  ],
  [
    "compose/undefined-config",
    "services:\n  web:\n    image: x\n    configs: [nginx]\n",
    ['compose.yaml:4:15-4:20 compose/undefined-config service "web" refers to undefined config nginx'],
  ],
  [
    "compose/unknown-service",
    "services:\n  web:\n    image: x\n    depends_on: [db]\n    links: ['cache:c']\n    network_mode: service:vpn\n    volumes_from: [data:ro]\n",
    [
      'compose.yaml:4:18-4:20 compose/unknown-service service "web" depends on undefined service "db"',
      'compose.yaml:5:13-5:22 compose/unknown-service service "web" links to undefined service "cache"',
      "compose.yaml:6:19-6:30 compose/unknown-service service \"vpn\" not found for network_mode 'service:vpn'",
      'compose.yaml:7:20-7:27 compose/unknown-service service "web" takes volumes from undefined service "data"',
    ],
  ],
  [
    "compose/unknown-service",
    "services:\n  web:\n    image: x\n    depends_on: {opt: {condition: service_started, required: false}}\n",
    [],
  ],
  [
    "compose/depends-on-cycle",
    "services:\n  a: {image: x, depends_on: [b]}\n  b: {image: x, depends_on: [c]}\n  c: {image: x, depends_on: [a]}\n",
    ["compose.yaml:4:30-4:31 compose/depends-on-cycle dependency cycle detected: a -> b -> c -> a"],
  ],
  [
    "compose/network-mode-conflict",
    "services:\n  web:\n    image: x\n    network_mode: host\n    networks: [default]\n",
    [
      "compose.yaml:4:5-4:17 compose/network-mode-conflict service web declares mutually exclusive `network_mode` and `networks`",
    ],
  ],
  [
    "compose/resource-conflict",
    "services:\n  web:\n    image: x\n    cpus: 0.5\n    mem_limit: 512m\n    deploy:\n      resources:\n        limits: {cpus: '1', memory: 536870912}\n",
    [
      "compose.yaml:4:11-4:14 compose/resource-conflict services.web: can't set distinct values on 'cpus' and 'deploy.resources.limits.cpus'",
    ],
  ],
  [
    "compose/container-name-scale",
    "services:\n  web:\n    image: x\n    container_name: web\n    deploy: {replicas: 2}\n",
    [
      "compose.yaml:4:21-4:24 compose/container-name-scale services.web: can't set container_name and deploy.replicas as container name must be unique",
    ],
  ],
  [
    "compose/healthcheck-test",
    "services:\n  web:\n    image: x\n    healthcheck:\n      test: [curl, -f, http://localhost]\n  ok:\n    image: x\n    healthcheck: {test: curl -f http://localhost}\n",
    [
      'compose.yaml:5:14-5:18 compose/healthcheck-test services.web: healthcheck.test must start either by "CMD", "CMD-SHELL" or "NONE"',
    ],
  ],
  [
    "compose/duplicate-mount-target",
    "services:\n  web:\n    image: x\n    tmpfs: /run\n    volumes: ['./a:/run/', 'b:/b']\nvolumes: {b: {}}\n",
    [
      "compose.yaml:5:15-5:26 compose/duplicate-mount-target services.web.volumes[0]: target /run already mounted as services.web.tmpfs[0]",
    ],
  ],
  [
    "compose/image-or-build",
    "services:\n  web:\n    restart: always\n  ok:\n    build: .\n",
    [
      'compose.yaml:2:3-2:6 compose/image-or-build service "web" has neither an image nor a build context specified',
    ],
  ],
  [
    "compose/secret-source",
    "services: {}\nsecrets:\n  token: {}\n  ext: {external: true}\nconfigs:\n  conf: {content: x}\n  bad: {}\n",
    [
      'compose.yaml:3:3-3:8 compose/secret-source secret "token" must declare either `file` or `environment`',
      'compose.yaml:7:3-7:6 compose/secret-source config "bad" must declare either `file`, `environment` or `content`',
    ],
  ],
  [
    "compose/build-secret-source",
    "services:\n  web:\n    build:\n      context: .\n      secrets: [ext, {source: ext2, target: t}, env, undefined]\nsecrets:\n  ext: {external: true}\n  ext2: {external: true, name: x}\n  env: {environment: E}\n",
    [
      'compose.yaml:5:17-5:20 compose/build-secret-source service "web": build secret ext is external; a build can only be served a secret with `file` or `environment`',
      'compose.yaml:5:31-5:35 compose/build-secret-source service "web": build secret ext2 is external; a build can only be served a secret with `file` or `environment`',
    ],
  ],
];

describe.each([...new Set(TABLE.map(([rule]) => rule))])("%s", (rule) => {
  test.each(TABLE.filter(([r]) => r === rule).map(([, text, expected]) => [text, expected] as const))(
    "%j",
    (text, expected) => {
      expect(findingsOf(rule, { "compose.yaml": text })).toEqual(expected);
    },
  );
});
