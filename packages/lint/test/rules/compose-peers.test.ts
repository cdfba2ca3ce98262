// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Compose text, where ${…} is interpolation syntax
/**
 * The Compose rules that carry dclint's and compose-lint's checks, through the rule tester: exact ranges,
 * messages, and the fixed text (ordering fixes move whole lines with their comments, and are not offered
 * where an anchor or alias would move). The peers' names resolve to these rules.
 */

import { memoryFileSystem } from "@enginekit/compose";
import { expect, test } from "vitest";
import { parseConfig } from "../../src/config/load.js";
import buildAndImage from "../../src/rules/compose/build-and-image.js";
import capDropAll from "../../src/rules/compose/cap-drop-all.js";
import containerName from "../../src/rules/compose/container-name.js";
import dangerousCapability from "../../src/rules/compose/dangerous-capability.js";
import dependsOnOrder from "../../src/rules/compose/depends-on-order.js";
import duplicateContainerName from "../../src/rules/compose/duplicate-container-name.js";
import duplicatePublishedPort from "../../src/rules/compose/duplicate-published-port.js";
import engineSocket from "../../src/rules/compose/engine-socket.js";
import hostDevice from "../../src/rules/compose/host-device.js";
import hostNamespace from "../../src/rules/compose/host-namespace.js";
import imageDigest from "../../src/rules/compose/image-digest.js";
import imageTag from "../../src/rules/compose/image-tag.js";
import loggingDisabled from "../../src/rules/compose/logging-disabled.js";
import noNewPrivileges from "../../src/rules/compose/no-new-privileges.js";
import plainSecret from "../../src/rules/compose/plain-secret.js";
import portAllInterfaces from "../../src/rules/compose/port-all-interfaces.js";
import portsOrder from "../../src/rules/compose/ports-order.js";
import privileged from "../../src/rules/compose/privileged.js";
import projectName from "../../src/rules/compose/project-name.js";
import quotedVolume from "../../src/rules/compose/quoted-volume.js";
import readOnly from "../../src/rules/compose/read-only.js";
import resourceLimits from "../../src/rules/compose/resource-limits.js";
import rootUser from "../../src/rules/compose/root-user.js";
import sensitiveHostPath from "../../src/rules/compose/sensitive-host-path.js";
import serviceKeysOrder from "../../src/rules/compose/service-keys-order.js";
import servicesOrder from "../../src/rules/compose/services-order.js";
import sharedPropagation from "../../src/rules/compose/shared-propagation.js";
import tmpfsExec from "../../src/rules/compose/tmpfs-exec.js";
import topLevelOrder from "../../src/rules/compose/top-level-order.js";
import unconfinedProfile from "../../src/rules/compose/unconfined-profile.js";
import unquotedPort from "../../src/rules/compose/unquoted-port.js";
import versionField from "../../src/rules/compose/version-field.js";
import { resolveRuleIds, ruleAliases, ruleIds } from "../../src/rules/registry.js";
import { analyzeComposeFile } from "../../src/runner/analyzed-compose.js";
import { runRule, testRule } from "../../src/testing/rule-tester.js";

testRule(servicesOrder, {
  valid: [
    { code: "services:\n  a:\n    image: x:1\n  b:\n    image: x:1\n" },
    { code: "services: {b: {image: 'x:1'}}\n" },
  ],
  invalid: [
    {
      // each service's comments travel with it (the first one's: the comment lines right above it)
      code: "services:\n  # the site\n  web:\n    image: nginx:1.27 # pinned\n\n  # the API\n  api:\n    image: node:22\nvolumes: {}\n",
      errors: [{ range: "7:3-7:6", message: 'service "api" is out of alphabetical order' }],
      output:
        "services:\n\n  # the API\n  api:\n    image: node:22\n  # the site\n  web:\n    image: nginx:1.27 # pinned\nvolumes: {}\n",
    },
    {
      // an alias below its anchor: moving the lines would break the file, so no fix
      code: "services:\n  web:\n    image: &img nginx:1.27\n  api:\n    image: *img\n",
      errors: ["4:3-4:6"],
      output: null,
    },
    {
      // flow style: no fix
      code: "services: {web: {image: 'x:1'}, api: {image: 'x:1'}}\n",
      errors: ["1:33-1:36"],
      output: null,
    },
  ],
});

