import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { DiscoveryError, discoverFiles } from "../src/node/discover.js";
import { lintFiles } from "../src/node/lint-files.js";

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "enginekit-lint-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

describe("lintFiles on a real folder", () => {
  const root = project({
    Enginefile: "FROM alpine:3.20\nCOPY secrets/key.pem /app/\n",
    ".engineignore": "secrets\n",
    "api/api.Enginefile": "FROM node\n",
    "api/Enginefile.dev": "FROM node:22\nRUN sudo true\n",
    "api/Dockerfile": "FROM ubuntu\n",
    "deploy/web.container.yaml": "Image: alpine:3.20\nHostConfig:\n  BlkioWeight: 5\n",
    "deploy/notes.yaml": "anything: true\n",
    "vendor/Enginefile": "FROM ubuntu\n",
    "build/Enginefile": "FROM ubuntu\n",
    "node_modules/x/Enginefile": "FROM ubuntu\n",
    ".enginekit.yaml": "ignore: [vendor]\n",
    ".gitignore": "build/\n",
  });
  roots.push(root);
  execFileSync("git", ["init", "-q"], { cwd: root });

  test("finds Enginefile names and manifests, skipping ignore patterns, git-ignored files and node_modules", async () => {
    const results = await lintFiles(["."], { cwd: root });
    expect(results.map((r) => `${r.path} ${r.kind}`)).toEqual([
      ".engineignore ignorefile",
      "Enginefile enginefile",
      "api/Dockerfile enginefile",
      "api/Enginefile.dev enginefile",
      "api/api.Enginefile enginefile",
      "deploy/web.container.yaml manifest",
    ]);
  });

  test("COPY of a path .engineignore excludes is reported through the shared matcher", async () => {
    const [r] = await lintFiles(["Enginefile"], { cwd: root });
    expect(r?.findings.map((f) => f.ruleId)).toEqual(["copy-ignored-file"]);
  });

  test("Dockerfile- and Containerfile-named files by default, not with dockerfiles: false; a named file whatever its name", async () => {
    const all = await lintFiles(["api"], { cwd: root });
    expect(all.map((r) => r.path)).toContain("api/Dockerfile");
    const off = await lintFiles(["api"], { cwd: root, overrides: { dockerfiles: false } });
    expect(off.map((r) => r.path)).not.toContain("api/Dockerfile");
    const named = await lintFiles(["deploy/notes.yaml"], { cwd: root });
    expect(named[0]?.kind).toBe("manifest");
  });

  test("a folder holding only Dockerfile-family files is linted, with .dockerignore seen by copy-ignored-file", async () => {
    const dir = project({
      Dockerfile: "FROM alpine:3.20\nCOPY secret.txt /app/\n",
      ".dockerignore": "secret.txt\n",
      "web/Containerfile": "FROM alpine:3.20\n",
      "web/prod.Dockerfile": "FROM alpine:3.20\n",
      "web/Dockerfile.dockerignore": "x\n",
    });
    roots.push(dir);
    const results = await lintFiles(["."], { cwd: dir });
    expect(results.map((r) => r.path)).toEqual([
      ".dockerignore",
      "Dockerfile",
      "web/Containerfile",
      "web/Dockerfile.dockerignore",
      "web/prod.Dockerfile",
    ]);
    const copy = results[1]?.findings.find((f) => f.ruleId === "copy-ignored-file");
    expect(copy?.message).toBe(
      '"secret.txt" is excluded by .dockerignore, so it is not in the build context.',
    );
  });

  test("a missing path is a DiscoveryError naming it", async () => {
    await expect(lintFiles(["nope"], { cwd: root })).rejects.toThrow(DiscoveryError);
    await expect(lintFiles(["nope"], { cwd: root })).rejects.toThrow("nope: no such file or directory");
  });

  test("failing counts findings at or above the threshold", async () => {
    const [low] = await lintFiles(["api/api.Enginefile"], { cwd: root });
    expect(low?.failing).toBe(1);
    const [high] = await lintFiles(["api/api.Enginefile"], {
      cwd: root,
      overrides: { failureThreshold: "error" },
    });
    expect(high?.failing).toBe(0);
  });

  test("stdin text is linted with the kind and configuration of its --stdin-filename", async () => {
    const [r] = await lintFiles(
      [],
      { cwd: root },
      { text: "Image: x:1\nHostConfig: {BlkioWeight: 2}\n", fileName: "deploy/x.container.yaml" },
    );
    expect(r?.findings.map((f) => f.ruleId)).toEqual(["manifest/limit"]);
  });
});

