// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Compose text, where ${…} is interpolation syntax
/**
 * The `compose/*` rules through the linter (rule tester: exact ranges, fixes, documented examples), and
 * `enginekit lint` on a real folder: Compose files found by default with their override merged, `compose:
 * false` turning it off, and every output format carrying the findings (SARIF validated).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { FORMATTERS } from "../../src/formats/registry.js";
import { lintFiles } from "../../src/node/lint-files.js";
import composeEngineLimit from "../../src/rules/compose/engine-limit.js";
import composeUndefinedNetwork from "../../src/rules/compose/undefined-network.js";
import composeUnknownKey from "../../src/rules/compose/unknown-key.js";
import composeUnsetVariable from "../../src/rules/compose/unset-variable.js";
import { RULES } from "../../src/rules/registry.js";
import { testRule } from "../../src/testing/rule-tester.js";

testRule(composeUnknownKey, {
  valid: [{ code: "services:\n  web:\n    image: nginx:1.27\n    x-team: web\n" }],
  invalid: [
    {
      code: "services:\n  web:\n    image: nginx:1.27\n    restrat: always\n",
      errors: [{ range: "4:5-4:12", message: 'unknown key "restrat"; did you mean "restart"?' }],
      output: "services:\n  web:\n    image: nginx:1.27\n    restart: always\n",
    },
  ],
});

testRule(composeEngineLimit, {
  valid: [{ code: "services:\n  web:\n    image: nginx:1.27\n    shm_size: 0\n    mem_limit: 6m\n" }],
  invalid: [
    {
      code: "services:\n  web:\n    image: nginx:1.27\n    blkio_config: {weight: 5}\n    mem_limit: 4m\n",
      errors: [
        { range: "4:28-4:29", message: "blkio_config.weight must be between 10 and 1000" },
        {
          range: "5:16-5:18",
          message: 'mem_limit must be 0 or at least 6291456 bytes (6 MB) ("4m" is 4194304)',
        },
      ],
    },
  ],
});

testRule(composeUndefinedNetwork, {
  valid: [{ code: "services:\n  web:\n    image: nginx:1.27\n    networks: [default]\n" }],
  invalid: [
    { code: "services:\n  web:\n    image: x\n    networks:\n      back: {}\n", errors: ["5:7-5:11"] },
  ],
});

testRule(composeUnsetVariable, {
  valid: [{ code: 'services:\n  web:\n    image: "nginx:${TAG:-1}"\n' }],
  invalid: [
    {
      code: 'services:\n  web:\n    image: "nginx:${TAG}"\n',
      errors: [{ range: "3:19-3:25", message: '"TAG"' }],
    },
  ],
});

test("every Compose finding code is a rule, with the same severity", async () => {
  const { COMPOSE_FINDING_CODES } = await import("@enginekit/compose");
  const rules = new Map(RULES.filter((r) => r.meta.appliesTo === "compose").map((r) => [r.meta.id, r]));
  // the others are the linter's own Compose rules (dclint's and compose-lint's checks)
  for (const code of Object.keys(COMPOSE_FINDING_CODES)) expect(rules.has(code), code).toBe(true);
  for (const [id, info] of Object.entries(COMPOSE_FINDING_CODES))
    expect(rules.get(id)?.meta.severity).toBe(info.severity);
});

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "enginekit-compose-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  execFileSync("git", ["init", "-q"], { cwd: root });
  return root;
}

describe("enginekit lint on a folder with compose.yaml and docker-compose.override.yml", () => {
  const root = folder({
    "compose.yaml":
      "services:\n  web:\n    image: nginx:1.27\n    mem_limit: 4m\n  db:\n    image: postgres:16\n",
    "docker-compose.override.yml":
      "services:\n  web:\n    networks: [front]\n    blkio_config:\n      weight: 2000\n",
    "docker-compose.prod.yml": "services:\n  web:\n    image: nginx:1.27\n",
    "deploy/app.yaml": "anything: true\n",
  });
  const shown = (results: Awaited<ReturnType<typeof lintFiles>>) =>
    results.flatMap((r) =>
      r.findings.map(
        (f) => `${r.path}:${f.range.start.line + 1}:${f.range.start.character + 1} ${f.ruleId} ${f.message}`,
      ),
    );

  test("both files are found (only the default names), each with the findings of its own lines", async () => {
    const results = await lintFiles(["."], { cwd: root, workers: 0 });
    expect(results.map((r) => [r.path, r.kind])).toEqual([
      ["compose.yaml", "compose"],
      ["docker-compose.override.yml", "compose"],
    ]);
    expect(shown(results)).toEqual([
      'compose.yaml:4:16 compose/engine-limit service "web": mem_limit must be 0 or at least 6291456 bytes (6 MB) ("4m" is 4194304)',
      'compose.yaml:5:3 compose/services-order service "db" is out of alphabetical order',
      'docker-compose.override.yml:3:16 compose/undefined-network service "web" refers to undefined network front',
      'docker-compose.override.yml:5:15 compose/engine-limit service "web": blkio_config.weight must be between 10 and 1000',
    ]);
  });

  test("a Compose-named file given by name is linted as a Compose file", async () => {
    const results = await lintFiles(["docker-compose.prod.yml"], { cwd: root, workers: 0 });
    expect(results.map((r) => [r.path, r.kind, r.findings.length])).toEqual([
      ["docker-compose.prod.yml", "compose", 0],
    ]);
  });

  test("--no-compose (compose: false) leaves them out", async () => {
    const results = await lintFiles(["."], { cwd: root, workers: 0, overrides: { compose: false } });
    expect(results).toEqual([]);
  });

  test("every output format carries the findings", async () => {
    const results = await lintFiles(["."], { cwd: root, workers: 0 });
    const context = { color: false, version: "0.0.0" };
    for (const [name, format] of Object.entries(FORMATTERS)) {
      expect(format!(results, context), name).toContain("compose/engine-limit");
    }
    const sarif = JSON.parse(FORMATTERS.sarif!(results, context)) as {
      runs: {
        results: {
          ruleId: string;
          locations: {
            physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
          }[];
        }[];
      }[];
    };
    expect(
      sarif.runs[0]!.results.map(
        (r) =>
          `${r.locations[0]!.physicalLocation.artifactLocation.uri}:${r.locations[0]!.physicalLocation.region.startLine} ${r.ruleId}`,
      ),
    ).toEqual([
      "compose.yaml:4 compose/engine-limit",
      "compose.yaml:5 compose/services-order",
      "docker-compose.override.yml:3 compose/undefined-network",
      "docker-compose.override.yml:5 compose/engine-limit",
    ]);
  });

  test("# enginekit-ignore suppresses a Compose finding on the next line", async () => {
    const r = folder({
      "compose.yaml":
        "services:\n  web:\n    image: x:1\n    # enginekit-ignore compose/engine-limit -- tested\n    mem_limit: 4m\n",
    });
    const results = await lintFiles(["."], { cwd: r, workers: 0 });
    expect(shown(results)).toEqual([]);
  });
});
