/**
 * The extension's file patterns are generated from the one definition of build-file and ignore-file
 * names (`build-file-names.ts` of `@enginekit/enginefile`) and must not drift from it (issue 30, item 7): over a list of
 * names, each glob (matched as VS Code matches document filters and `findFiles`, here with Node's
 * `path.matchesGlob`) selects exactly the names the definition classifies so, and the language contribution
 * (matched in any case by VS Code: it lower-cases names and patterns) claims exactly the Enginefile family.
 */
import { matchesGlob } from "node:path";
import { isComposeFileName } from "@enginekit/compose/schema-free";
import { buildFileFamily, isIgnoreFileName } from "@enginekit/enginefile";
import { describe, expect, test } from "vitest";
import { documentSelector } from "../src/client/document-selector.js";
import {
  COMPOSE_GLOB,
  DOCKERFILE_GLOB,
  ENGINEFILE_FILENAME_PATTERNS,
  ENGINEFILE_FILENAMES,
  ENGINEFILE_GLOB,
  IGNORE_FILE_GLOB,
} from "../src/manifest/file-patterns.js";

const NAMES = [
  "Enginefile",
  "enginefile",
  "web.Enginefile",
  "web.enginefile",
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
  "README.md",
  "Dockerfiles",
  "mydockerfile",
  "notes.txt",
  "compose.yaml",
  "compose.yml",
  "docker-compose.yml",
  "docker-compose.override.yml",
  "compose.override.yaml",
  "docker-compose.prod.yaml",
  "compose-dev.yml",
  "Docker-Compose.YML",
  "composer.yml",
  "compose.json",
  "my-compose.yml",
  "docker-compose",
];

/** A name in a workspace folder, as VS Code gives a document filter or `findFiles` its path. */
const at = (name: string) => `/workspace/app/sub/${name}`;

describe("the extension's file patterns follow @enginekit/enginefile", () => {
  test("ENGINEFILE_GLOB and DOCKERFILE_GLOB select each family in any case; IGNORE_FILE_GLOB the ignore files", () => {
    for (const name of NAMES) {
      const family = buildFileFamily(name);
      if (!isIgnoreFileName(name)) {
        expect(matchesGlob(at(name), ENGINEFILE_GLOB), name).toBe(family === "Enginefile");
        expect(matchesGlob(at(name), DOCKERFILE_GLOB), name).toBe(
          family === "Dockerfile" || family === "Containerfile",
        );
      }
      expect(matchesGlob(at(name), IGNORE_FILE_GLOB), name).toBe(isIgnoreFileName(name));
    }
  });

  test("COMPOSE_GLOB selects exactly the Compose file names (isComposeFileName of @enginekit/compose)", () => {
    for (const name of NAMES) expect(matchesGlob(at(name), COMPOSE_GLOB), name).toBe(isComposeFileName(name));
    // VS Code's glob (unlike Node's) does not nest braces: the alternatives are one flat list
    expect(COMPOSE_GLOB.slice(4, -1)).not.toMatch(/[{}]/);
  });

  test("the document selector syncs every build file (Dockerfiles per setting) and ignore file by name", () => {
    for (const dockerfiles of [true, false]) {
      const patterns = documentSelector({ dockerfiles, manifests: [] }).flatMap((f) =>
        "pattern" in f ? [f.pattern] : [],
      );
      for (const name of NAMES) {
        const family = buildFileFamily(name);
        const served =
          isIgnoreFileName(name) ||
          family === "Enginefile" ||
          (dockerfiles && family !== undefined) ||
          isComposeFileName(name);
        expect(
          patterns.some((p) => matchesGlob(at(name), p)),
          `${name} (dockerfiles: ${dockerfiles})`,
        ).toBe(served);
      }
    }
  });

  test("the enginefile language claims the Enginefile family (VS Code matches names in any case)", () => {
    for (const name of NAMES) {
      if (isIgnoreFileName(name)) continue;
      const lower = name.toLowerCase();
      const claimed =
        ENGINEFILE_FILENAMES.some((f) => f.toLowerCase() === lower) ||
        ENGINEFILE_FILENAME_PATTERNS.some((p) => matchesGlob(lower, p.toLowerCase()));
      expect(claimed, name).toBe(buildFileFamily(name) === "Enginefile");
    }
  });
});