describe("configuration read on demand (start-up)", () => {
  // lintFiles loads the YAML + config-schema reader only when a configuration file can apply; these pin
  // that a single file (or stdin) still gets the configuration of its folder or an ancestor.
  const root = project({
    ".enginekit.yaml": "rules:\n  no-sudo: off\n",
    "app/Enginefile": "FROM node:22\nRUN sudo true\n",
    "broken/.enginekit.yaml": "rules: [\n",
    "broken/Enginefile": "FROM node:22\n",
  });
  roots.push(root);
  const isolated = project({ Enginefile: "FROM node:22\nRUN sudo true\n" });
  roots.push(isolated);

  test("a single file gets the configuration found upward from its folder", async () => {
    const [r] = await lintFiles(["app/Enginefile"], { cwd: root });
    expect(r?.findings.map((f) => f.ruleId)).toEqual([]);
    const [stdin] = await lintFiles(
      [],
      { cwd: root },
      { text: "FROM node:22\nRUN sudo true\n", fileName: "app/x.Enginefile" },
    );
    expect(stdin?.findings.map((f) => f.ruleId)).toEqual([]);
  });

  test("a broken configuration of a single file is a ConfigError with line and column", async () => {
    await expect(lintFiles(["broken/Enginefile"], { cwd: root })).rejects.toThrow(
      /broken\/\.enginekit\.yaml:\d+:\d+: /,
    );
  });

  test("without a configuration file the defaults apply, and --no-config ignores one", async () => {
    const [r] = await lintFiles(["Enginefile"], { cwd: isolated });
    expect(r?.findings.map((f) => f.ruleId)).toEqual(["no-sudo"]);
    const [ignored] = await lintFiles(["app/Enginefile"], { cwd: root, overrides: { noConfig: true } });
    expect(ignored?.findings.map((f) => f.ruleId)).toEqual(["no-sudo"]);
  });

  // a directory with no configuration upward is walked without the reader; one met deeper in the walk
  // loads it as the walk enters that folder (the tree is walked once)
  const nested = project({
    Enginefile: "FROM node:22\nRUN sudo true\n",
    "a/b/.hadolint.yaml": "ignored: [DL3004]\n",
    "a/b/Enginefile": "FROM node:22\nRUN sudo true\n",
    "a/b/vendor/Enginefile": "FROM node:22\nRUN sudo true\n",
    "a/c/.enginekit.yaml": "ignore: [vendor]\nrules:\n  no-sudo: error\n",
    "a/c/vendor/Enginefile": "FROM node:22\nRUN sudo true\n",
    "a/c/Enginefile": "FROM node:22\nRUN sudo true\n",
    "z/.enginekit.yaml": "rules: [\n",
  });
  roots.push(nested);

  test("a walk applies configuration files met only below the folder given", async () => {
    await expect(lintFiles(["."], { cwd: nested })).rejects.toThrow(/^.*z\/\.enginekit\.yaml:2:1: /);
    rmSync(join(nested, "z"), { recursive: true });
    const results = await lintFiles(["."], { cwd: nested });
    const sudo = (r: (typeof results)[number]) =>
      r.findings.filter((f) => f.ruleId === "no-sudo").map((f) => f.severity);
    expect(results.map((r) => [r.path, sudo(r)])).toEqual([
      ["Enginefile", ["warning"]],
      ["a/b/Enginefile", []],
      ["a/b/vendor/Enginefile", []],
      ["a/c/Enginefile", ["error"]],
    ]);
  });

  test("the walk enters each folder once, and waits for what entering it starts before asking about its entries", async () => {
    const log: string[] = [];
    const rel = (p: string) => relative(nested, p) || ".";
    let loading = false;
    await discoverFiles(["."], nested, {
      enterFolder: (dir) => {
        log.push(`enter ${rel(dir)}`);
        if (!dir.endsWith(join("a", "c"))) return undefined;
        loading = true;
        return new Promise<void>((done) =>
          setTimeout(() => {
            loading = false;
            log.push("loaded");
            done();
          }, 20),
        );
      },
      isExcluded: (p) => {
        if (loading) log.push(`asked about ${rel(p)} while loading`);
        return false;
      },
      dockerfiles: () => true,
      isManifest: () => false,
    });
    const entered = log.filter((l) => l.startsWith("enter "));
    expect(entered.sort()).toEqual(
      ["enter .", "enter a", "enter a/b", "enter a/b/vendor", "enter a/c", "enter a/c/vendor"].sort(),
    );
    expect(log.filter((l) => l.endsWith("while loading"))).toEqual([]);
    expect(log.indexOf("loaded")).toBe(log.indexOf("enter a/c") + 1);
  });
});

describe("--fix", () => {
  test("rewrites files atomically until stable and leaves no temporary file", async () => {
    const root = project({
      Enginefile:
        "from alpine:3.20\nRUN apt-get install curl\nMAINTAINER me\nCMD node app.js\nEXPOSE 80/TCP\n",
      "web.container.yaml": "Image: alpine:3.20\nHostConfig:\n  Memroy: 1\n",
    });
    roots.push(root);
    const results = await lintFiles(["."], { cwd: root, fix: true });
    expect(readFileSync(join(root, "Enginefile"), "utf8")).toBe(
      'FROM alpine:3.20\nRUN apt-get install -y --no-install-recommends curl\nLABEL org.opencontainers.image.authors="me"\nCMD ["node", "app.js"]\nEXPOSE 80/tcp\n',
    );
    expect(readFileSync(join(root, "web.container.yaml"), "utf8")).toBe(
      "Image: alpine:3.20\nHostConfig:\n  Memory: 1\n",
    );
    expect(results.reduce((n, r) => n + r.fixesApplied, 0)).toBeGreaterThanOrEqual(7);
    expect(readdirSync(root).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});