testRule(topLevelOrder, {
  valid: [{ code: "x-b: 1\nx-c: 2\nversion: '3'\nname: a\nservices: {}\nnetworks: {}\nvolumes: {}\n" }],
  invalid: [
    {
      code: "services:\n  web:\n    image: nginx:1.27\nname: shop\nx-common: {}\n",
      errors: [
        { range: "4:1-4:5", message: '"name" is out of order' },
        { range: "5:1-5:9", message: '"x-common"' },
      ],
      output: "x-common: {}\nname: shop\nservices:\n  web:\n    image: nginx:1.27\n",
    },
    {
      // no line break at the end of the file: the fix adds none; a comment above at another indentation stays
      code: "# header\n  # odd\nvolumes: {}\nservices: {}",
      errors: ["4:1-4:9"],
      output: "# header\n  # odd\nservices: {}\nvolumes: {}",
    },
    {
      code: "volumes: {}\nservices: {}",
      errors: ["2:1-2:9"],
      output: "services: {}\nvolumes: {}",
    },
  ],
});

testRule(serviceKeysOrder, {
  valid: [
    {
      code: "services:\n  web:\n    image: x:1\n    depends_on: [db]\n    environment: {A: b}\n    ports: ['80']\n    restart: always\n    labels: {}\n    user: app\n    cpus: 1\n    tty: true\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  web:\n    ports: ['8080:80']\n    # pinned\n    image: nginx:1.27\n    tty: true\n    cpus: 1\n",
      errors: [
        { range: "5:5-5:10", message: '"image" is out of order in service "web"' },
        { range: "7:5-7:9", message: '"cpus"' },
      ],
      output:
        "services:\n  web:\n    # pinned\n    image: nginx:1.27\n    ports: ['8080:80']\n    cpus: 1\n    tty: true\n",
    },
    {
      // keys merged in from an anchor are not the service's own lines: only "ports" and "image" are compared
      // and moved, and the merge key above them stays where it is
      code: "x-base: &base\n  restart: always\nservices:\n  web:\n    <<: *base\n    ports: ['80']\n    image: x:1\n",
      errors: ["7:5-7:10"],
      output:
        "x-base: &base\n  restart: always\nservices:\n  web:\n    <<: *base\n    image: x:1\n    ports: ['80']\n",
    },
  ],
});

testRule(dependsOnOrder, {
  valid: [
    {
      code: "services:\n  web:\n    image: x:1\n    depends_on: {a: {condition: service_started}, b: {condition: service_started}}\n  a: {image: 'x:1'}\n  b: {image: 'x:1'}\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  web:\n    image: x:1\n    depends_on:\n      - redis\n      - db\n  db: {image: 'x:1'}\n  redis: {image: 'x:1'}\n",
      errors: [
        {
          range: "6:9-6:11",
          message: '"db" is out of alphabetical order in the depends_on of service "web"',
        },
      ],
      output:
        "services:\n  web:\n    image: x:1\n    depends_on:\n      - db\n      - redis\n  db: {image: 'x:1'}\n  redis: {image: 'x:1'}\n",
    },
    {
      code: "services:\n  web:\n    image: x:1\n    depends_on: [redis, db]\n  db: {image: 'x:1'}\n  redis: {image: 'x:1'}\n",
      errors: ["4:25-4:27"],
      output: null,
    },
  ],
});

testRule(portsOrder, {
  valid: [
    {
      code: "services:\n  web:\n    image: x:1\n    ports: ['80:80', '443:443', '8080:8080', {target: 9000, published: 9000}]\n",
    },
  ],
  invalid: [
    {
      code: 'services:\n  web:\n    image: x:1\n    ports:\n      - "8443:443"\n      - "127.0.0.1:8080:80"\n',
      errors: [{ range: "6:9-6:28", message: "port 8080 is out of order" }],
      output:
        'services:\n  web:\n    image: x:1\n    ports:\n      - "127.0.0.1:8080:80"\n      - "8443:443"\n',
    },
  ],
});

testRule(versionField, {
  valid: [{ code: "services: {}\n" }],
  invalid: [
    {
      code: "# the stack\nversion: '3.8' # old\nservices: {}\n",
      errors: [{ range: "2:1-2:8", message: "`version` is obsolete" }],
      output: "# the stack\nservices: {}\n",
    },
    { code: "{version: '3', services: {}}\n", errors: ["1:2-1:9"], output: null },
  ],
});

