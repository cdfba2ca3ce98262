/** `enginekit build --list` and `--output`: no engine needed. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

describe("enginekit build --list", () => {
  it("prints every path sent and, for each excluded path, the line and pattern that excluded it", async () => {
    const ctx = tree({
      Enginefile: "FROM scratch\n",
      ".engineignore": "# deps\nnode_modules\n*.log\n!keep.log\n",
      "node_modules/x/index.js": "",
      "debug.log": "",
      "keep.log": "",
      "src/a.ts": "",
    });
    const r = await runCaptured(["build", ctx, "--list"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "send     .engineignore",
        "send     Enginefile",
        "exclude  debug.log  (.engineignore:3: *.log)",
        "send     keep.log",
        "exclude  node_modules/  (.engineignore:2: node_modules)",
        "send     src/",
        "send     src/a.ts",
        "",
      ].join("\n"),
    );
    expect(r.stderr).toMatch(
      /^5 entries to send \(.+\), 2 excluded\nbuild file: {2}Enginefile \(the default name Enginefile\)\nignore file: \.engineignore \(the context's \.engineignore\)\n/,
    );
    expect(r.stderr).toContain(
      [
        "patterns:",
        "  .engineignore:2  node_modules  matches 1 path",
        "  .engineignore:3  *.log  matches 2 paths",
        "  .engineignore:4  !keep.log  matches 1 path",
        "",
      ].join("\n"),
    );
  });
  it("a Dockerfile context: --list says which build file and ignore file were used, and why", async () => {
    const ctx = tree({
      Dockerfile: "FROM scratch\n",
      ".dockerignore": "secret.txt\n",
      "secret.txt": "s",
      "a.js": "",
    });
    const r = await runCaptured(["build", ctx, "--list"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "send     .dockerignore",
        "send     Dockerfile",
        "send     a.js",
        "exclude  secret.txt  (.dockerignore:1: secret.txt)",
        "",
      ].join("\n"),
    );
    expect(r.stderr).toContain(
      "build file:  Dockerfile (no Enginefile or enginefile in the context; default names in order: Enginefile, enginefile, Dockerfile, dockerfile, Containerfile)\n",
    );
    expect(r.stderr).toContain(
      "ignore file: .dockerignore (the context's .dockerignore, as the engine CLI reads it (no .engineignore))\n",
    );
  });
  it("says which patterns match nothing in the context", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\n", ".engineignore": "*.tmp\nbuild\n", "a.tmp": "" });
    const r = await runCaptured(["build", ctx, "--list"]);
    expect(r.stderr).toContain("  .engineignore:2  build  matches 0 paths (nothing in this context)\n");
    expect(r.stderr).toContain("  .engineignore:1  *.tmp  matches 1 path\n");
  });
  it("shows the engine CLI's walker behaviour with --exceptions engine-cli", async () => {
    const ctx = tree({ Enginefile: "x", ".engineignore": "vendor\n!**/*.keep\n", "vendor/a.keep": "" });
    const exact = await runCaptured(["build", ctx, "--list"]);
    expect(exact.stdout).toContain("send     vendor/a.keep\n");
    const cli = await runCaptured(["build", ctx, "--list", "--exceptions", "engine-cli"]);
    expect(cli.stdout).not.toContain("vendor/a.keep");
    expect(cli.stdout).toContain("exclude  vendor/  (.engineignore:1: vendor)");
  });
});

describe("enginekit build --output", () => {
  it("writes the archive to a file that GNU tar reads, identical across runs with --reproducible", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\n", "a/b.txt": "hello" });
    const outside = tree({});
    const out1 = join(outside, "ctx1.tar");
    const out2 = join(outside, "ctx2.tar");
    expect((await runCaptured(["build", ctx, "--reproducible", "-o", out1])).code).toBe(0);
    expect((await runCaptured(["build", ctx, "--reproducible", "-o", out2])).code).toBe(0);
    expect(readFileSync(out1).equals(readFileSync(out2))).toBe(true);
    expect(execFileSync("tar", ["-tf", out1]).toString()).toBe("Enginefile\na/\na/b.txt\n");
  });
  it("fails with exit 2 for a missing context or Enginefile", async () => {
    const r = await runCaptured(["build", "/nonexistent/ctx", "--list"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("does not exist");
    const ctx = tree({ x: "" });
    const r2 = await runCaptured(["build", ctx, "--list"]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain("cannot find a build file in");
    expect(r2.stderr).toContain("use -f to name one");
  });
});
