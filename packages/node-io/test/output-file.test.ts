/**
 * The output writer (`node/output-file.ts`) on real files, links, devices and FIFOs. Before it, every
 * output was a temporary file renamed over the target: `/dev/full` (as root) became a regular file, a
 * symbolic link was replaced by a file, hard links were split, read-only files rewritten and the owner
 * lost. Signals and closed pipes are tested on the real command in packages/cli/test/faults/.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { OutputError, writeOutputFile, writeOutputStream } from "../src/output-file.js";

const root = mkdtempSync(join(tmpdir(), "enginekit-output-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => {
  const dir = join(root, String(n++));
  mkdirSync(dir);
  return dir;
};
const temps = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".tmp"));
const isRoot = process.getuid?.() === 0;

describe("writeOutputFile", () => {
  it("creates a new file, and replaces a regular file keeping its mode", () => {
    const dir = folder();
    const path = join(dir, "out.txt");
    writeOutputFile(path, "one");
    expect(readFileSync(path, "utf8")).toBe("one");
    chmodSync(path, 0o640);
    const before = statSync(path);
    writeOutputFile(path, "two");
    const after = statSync(path);
    expect(readFileSync(path, "utf8")).toBe("two");
    expect(after.mode & 0o7777).toBe(0o640);
    expect(after.ino).not.toBe(before.ino); // replaced atomically (a reader sees old or new)
    expect(temps(dir)).toEqual([]);
  });

  it("writes through a symbolic link to its target (a dangling one's target is created)", () => {
    const dir = folder();
    writeFileSync(join(dir, "target.txt"), "old");
    symlinkSync("target.txt", join(dir, "link.txt"));
    writeOutputFile(join(dir, "link.txt"), "new");
    expect(lstatSync(join(dir, "link.txt")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, "target.txt"), "utf8")).toBe("new");
    symlinkSync("missing.txt", join(dir, "dangling.txt"));
    writeOutputFile(join(dir, "dangling.txt"), "created");
    expect(readlinkSync(join(dir, "dangling.txt"))).toBe("missing.txt");
    expect(readFileSync(join(dir, "missing.txt"), "utf8")).toBe("created");
  });

  it("writes a file with other hard links in place, so every link sees the new content", () => {
    const dir = folder();
    writeFileSync(join(dir, "a.txt"), "old");
    linkSync(join(dir, "a.txt"), join(dir, "b.txt"));
    const inode = statSync(join(dir, "a.txt")).ino;
    writeOutputFile(join(dir, "a.txt"), "new content");
    expect(statSync(join(dir, "a.txt")).ino).toBe(inode);
    expect(readFileSync(join(dir, "b.txt"), "utf8")).toBe("new content");
    expect(temps(dir)).toEqual([]);
  });

  it("refuses a read-only file with one line naming it, unless forced", () => {
    const dir = folder();
    const path = join(dir, "ro.txt");
    writeFileSync(path, "keep");
    chmodSync(path, 0o444);
    expect(() => writeOutputFile(path, "x", { display: "ro.txt" })).toThrow(
      "cannot write ro.txt: the file is read-only (use --force to replace it)",
    );
    expect(readFileSync(path, "utf8")).toBe("keep");
    writeOutputFile(path, "forced", { force: true });
    expect(readFileSync(path, "utf8")).toBe("forced");
    expect(statSync(path).mode & 0o777).toBe(0o444);
  });

  it.skipIf(!isRoot)("keeps the owner and group (as root)", () => {
    const dir = folder();
    const path = join(dir, "owned.txt");
    writeFileSync(path, "old");
    chownSync(path, 65534, 65534);
    writeOutputFile(path, "new");
    expect(statSync(path)).toMatchObject({ uid: 65534, gid: 65534 });
  });

  it("writes a device directly and never replaces it: /dev/full fails with ENOSPC, /dev/null stays a device", () => {
    const error = (() => {
      try {
        writeOutputFile("/dev/full", "x", { display: "/dev/full" });
      } catch (e) {
        return e as OutputError;
      }
    })();
    expect(error).toBeInstanceOf(OutputError);
    expect(error?.message).toBe("cannot write /dev/full: no space left on device (ENOSPC)");
    expect(statSync("/dev/full").isCharacterDevice()).toBe(true);
    writeOutputFile("/dev/null", "x");
    expect(statSync("/dev/null").isCharacterDevice()).toBe(true);
  });

  it("writes into a FIFO (its reader gets the content) and leaves it a FIFO", async () => {
    const dir = folder();
    const fifo = join(dir, "fifo");
    spawnSync("mkfifo", [fifo]);
    const reader = spawn("cat", [fifo]);
    let got = "";
    reader.stdout.on("data", (d) => {
      got += d;
    });
    const closed = new Promise((done) => reader.on("close", done));
    await writeOutputStream(fifo, Readable.from([Buffer.from("through "), Buffer.from("the fifo")]));
    await closed;
    expect(got).toBe("through the fifo");
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("names a folder target and a missing parent in one line", () => {
    const dir = folder();
    expect(() => writeOutputFile(dir, "x", { display: "dir" })).toThrow(
      "cannot write dir: is a directory (EISDIR)",
    );
    expect(() => writeOutputFile(join(dir, "no", "such"), "x", { display: "no/such" })).toThrow(
      "cannot write no/such: no such file or directory (ENOENT)",
    );
  });

  it("removes temporary files left by a process that no longer runs (kill -9), not a running one's", () => {
    const dir = folder();
    const dead = spawnSync(process.execPath, [
      "-e",
      "process.stdout.write(String(process.pid))",
    ]).stdout.toString();
    const stale = join(dir, `.out.txt.enginekit-${dead}-0a1b2c.tmp`);
    const live = join(dir, `.out.txt.enginekit-${process.ppid}-0a1b2c.tmp`);
    writeFileSync(stale, "half");
    writeFileSync(live, "in progress");
    writeOutputFile(join(dir, "out.txt"), "done");
    expect(readdirSync(dir).sort()).toEqual([`.out.txt.enginekit-${process.ppid}-0a1b2c.tmp`, "out.txt"]);
  });
});

describe("writeOutputStream", () => {
  it("leaves the target untouched and no temporary file when the source fails", async () => {
    const dir = folder();
    const path = join(dir, "archive.tar");
    writeFileSync(path, "previous");
    async function* failing() {
      yield Buffer.from("part");
      throw new Error("the context changed");
    }
    await expect(writeOutputStream(path, failing())).rejects.toThrow("the context changed");
    expect(readFileSync(path, "utf8")).toBe("previous");
    expect(temps(dir)).toEqual([]);
  });

  // a child process runs the built module (Node cannot import the sources' `.js` specifiers)
  const builtModule = new URL("../dist/node/output-file.js", import.meta.url);
  const isBuilt = existsSync(builtModule);
  if (!isBuilt && process.env.CI) throw new Error("lint is not built: CI runs the build before the tests");

  it.skipIf(!isBuilt)(
    "writes /dev/fd/N (a shell's >(…)) directly: before, ENOENT on /dev/fd/63.partial-…",
    () => {
      const dir = folder();
      const module = JSON.stringify(builtModule.href);
      const script = `import(${module}).then((m) => m.writeOutputStream(process.argv[1], [Buffer.from("via a pipe")]))`;
      const r = spawnSync(
        "bash",
        [
          "-c",
          `"$0" -e '${script}' >(cat > "$1/out.txt"); code=$?; wait $!; exit $code`,
          process.execPath,
          dir,
        ],
        { encoding: "utf8" },
      );
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(readFileSync(join(dir, "out.txt"), "utf8")).toBe("via a pipe");
    },
  );
});