testRule(projectName, {
  valid: [{ code: "name: shop\nservices: {}\n" }],
  invalid: [
    {
      code: "services:\n  web:\n    image: x:1\n",
      errors: [{ range: "1:1-1:1", message: 'Compose names it "project" after its folder' }],
    },
  ],
});

testRule(unquotedPort, {
  valid: [
    {
      code: "services:\n  web:\n    image: x:1\n    ports: ['80:80', \"443:443\", {target: 80}]\n    expose: ['9000']\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  ssh:\n    image: x:1\n    ports:\n      - 22:22\n      - 8080\n    expose: [9000]\n",
      errors: [
        {
          range: "5:9-5:14",
          message: "quote the ports entry 22:22 (YAML 1.1 readers take it for a base-60 number)",
        },
        { range: "6:9-6:13", message: "quote the ports entry 8080" },
        { range: "7:14-7:18", message: "quote the expose entry 9000" },
      ],
      output:
        'services:\n  ssh:\n    image: x:1\n    ports:\n      - "22:22"\n      - "8080"\n    expose: ["9000"]\n',
    },
  ],
});

testRule(quotedVolume, {
  valid: [{ code: "services:\n  db:\n    image: x:1\n    volumes:\n      - ./data:/data\n" }],
  invalid: [
    {
      code: "services:\n  db:\n    image: x:1\n    volumes:\n      - \"./data:/data:ro\"\n      - 'my dir:/data'\n",
      errors: ["5:9-5:26", "6:9-6:23"],
      output:
        "services:\n  db:\n    image: x:1\n    volumes:\n      - ./data:/data:ro\n      - 'my dir:/data'\n",
    },
  ],
});

testRule(containerName, {
  valid: [
    { code: "services:\n  web:\n    image: x:1\n    container_name: shop_web.1\n" },
    { code: "services:\n  web:\n    image: x:1\n    container_name: ${NAME}\n" },
  ],
  invalid: [
    {
      code: 'services:\n  web:\n    image: x:1\n    container_name: "my web"\n  api:\n    image: x:1\n    container_name: a\n',
      errors: [
        { range: "4:21-4:29", message: 'service "web": container_name "my web" is refused by the engine' },
        { range: "7:21-7:22", message: 'container_name "a"' },
      ],
    },
  ],
});

testRule(duplicateContainerName, {
  valid: [
    {
      code: "services:\n  a:\n    image: x:1\n    container_name: app\n    profiles: [dev]\n  b:\n    image: x:1\n    container_name: app\n    profiles: [prod]\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    container_name: app\n  b:\n    image: x:1\n    container_name: app\n",
      errors: [{ range: "7:21-7:24", message: 'service "b" has container_name "app", as service "a" does' }],
    },
  ],
});

testRule(duplicatePublishedPort, {
  valid: [
    {
      code: "services:\n  a:\n    image: x:1\n    ports: ['127.0.0.1:8080:80', '8080:80/udp']\n  b:\n    image: x:1\n    ports: ['127.0.0.2:8080:80', '9000']\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    ports: ['8000-8010:8000-8010']\n  b:\n    image: x:1\n    ports: ['127.0.0.1:8005:80', {target: 80, published: 8000}]\n",
      errors: [
        { range: "7:13-7:32", message: 'host port 8005/tcp is already published by service "a"' },
        { range: "7:34-7:63", message: "host port 8000/tcp" },
      ],
    },
  ],
});

testRule(portAllInterfaces, {
  valid: [
    {
      code: "services:\n  web:\n    image: x:1\n    ports: ['127.0.0.1:8080:80', '[::1]:8443:443', {target: 80, host_ip: 10.0.0.1}]\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  web:\n    image: x:1\n    ports:\n      - '8080:80'\n      - 0.0.0.0:8443:443\n      - '9000'\n",
      errors: [
        { range: "5:9-5:18", message: 'service "web": port 8080 gives no host address' },
        { range: "6:9-6:25", message: "port 8443 is bound to 0.0.0.0" },
        { range: "7:9-7:15", message: "port (random):9000" },
      ],
    },
  ],
});

