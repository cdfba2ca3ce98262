// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the Compose text uses ${…} interpolation syntax
/**
 * `enginekit compose config` in-process: the merged model, `--engine-json`'s bodies, errors and exit codes;
 * and `enginekit lint --fix` on a Compose file (the ordering, quoting and version fixes).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { runCaptured } from "./run-in-process.js";

const root = mkdtempSync(join(tmpdir(), "enginekit-compose-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
writeFileSync(
  join(root, "compose.yaml"),
  "name: demo\nservices:\n  web:\n    image: nginx:1.27\n    mem_limit: 64m\n",
);
writeFileSync(join(root, "compose.override.yaml"), "services:\n  web:\n    blkio_config: {weight: 5}\n");
writeFileSync(
  join(root, "ok.yaml"),
  "services:\n  app:\n    image: 'alpine:${TAG:-3.20}'\n    command: sleep 1\n",
);

test("config prints the merged project; an engine refusal goes to stderr with exit 1", async () => {
  const r = await runCaptured(["compose", "config"], {}, root);
  expect(JSON.parse(r.stdout)).toEqual({
    name: "demo",
    services: { web: { image: "nginx:1.27", mem_limit: "64m", blkio_config: { weight: 5 } } },
  });
  expect(r.stderr).toBe(
    'compose.override.yaml:3:28: error: service "web": blkio_config.weight must be between 10 and 1000 (compose/engine-limit)\n',
  );
  expect(r.code).toBe(1);
});

test("--engine-json prints each service's create body; -f and the environment are honoured", async () => {
  const r = await runCaptured(["compose", "config", "--engine-json", "-f", "ok.yaml"], { TAG: "3.21" }, root);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  const bodies = JSON.parse(r.stdout) as Record<
    string,
    { name: string; body: { Image: string; Cmd: string[] } }
  >;
  expect(Object.keys(bodies)).toEqual(["app"]);
  expect(bodies.app!.name).toMatch(/-app-1$/);
  expect(bodies.app!.body.Image).toBe("alpine:3.21");
  expect(bodies.app!.body.Cmd).toEqual(["sleep", "1"]);
});

test("lint --fix on a Compose file: version removed, ports quoted, services and keys sorted, comments kept", async () => {
  const dir = mkdtempSync(join(tmpdir(), "enginekit-compose-fix-"));
  try {
    writeFileSync(join(dir, ".git"), ""); // a repository root, so the walk stops here
    const text =
      'version: "3.8"\nservices:\n  # the site\n  web:\n    ports:\n      - 8080:80 # public\n    image: nginx:1.27\n  api:\n    image: node:22\n';
    writeFileSync(join(dir, "compose.yaml"), text);
    const r = await runCaptured(["lint", "--fix", "compose.yaml"], {}, dir);
    expect(r.stderr).toBe("");
    expect(readFileSync(join(dir, "compose.yaml"), "utf8")).toBe(
      'services:\n  api:\n    image: node:22\n  # the site\n  web:\n    image: nginx:1.27\n    ports:\n      - "8080:80" # public\n',
    );
    // what is left has no fix: the port on every interface
    expect(r.stdout).toContain("compose/port-all-interfaces");
    expect(r.stdout).not.toContain("compose/services-order");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

writeFileSync(
  join(root, "stack.yaml"),
  "name: st\nservices:\n  app:\n    image: alpine:3.20\n    init: true\n    deploy:\n      replicas: 2\n      resources: {reservations: {cpus: '0.0005'}}\n",
);

test("--engine-json adds each service's swarm spec (serviceSpec) beside the create body", async () => {
  const r = await runCaptured(["compose", "config", "--engine-json", "-f", "stack.yaml"], {}, root);
  expect(r.stderr).toBe("");
  const bodies = JSON.parse(r.stdout) as Record<
    string,
    { name: string; body: unknown; serviceSpec: unknown }
  >;
  expect(Object.keys(bodies.app!)).toEqual(["name", "body", "serviceSpec"]);
  expect(bodies.app!.serviceSpec).toMatchObject({
    Name: "st_app",
    Mode: { Replicated: { Replicas: 2 } },
    TaskTemplate: {
      ContainerSpec: { Image: "alpine:3.20", Init: true },
      Resources: { Reservations: { NanoCPUs: 500000 } },
    },
  });
});

test("--stack judges every service as a swarm service; --api-version sets the target", async () => {
  const stack = await runCaptured(["compose", "config", "--stack", "-f", "stack.yaml"], {}, root);
  expect(stack.code).toBe(1);
  expect(stack.stderr).toMatch(
    /^stack\.yaml:8:40: error: service "app": deploy\.resources\.reservations\.cpus must be 0 or at least 1000000 .*\(docker stack deploy\) \(compose\/engine-limit\)\n$/,
  );
  const old = await runCaptured(["compose", "config", "--api-version", "1.24", "-f", "stack.yaml"], {}, root);
  expect(old.code).toBe(0);
  expect(old.stderr).toMatch(
    /^stack\.yaml:5:11: warning: service "app": init \(HostConfig\.Init\) was added in engine API 1\.25; the project targets 1\.24/,
  );
  const bad = await runCaptured(["compose", "config", "--api-version", "2.0", "-f", "stack.yaml"], {}, root);
  expect([bad.code, bad.stderr]).toEqual([
    2,
    "enginekit: --api-version 2.0: use an engine API version from 1.12 to 1.41, e.g. 1.41\n",
  ]);
});

test("enginekit lint judges Compose files at the project's apiVersion (.enginekit.yaml, --api-version)", async () => {
  const dir = mkdtempSync(join(root, "target-"));
  writeFileSync(join(dir, "compose.yaml"), "services:\n  app:\n    image: alpine:3.20\n    init: true\n");
  const messages = async (args: string[]) => {
    const r = await runCaptured(["lint", "-f", "json", ...args], {}, dir);
    return (JSON.parse(r.stdout) as { files: { findings: { ruleId: string; message: string }[] }[] }).files
      .flatMap((f) => f.findings)
      .map((f) => `${f.ruleId} ${f.message}`);
  };
  expect(await messages(["--no-config"])).toEqual([]);
  const init = expect.stringMatching(
    /^compose\/engine-advisory service "app": init \(HostConfig\.Init\) was added in engine API 1\.25; the project targets 1\.24 \(the project's apiVersion\)/,
  );
  expect(await messages(["--no-config", "--api-version", "1.24"])).toEqual([init]);
  writeFileSync(join(dir, ".enginekit.yaml"), 'apiVersion: "1.24"\n');
  expect(await messages([])).toEqual([init]);
});
