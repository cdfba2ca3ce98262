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