testRule(imageTag, {
  valid: [
    {
      code: "services:\n  a:\n    image: postgres:16\n  b:\n    image: localhost:5000/app@sha256:4ad2faf01c5fb3d2ad8ec75a1c8a4f6e0b0b2d9a3b5e0f0d3c4d0a9f0e1b2c3d\n  c:\n    image: ${IMAGE}\n  d:\n    build: .\n    image: shop/d\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: localhost:5000/app\n  b:\n    image: 'redis:latest'\n  c:\n    image: node:lts\n",
      errors: [
        { range: "3:12-3:30", message: 'image "localhost:5000/app" of service "a" has no tag' },
        { range: "5:12-5:26", message: "uses the moving tag latest" },
        { range: "7:12-7:20", message: "uses the moving tag lts" },
      ],
    },
  ],
});

testRule(imageDigest, {
  valid: [{ code: "services:\n  a:\n    image: postgres\n" }],
  invalid: [
    {
      code: "services:\n  a:\n    image: postgres:16\n",
      errors: [{ range: "3:12-3:23", message: "add its @sha256: digest" }],
    },
  ],
});

testRule(buildAndImage, {
  valid: [{ code: "services:\n  a:\n    build: .\n    image: a:1\n    pull_policy: build\n" }],
  invalid: [{ code: "services:\n  a:\n    build: .\n    image: a:1\n", errors: ["4:12-4:15"] }],
});

testRule(engineSocket, {
  valid: [
    { code: "services:\n  a:\n    image: x:1\n    volumes: [sock:/var/run/docker.sock, ./docker.sock:/s]\n" },
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    volumes:\n      - /var/run/docker.sock:/var/run/docker.sock:ro\n      - type: bind\n        source: /run/engine.sock\n        target: /e.sock\n",
      errors: [
        { range: "5:9-5:53", message: 'service "a" mounts the engine socket /var/run/docker.sock' },
        { range: "7:17-7:33", message: "/run/engine.sock" },
      ],
    },
  ],
});

testRule(privileged, {
  valid: [{ code: "services:\n  a:\n    image: x:1\n    privileged: false\n" }],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    privileged: true\n",
      errors: [{ range: "4:5-4:21", message: 'service "a" runs privileged' }],
    },
  ],
});

testRule(noNewPrivileges, {
  valid: [
    { code: "services:\n  a:\n    image: x:1\n    security_opt: ['no-new-privileges=true']\n" },
    { code: "services:\n  a:\n    image: x:1\n    privileged: true\n" },
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n",
      errors: [{ range: "2:3-2:4", message: 'service "a" does not set' }],
    },
  ],
});

testRule(hostNamespace, {
  valid: [
    {
      code: "services:\n  a:\n    image: x:1\n    network_mode: service:b\n    pid: service:b\n  b:\n    image: x:1\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    network_mode: host\n    ipc: host\n    userns_mode: host\n",
      errors: [
        { range: "4:5-4:23", message: "shares the host's network stack" },
        { range: "5:5-5:14", message: "shared memory" },
        { range: "6:5-6:22", message: "user namespace" },
      ],
    },
  ],
});

testRule(unconfinedProfile, {
  valid: [
    {
      code: "services:\n  a:\n    image: x:1\n    security_opt: ['seccomp:./profile.json', 'label:type:svirt_apache_t']\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    security_opt:\n      - seccomp=unconfined\n      - apparmor:unconfined\n      - label:disable\n",
      errors: [
        { range: "5:9-5:27", message: "turns off the seccomp profile" },
        { range: "6:9-6:28", message: "the AppArmor profile" },
        { range: "7:9-7:22", message: "SELinux labelling" },
      ],
    },
  ],
});

testRule(dangerousCapability, {
  valid: [{ code: "services:\n  a:\n    image: x:1\n    cap_add: [NET_BIND_SERVICE, CHOWN]\n" }],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    cap_add: [all, CAP_SYS_ADMIN]\n",
      errors: [
        { range: "4:15-4:18", message: 'service "a" adds ALL' },
        { range: "4:20-4:33", message: "adds SYS_ADMIN" },
      ],
    },
  ],
});

testRule(sensitiveHostPath, {
  valid: [
    {
      code: "services:\n  a:\n    image: x:1\n    volumes: ['/etc/localtime:/etc/localtime:ro', 'data:/etc']\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    volumes:\n      - /:/host:ro\n      - /proc/:/host/proc\n",
      errors: [
        { range: "5:9-5:19", message: "mounts the host's /:" },
        { range: "6:9-6:26", message: "mounts the host's /proc" },
      ],
    },
  ],
});

