import { describe, expect, test } from "vitest";
import { documentKindOf } from "../src/documents/document-kind.js";

describe("documentKindOf: Dockerfiles are Enginefiles by another name", () => {
  test.each([
    ["file:///p/Enginefile", "plaintext", "enginefile"],
    ["file:///p/enginefile", "plaintext", "enginefile"],
    ["file:///p/api.Enginefile", "plaintext", "enginefile"],
    ["file:///p/Dockerfile", "plaintext", "enginefile"],
    ["file:///p/Dockerfile.dev", "plaintext", "enginefile"],
    ["file:///p/web.Dockerfile", "plaintext", "enginefile"],
    ["file:///p/Containerfile", "plaintext", "enginefile"],
    ["file:///p/Containerfile.prod", "plaintext", "enginefile"],
    // any case, as `enginekit lint DIR` walks them (build-file-names.ts of @enginekit/enginefile)
    ["file:///p/dockerfile", "plaintext", "enginefile"],
    ["file:///p/prod.dockerfile", "plaintext", "enginefile"],
    ["file:///p/build.containerfile", "plaintext", "enginefile"],
    ["file:///p/DOCKERFILE.dev", "plaintext", "enginefile"],
    ["file:///p/anything", "dockerfile", "enginefile"],
    ["file:///p/web.container.yaml", "yaml", "manifest"],
  ] as const)("%s (%s) is %s", (uri, languageId, kind) => {
    expect(documentKindOf(uri, languageId)).toBe(kind);
  });

  test.each([
    "file:///p/Dockerfile.dockerignore",
    "file:///p/Enginefile.engineignore",
    "file:///p/.dockerignore",
  ])("%s is an ignore file, whatever its language id", (uri) => {
    expect(documentKindOf(uri, "dockerfile")).toBe("ignorefile");
  });

  test.each(["file:///p/README.md", "file:///p/NotADockerfileReally", "file:///p/mydockerfile"])(
    "%s is not a build file",
    (uri) => {
      expect(documentKindOf(uri, "plaintext")).toBeUndefined();
    },
  );
});
