/**
 * `unconfigured-build-secret` with a real Compose project on disk, through `lintFiles` (worker threads run
 * the same `lintOne`): the services whose `build:` builds an Enginefile provide their `build.secrets` ids
 * (`target`, else `source`), the message names the service, other Enginefiles are not judged by them, and
 * a change of the Compose file is seen by the next lint. No source of a secret appears in any finding.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { composeBuildSecretsFor } from "../src/node/compose-build-secrets.js";
import { lintFiles } from "../src/node/lint-files.js";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "enginekit-compose-secrets-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const COMPOSE = [
  "services:",
  "  web:",
  "    build:",
  "      context: ./app",
  "      secrets:",
  "        - npmrc",
  "        - source: gh",
  "          target: github_token",
  "  worker:",
  "    build:",
  "      context: ./app",
  "      dockerfile: worker.Enginefile",
  "      secrets: [npmrc]",
  "  db:",
  "    image: postgres:16",
  "secrets:",
  "  npmrc:",
  "    file: ./SOURCE-FILE-npmrc",
  "  gh:",
  "    environment: SOURCE_VARIABLE_GH",
  "",
].join("\n");

const findingsOf = async (root: string, path: string) => {
  const [r] = await lintFiles([path], { cwd: root, workers: 0, shellcheck: false });
  return (r?.findings ?? []).filter((f) => f.ruleId === "unconfigured-build-secret");
};

describe("Compose build secrets for unconfigured-build-secret", () => {
  const root = project({
    "compose.yaml": COMPOSE,
    "app/Enginefile": [
      "FROM alpine:3",
      "RUN --mount=type=secret,id=npmrc --mount=type=secret,id=github_token true",
      "RUN --mount=type=secret,id=gh true",
      "",
    ].join("\n"),
    "app/worker.Enginefile": "FROM alpine:3\nRUN --mount=type=secret,id=github_token true\n",
    "tools/Enginefile": "FROM alpine:3\nRUN --mount=type=secret,id=anything true\n",
  });

  test("the target is the id; a source renamed by its target is missing, and the service is named", async () => {
    const found = await findingsOf(root, "app/Enginefile");
    expect(found.map((f) => [f.range.start.line + 1, f.message])).toEqual([
      [
        3,
        'Secret "gh" is not in the build.secrets of service "web": unless --secret id=gh is given, BuildKit skips the mount silently and the step runs without /run/secrets/gh.',
      ],
    ]);
    expect(JSON.stringify(found)).not.toMatch(/SOURCE/);
  });

  test("build.dockerfile picks the service", async () => {
    {
      const found = await findingsOf(root, "app/worker.Enginefile");
      expect(found.map((f) => f.message)).toEqual([
        'Secret "github_token" is not in the build.secrets of service "worker": unless --secret id=github_token is given, BuildKit skips the mount silently and the step runs without /run/secrets/github_token.',
      ]);
    }
  });

  test("an Enginefile no service builds is not judged by the project's services", async () => {
    expect(await findingsOf(root, "tools/Enginefile")).toEqual([]);
    expect(
      await composeBuildSecretsFor(join(root, "tools/Enginefile"), "RUN --mount=type=secret,id=x"),
    ).toEqual({});
  });

  test("an Enginefile that mounts no secret does not look for a project", async () => {
    expect(await composeBuildSecretsFor(join(root, "app/Enginefile"), "FROM alpine\nRUN true\n")).toEqual({});
  });

  test("an override file adds ids, and a changed Compose file is read again", async () => {
    const dir = project({
      "compose.yaml": "services:\n  api:\n    build: .\n    secrets: []\n",
      Enginefile: "FROM alpine:3\nRUN --mount=type=secret,id=token true\n",
    });
    // the service lists no build secrets: silent, as without configuration
    expect(await findingsOf(dir, "Enginefile")).toEqual([]);
    writeFileSync(
      join(dir, "compose.yaml"),
      "services:\n  api:\n    build:\n      context: .\n      secrets: [tokn]\nsecrets:\n  tokn: {file: ./t}\n",
    );
    expect((await findingsOf(dir, "Enginefile")).map((f) => f.message)).toEqual([
      expect.stringContaining(
        'Secret "token" is not in the build.secrets of service "api" (did you mean "tokn"?)',
      ),
    ]);
    writeFileSync(
      join(dir, "compose.override.yaml"),
      "services:\n  api:\n    build:\n      secrets: [{source: tokn, target: token}]\n",
    );
    expect(await findingsOf(dir, "Enginefile")).toEqual([]);
  });

  test("a project Compose refuses (a syntax error) is not used to judge", async () => {
    const dir = project({
      "compose.yaml": "services:\n  api:\n    build: {context: ., secrets: [a]\n",
      Enginefile: "FROM alpine:3\nRUN --mount=type=secret,id=token true\n",
    });
    expect(await findingsOf(dir, "Enginefile")).toEqual([]);
  });
});