testRule(plainSecret, {
  valid: [
    {
      code: "services:\n  a:\n    image: x:1\n    environment:\n      DB_PASSWORD: ${DB_PASSWORD:?}\n      DB_PASSWORD_FILE: /run/secrets/db\n      API_TOKEN: svc:kv/app#token\n      MYSQL_ALLOW_EMPTY_PASSWORD: 'yes'\n      ADMIN_PASSWORD: changeme\n      DATABASE_URL: postgres://app@db/shop\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    environment:\n      DB_PASSWORD: hunter2\n      DATABASE_URL: 'postgres://app:s3cret@db/shop'\n      SECRET_KEY: \"${SECRET_KEY:-s3cr3t}\"\n      TOKEN: ${TOKEN:-}\n  b:\n    image: x:1\n    environment:\n      - API_KEY=abc123\n",
      errors: [
        { range: "5:20-5:27", message: 'environment variable "DB_PASSWORD" holds a plain-text secret' },
        { range: "6:37-6:43", message: "a URL with a plain-text password" },
        {
          range: "7:34-7:40",
          message: "has a plain-text secret as its default; require the variable (${SECRET_KEY:?})",
        },
        { range: "12:17-12:23", message: '"API_KEY"' },
      ],
    },
  ],
});

test("a secret taken from the environment is not a plain secret (the trees are interpolated)", () => {
  const ok =
    "services:\n  a:\n    image: x:1\n    environment:\n      DB_PASSWORD: ${DB_PASSWORD}\n      API_TOKEN: $TOKEN\n";
  const file = analyzeComposeFile(ok, "/project/compose.yaml", {
    fileSystem: memoryFileSystem({}),
    environment: { DB_PASSWORD: "hunter9", TOKEN: "t0ken" },
  });
  expect(plainSecret.check(file)).toEqual([]);
});

test("no finding repeats a secret value", () => {
  const findings = runRule(plainSecret, {
    code: "services:\n  a:\n    image: x:1\n    environment:\n      DB_PASSWORD: hunter2\n      - X\n      URL: redis://u:hunter3@r\n",
  });
  for (const f of findings) expect(f.message).not.toMatch(/hunter/);
});

test("no peer name is also a rule id (the id would win and the alias would name nothing)", () => {
  const ids = new Set(ruleIds());
  expect([...ruleAliases().keys()].filter((name) => ids.has(name))).toEqual([]);
});

test("dclint's rule names and compose-lint's ids name these rules", () => {
  expect(resolveRuleIds("services-alphabetical-order")).toEqual(["compose/services-order"]);
  expect(resolveRuleIds("no-duplicate-container-names")).toEqual(["compose/duplicate-container-name"]);
  expect(resolveRuleIds("no-unbound-port-interfaces")).toEqual(["compose/port-all-interfaces"]);
  expect(resolveRuleIds("no-implicit-listen-everywhere-ports")).toEqual(["compose/port-all-interfaces"]);
  expect(resolveRuleIds("CL-0005")).toEqual(["compose/port-all-interfaces"]);
  expect(resolveRuleIds("service-image-require-explicit-tag")).toEqual(["compose/image-tag"]);
  expect(resolveRuleIds("CL-0004")).toEqual(["compose/image-tag"]);
  expect(resolveRuleIds("CL-0010")).toEqual(["compose/host-namespace"]);
  expect(resolveRuleIds("CL-0030")).toEqual(["compose/dangerous-capability"]);
  expect(resolveRuleIds("invalid-schema")).toEqual(["compose/schema", "compose/unknown-key"]);
});

test(".enginekit.yaml rules accept dclint's names and compose-lint's ids", () => {
  const c = parseConfig(
    "rules:\n  services-alphabetical-order: off\n  CL-0003: info\n  require-project-name-field: warning\n",
    "x",
  );
  expect(c.rules).toEqual({
    "compose/services-order": "off",
    "compose/no-new-privileges": "info",
    "compose/project-name": "warning",
  });
});

const unsorted = "services:\n  web:\n    image: x:1\n  db:\n    image: x:1\n";

