/**
 * One definition of build-file names (`build-file-names.ts` of `@enginekit/enginefile`) for `enginekit lint DIR`'s walk and
 * the pre-commit hook (issue 30, item 7): the walk finds `dockerfile`, `prod.dockerfile`,
 * `build.containerfile` (any case, as `enginekit build` takes `dockerfile`), and `.pre-commit-hooks.yaml`'s
 * `files` is the pattern generated from the definition plus the manifest kinds, selecting exactly the
 * files the walk lints. The GitHub Action runs `enginekit lint` on folders, so it walks the same names.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAndIgnoreFilePathPattern } from "@enginekit/enginefile";
import { describe, expect, test } from "vitest";
import { kindInDirectory } from "../src/discovery/file-kind.js";
import { discoverFiles } from "../src/node/discover.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** Names a project may hold, build files, ignore files and manifests among others. */
const NAMES = [
  "Enginefile",
  "enginefile",
  "web.Enginefile",
  "Enginefile.prod",
  "Dockerfile",
  "dockerfile",
  "DOCKERFILE",
  "Dockerfile.dev",
  "api.Dockerfile",
  "prod.dockerfile",
  "Containerfile",
  "containerfile",
  "build.containerfile",
  "Build.Containerfile",
  "Containerfile.ci",
  ".dockerignore",
  ".engineignore",
  "Dockerfile.dockerignore",
  "web.Enginefile.engineignore",
  "web.container.yaml",
  "api.SERVICE.json",
  "README.md",
  "Dockerfiles",
  "mydockerfile",
  "docker-compose.yml",
  "notes.txt",
];

describe("build-file names: one definition for the walk and the pre-commit hook", () => {
  test("lint DIR walks every build-file name in any case, ignore files, manifests and Compose files, nothing else", async () => {
    const dir = mkdtempSync(join(tmpdir(), "enginekit-names-"));
    mkdirSync(join(dir, "sub"));
    for (const name of NAMES) writeFileSync(join(dir, "sub", name), "FROM scratch\n");
    const found = (
      await discoverFiles([dir], dir, {
        isExcluded: () => false,
        dockerfiles: () => true,
        isManifest: () => false,
      })
    ).map((f) => `${relative(dir, f.path)} ${f.kind}`);
    expect(found.sort()).toEqual(
      [
        "sub/.dockerignore ignorefile",
        "sub/.engineignore ignorefile",
        "sub/Build.Containerfile enginefile",
        "sub/Containerfile enginefile",
        "sub/Containerfile.ci enginefile",
        "sub/DOCKERFILE enginefile",
        "sub/Dockerfile enginefile",
        "sub/Dockerfile.dev enginefile",
        "sub/Dockerfile.dockerignore ignorefile",
        "sub/Enginefile enginefile",
        "sub/Enginefile.prod enginefile",
        "sub/api.Dockerfile enginefile",
        "sub/api.SERVICE.json manifest",
        "sub/docker-compose.yml compose",
        "sub/build.containerfile enginefile",
        "sub/containerfile enginefile",
        "sub/dockerfile enginefile",
        "sub/enginefile enginefile",
        "sub/prod.dockerfile enginefile",
        "sub/web.Enginefile enginefile",
        "sub/web.Enginefile.engineignore ignorefile",
        "sub/web.container.yaml manifest",
      ].sort(),
    );
  });

  test(".pre-commit-hooks.yaml selects the files the walk lints, with the pattern generated from the definition", () => {
    const hooks = readFileSync(join(repo, ".pre-commit-hooks.yaml"), "utf8");
    const files = /^ {2}files: (.*)$/m.exec(hooks)?.[1] ?? "";
    const manifests = "(?i:[.](container|service|network|volume|swarm)[.](ya?ml|json))$";
    // Compose's default and override file names (@enginekit/compose), which the walk lints by default
    const compose = "(^|/)(docker-)?compose([.]override)?[.]ya?ml$";
    expect(files).toBe(`${buildAndIgnoreFilePathPattern()}|${manifests}|${compose}`);
    // pre-commit matches `files` with Python's re.search against the repository-relative path
    const selects = new RegExp(files);
    for (const name of NAMES)
      for (const path of [name, `deploy/sub/${name}`])
        expect(selects.test(path), path).toBe(kindInDirectory(name, { dockerfiles: true }) !== undefined);
    // the same text as documented
    expect(readFileSync(join(repo, "docs", "ci.md"), "utf8")).toContain(`files: ${files}\n`);
  });
});
