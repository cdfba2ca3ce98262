/**
 * Fault injection on outputs, on the real command (docs/security.md "Output files", docs/cli.md
 * "Output"). Before the output writer, as root: `build -o /dev/full` replaced the device node with a
 * regular file, a FIFO's reader got nothing, a symbolic link was replaced, `-o >(…)` failed with ENOENT
 * on `/dev/fd/63.partial-…`; `build -o - > /dev/full` exited 0; lint to
 * `/dev/full` or `| head -c1` printed a stack trace and exited 1; `--fix` split hard links, replaced
 * symbolic links, made root the owner and rewrote read-only files.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  closeSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEEDS_BUILD, skipIf } from "../../../../vitest.shared.js";
import { built, bundle, isRoot, leftoverTemps, NOBODY, node, runEnginekit } from "./run-command.js";

const dir = mkdtempSync(join(tmpdir(), "enginekit-outputs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FIXABLE = "FROM alpine:3.19\nrun echo one\n";
const FIXED = "FROM alpine:3.19\nRUN echo one\n";
let archive: Buffer;

beforeAll(async () => {
  mkdirSync(join(dir, "ctx"));
  writeFileSync(join(dir, "ctx", "Enginefile"), "FROM alpine:3.19\nCOPY a.txt /\n");
  writeFileSync(join(dir, "ctx", "a.txt"), "hello\n");
  const r = await runEnginekit(["build", "ctx", "-o", "reference.tar"], { cwd: dir });
  expect(r.code).toBe(0);
  archive = readFileSync(join(dir, "reference.tar"));
});

describe("special output targets are written directly, never replaced", skipIf(!built, NEEDS_BUILD), () => {
  it("a character device: ENOSPC from a /dev/full node is one line, exit 3, and the node stays", async () => {
    // A private copy of /dev/full as root (mknod), so a regression cannot replace the real one.
    const full = join(dir, "full");
    if (isRoot) spawnSync("mknod", [full, "c", "1", "7"]);
    const target = isRoot ? full : "/dev/full";
    const r = await runEnginekit(["build", "ctx", "-o", target], { cwd: dir });
    expect(r).toMatchObject({ code: 3, stdout: "" });
    expect(r.stderr).toBe(`enginekit: cannot write ${target}: no space left on device (ENOSPC)\n`);
    expect(statSync(target).isCharacterDevice()).toBe(true);
    expect(leftoverTemps(dir)).toEqual([]);
  });

  it("a FIFO: its reader gets the whole archive and it stays a FIFO", async () => {
    const fifo = join(dir, "fifo");
    spawnSync("mkfifo", [fifo]);
    const reader = spawn("cat", [fifo]);
    const chunks: Buffer[] = [];
    reader.stdout.on("data", (d: Buffer) => chunks.push(d));
    const read = new Promise((done) => reader.on("close", done));
    const r = await runEnginekit(["build", "ctx", "-o", "fifo"], { cwd: dir });
    await read;
    expect(r.code).toBe(0);
    expect(Buffer.concat(chunks).equals(archive)).toBe(true);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("a shell's >(…) (/dev/fd/N, a pipe) gets the archive", () => {
    const r = spawnSync(
      "bash",
      ["-c", `"$0" "$1" build ctx -o >(cat > piped.tar); code=$?; wait $!; exit $code`, node, bundle],
      { cwd: dir, encoding: "utf8" },
    );
    expect(r.stderr).toMatch(/^Wrote .* to \/dev\/fd\/\d+\n$/);
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, "piped.tar")).equals(archive)).toBe(true);
  });

  it("a symbolic link: the target is written, the link stays", async () => {
    symlinkSync("linked.tar", join(dir, "link.tar"));
    writeFileSync(join(dir, "linked.tar"), "old");
    const r = await runEnginekit(["build", "ctx", "-o", "link.tar"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(lstatSync(join(dir, "link.tar")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, "linked.tar")).equals(archive)).toBe(true);
  });

  it("a file with another hard link is written in place; a read-only file is refused unless --force", async () => {
    writeFileSync(join(dir, "one.tar"), "old");
    linkSync(join(dir, "one.tar"), join(dir, "two.tar"));
    expect((await runEnginekit(["build", "ctx", "-o", "one.tar"], { cwd: dir })).code).toBe(0);
    expect(readFileSync(join(dir, "two.tar")).equals(archive)).toBe(true);

    writeFileSync(join(dir, "ro.tar"), "keep");
    chmodSync(join(dir, "ro.tar"), 0o444);
    const refused = await runEnginekit(["build", "ctx", "-o", "ro.tar"], { cwd: dir });
    expect(refused).toMatchObject({
      code: 3,
      stderr: "enginekit: cannot write ro.tar: the file is read-only (use --force to replace it)\n",
    });
    expect(readFileSync(join(dir, "ro.tar"), "utf8")).toBe("keep");
    expect((await runEnginekit(["build", "ctx", "-o", "ro.tar", "--force"], { cwd: dir })).code).toBe(0);
    expect(readFileSync(join(dir, "ro.tar")).equals(archive)).toBe(true);
    expect(statSync(join(dir, "ro.tar")).mode & 0o777).toBe(0o444);
  });

  it("lint -f json=/dev/full is one line and exit 3", async () => {
    writeFileSync(join(dir, "lint.Enginefile"), FIXABLE);
    const r = await runEnginekit(["lint", "lint.Enginefile", "-f", "json=/dev/full"], { cwd: dir });
    expect(r).toMatchObject({
      code: 3,
      stderr: "enginekit: cannot write /dev/full: no space left on device (ENOSPC)\n",
    });
  });
});

describe("standard output that fails is never success", skipIf(!built, NEEDS_BUILD), () => {
  let full: number;
  beforeAll(() => {
    full = openSync("/dev/full", "w");
  });
  afterAll(() => closeSync(full));

  it("build -o - > /dev/full: one line, exit 3 (was exit 0)", async () => {
    const r = await runEnginekit(["build", "ctx", "-o", "-"], { cwd: dir, stdout: full });
    expect(r).toMatchObject({
      code: 3,
      stderr: "enginekit: cannot write standard output: no space left on device (ENOSPC)\n",
    });
  });

  it("lint > /dev/full: one line, exit 3, no stack trace (was a stack trace and exit 1)", async () => {
    writeFileSync(join(dir, "stdout.Enginefile"), FIXABLE);
    const r = await runEnginekit(["lint", "stdout.Enginefile"], { cwd: dir, stdout: full });
    expect(r).toMatchObject({
      code: 3,
      stderr: "enginekit: cannot write standard output: no space left on device (ENOSPC)\n",
    });
  });

  it("| head -c1: ends quietly with 141, as a tool killed by SIGPIPE (was a stack trace and exit 1)", async () => {
    // enough findings that the report does not fit in the pipe's buffer
    writeFileSync(join(dir, "many.Enginefile"), `FROM alpine:3.19\n${"MAINTAINER x\n".repeat(5000)}`);
    for (const args of [
      ["lint", "many.Enginefile"],
      ["build", "ctx", "-o", "-"],
    ]) {
      if (args[0] === "build") writeFileSync(join(dir, "ctx", "big.bin"), Buffer.alloc(4 * 1024 * 1024, 1));
      const r = await runEnginekit(args, {
        cwd: dir,
        started: (child) => {
          child.stdout?.once("data", () => child.stdout?.destroy());
        },
      });
      expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 141, stderr: "" });
    }
    rmSync(join(dir, "ctx", "big.bin"));
  });

  it("141 exactly when a write finds the reader gone, whatever the output's size (issue 30, docs/cli.md)", async () => {
    writeFileSync(join(dir, "small.Enginefile"), "FROM alpine:3.19\nMAINTAINER x\n");
    // a small report whose reader stopped before it was written: the write fails, 141
    const gone = await runEnginekit(["lint", "small.Enginefile"], {
      cwd: dir,
      started: (child) => child.stdout?.destroy(),
    });
    expect({ code: gone.code, stderr: gone.stderr }).toEqual({ code: 141, stderr: "" });
    // the same report read to its end: delivered, so the command's own code (1: findings), as `grep | head`
    const read = await runEnginekit(["lint", "small.Enginefile"], { cwd: dir });
    expect({ code: read.code, stderr: read.stderr }).toEqual({ code: 1, stderr: "" });
    expect(read.stdout).toContain("maintainer-deprecated");
  });
});

describe("--fix keeps what the file is", skipIf(!built, NEEDS_BUILD), () => {
  it("writes a symbolic link's target, keeps hard links, mode, owner and group", async () => {
    const fix = join(dir, "fix");
    mkdirSync(fix);
    writeFileSync(join(fix, "real.Enginefile"), FIXABLE);
    symlinkSync("real.Enginefile", join(fix, "link.Enginefile"));
    writeFileSync(join(fix, "a.Enginefile"), FIXABLE);
    linkSync(join(fix, "a.Enginefile"), join(fix, "hardlink"));
    writeFileSync(join(fix, "owned.Enginefile"), FIXABLE);
    chmodSync(join(fix, "owned.Enginefile"), 0o604);
    if (isRoot) chownSync(join(fix, "owned.Enginefile"), 65534, 65534);
    const r = await runEnginekit(
      ["lint", "--fix", "-f", "json", "link.Enginefile", "a.Enginefile", "owned.Enginefile"],
      { cwd: fix },
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(lstatSync(join(fix, "link.Enginefile")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(fix, "real.Enginefile"), "utf8")).toBe(FIXED);
    expect(readFileSync(join(fix, "hardlink"), "utf8")).toBe(FIXED);
    const owned = statSync(join(fix, "owned.Enginefile"));
    expect(owned.mode & 0o777).toBe(0o604);
    if (isRoot) expect(owned).toMatchObject({ uid: 65534, gid: 65534 });
    expect(leftoverTemps(fix)).toEqual([]);
  });

  it("writes a writable file in place when its folder lets no temporary file be created", async () => {
    const locked = join(dir, "locked");
    mkdirSync(locked);
    writeFileSync(join(locked, "open.Enginefile"), FIXABLE);
    chmodSync(join(locked, "open.Enginefile"), 0o666);
    // as root the command runs as nobody, for whom the root-owned folder is not writable
    chmodSync(dir, 0o755);
    chmodSync(locked, isRoot ? 0o755 : 0o555);
    const r = await runEnginekit(["lint", "--fix", "-f", "json", "open.Enginefile"], {
      cwd: locked,
      ...(isRoot ? { uid: NOBODY } : {}),
    });
    chmodSync(locked, 0o755);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(readFileSync(join(locked, "open.Enginefile"), "utf8")).toBe(FIXED);
    expect(leftoverTemps(locked)).toEqual([]);
  });

  it("refuses a read-only file (exit 3, one line, the file unchanged) unless --force", async () => {
    const ro = join(dir, "ro");
    mkdirSync(ro);
    writeFileSync(join(ro, "ro.Enginefile"), FIXABLE);
    chmodSync(join(ro, "ro.Enginefile"), 0o444);
    const refused = await runEnginekit(["lint", "--fix", "-f", "json", "ro.Enginefile"], { cwd: ro });
    expect(refused).toMatchObject({
      code: 3,
      stdout: "",
      stderr: "enginekit: cannot write ro.Enginefile: the file is read-only (use --force to replace it)\n",
    });
    expect(readFileSync(join(ro, "ro.Enginefile"), "utf8")).toBe(FIXABLE);
    const forced = await runEnginekit(["lint", "--fix", "--force", "ro.Enginefile"], { cwd: ro });
    expect(forced.code).toBe(0);
    expect(readFileSync(join(ro, "ro.Enginefile"), "utf8")).toBe(FIXED);
  });
});

describe("build --iidfile goes through the same writer", skipIf(!built, NEEDS_BUILD), () => {
  const ID = `sha256:${"ab".repeat(32)}`;
  it("writes a symbolic link's target, refuses a read-only file unless --force", async () => {
    // a loopback engine that reads the upload and answers with the image ID
    const server = createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json", "api-version": "1.41" });
      if (req.url?.endsWith("/version")) {
        res.end(JSON.stringify({ ApiVersion: "1.41", MinAPIVersion: "1.12" }));
        return;
      }
      req.resume();
      req.on("end", () => res.end(`${JSON.stringify({ aux: { ID } })}\r\n`));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const host = `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      symlinkSync("iid-target.txt", join(dir, "iid-link.txt"));
      const linked = await runEnginekit(["build", "ctx", "-H", host, "-q", "--iidfile", "iid-link.txt"], {
        cwd: dir,
      });
      expect(linked).toMatchObject({ code: 0, stdout: `${ID}\n` });
      expect(lstatSync(join(dir, "iid-link.txt")).isSymbolicLink()).toBe(true);
      expect(readFileSync(join(dir, "iid-target.txt"), "utf8")).toBe(ID);

      writeFileSync(join(dir, "iid-ro.txt"), "old");
      chmodSync(join(dir, "iid-ro.txt"), 0o444);
      const refused = await runEnginekit(["build", "ctx", "-H", host, "-q", "--iidfile", "iid-ro.txt"], {
        cwd: dir,
      });
      expect(refused.code).toBe(3);
      expect(refused.stderr).toBe(
        "enginekit: cannot write iid-ro.txt: the file is read-only (use --force to replace it)\n",
      );
      const forced = await runEnginekit(
        ["build", "ctx", "-H", host, "-q", "--iidfile", "iid-ro.txt", "--force"],
        { cwd: dir },
      );
      expect(forced.code).toBe(0);
      expect(readFileSync(join(dir, "iid-ro.txt"), "utf8")).toBe(ID);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