test("dclint's comments suppress: disable-line (own line: the next line; after content: that line)", () => {
  expect(runRule(servicesOrder, { code: unsorted })).toHaveLength(1);
  for (const code of [
    "services:\n  web:\n    image: x:1\n  # dclint disable-line services-alphabetical-order\n  db:\n    image: x:1\n",
    "services:\n  web:\n    image: x:1\n  db: # dclint disable-line compose/services-order\n    image: x:1\n",
    "services:\n  web:\n    image: x:1\n  db: # dclint disable-line\n    image: x:1\n",
  ])
    expect(runRule(servicesOrder, { code }), code).toEqual([]);
  // another rule's name suppresses nothing here
  const other =
    "services:\n  web:\n    image: x:1\n  db: # dclint disable-line service-keys-order\n    image: x:1\n";
  expect(runRule(servicesOrder, { code: other })).toHaveLength(1);
});

test("dclint's comments suppress: disable and disable-file on the first content line", () => {
  expect(
    runRule(servicesOrder, { code: `---\n# dclint disable services-alphabetical-order\n${unsorted}` }),
  ).toEqual([]);
  expect(runRule(servicesOrder, { code: `# dclint disable\n${unsorted}` })).toEqual([]);
  expect(runRule(servicesOrder, { code: `# dclint disable-file\n${unsorted}` })).toEqual([]);
  expect(runRule(servicesOrder, { code: `# dclint disable no-version-field\n${unsorted}` })).toHaveLength(1);
  // not on the first content line: an ordinary comment
  expect(runRule(servicesOrder, { code: `name: x\n# dclint disable\n${unsorted}` })).toHaveLength(1);
});

testRule(hostDevice, {
  valid: [
    {
      code: "services:\n  a:\n    image: x:1\n    devices: [/dev/net/tun, '/dev/ttyUSB0:/dev/ttyUSB0:rwm']\n",
    },
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    devices:\n      - /dev/./sda:/dev/sda\n      - /dev/loop-control\n",
      errors: [
        { range: "5:9-5:28", message: 'service "a" is given the host device /dev/sda' },
        { range: "6:9-6:26", message: "/dev/loop-control" },
      ],
    },
  ],
});

testRule(rootUser, {
  valid: [{ code: "services:\n  a:\n    image: x:1\n    user: '1000:0'\n" }],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    user: '0:0'\n",
      errors: [{ range: "4:5-4:16", message: "runs as root (user: 0:0)" }],
    },
  ],
});

testRule(loggingDisabled, {
  valid: [{ code: "services:\n  a:\n    image: x:1\n    logging: {driver: local}\n" }],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    logging:\n      driver: none\n",
      errors: [{ range: "5:15-5:19", message: "keeps no logs" }],
    },
  ],
});

testRule(sharedPropagation, {
  valid: [{ code: "services:\n  a:\n    image: x:1\n    volumes: ['/mnt:/mnt:ro,rslave', 'data:/data']\n" }],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    volumes:\n      - /mnt:/mnt:ro,rshared\n      - type: bind\n        source: /srv\n        target: /srv\n        bind: {propagation: shared}\n",
      errors: [
        { range: "5:9-5:29", message: "(rshared propagation)" },
        { range: "9:29-9:35", message: "(shared propagation)" },
      ],
    },
  ],
});

testRule(tmpfsExec, {
  valid: [{ code: "services:\n  a:\n    image: x:1\n    tmpfs: /run\n" }],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    tmpfs: /tmp:exec,suid,size=1m\n",
      errors: [{ range: "4:12-4:34", message: "tmpfs /tmp allows exec and suid" }],
    },
  ],
});

testRule(capDropAll, {
  valid: [{ code: "services:\n  a:\n    image: x:1\n    cap_drop: [all]\n" }],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n",
      errors: [{ range: "2:3-2:4", message: "keeps the default capabilities" }],
    },
  ],
});

testRule(readOnly, {
  valid: [{ code: "services:\n  a:\n    image: x:1\n    read_only: true\n" }],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n",
      errors: [{ range: "2:3-2:4", message: "writable root filesystem" }],
    },
  ],
});

testRule(resourceLimits, {
  valid: [
    { code: "services:\n  a:\n    image: x:1\n    deploy: {resources: {limits: {memory: 1g, cpus: '1'}}}\n" },
  ],
  invalid: [
    {
      code: "services:\n  a:\n    image: x:1\n    mem_limit: 1g\n",
      errors: [{ range: "2:3-2:4", message: 'service "a" has no CPU limit' }],
    },
  ],
});
