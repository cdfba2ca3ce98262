/**
 * Unreadable and vanished files: found before the upload (all listed), or abort the stream when they
 * disappear during it. Permission checks need a non-root identity: the test switches the effective
 * uid/gid of this (forked) test process to `nobody` around the planning, and skips when it cannot.
 */
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { skipIf } from "../../../vitest.shared.js";
import { ContextError, packContext, planContext } from "../src/index.js";
import { collect, makeTree, readArchive } from "./pack-helpers.js";

const NOBODY = 65534;
const canSwitch = process.geteuid?.() === 0 && typeof process.seteuid === "function";

/** Runs `fn` with the effective uid/gid of `nobody`, restoring root afterwards. */
async function asNobody<T>(fn: () => Promise<T>): Promise<T> {
  process.setegid!(NOBODY);
  process.seteuid!(NOBODY);
  try {
    return await fn();
  } finally {
    process.seteuid!(0);
    process.setegid!(0);
  }
}

describe("unreadable files", () => {
  it(
    "are all listed before anything is sent",
    skipIf(!canSwitch, "needs root (process.seteuid) to read as another user"),
    async () => {
      const root = makeTree({
        Enginefile: "FROM scratch\n",
        "ok.txt": "ok",
        "secret.key": "k",
        "sub/hidden.txt": "h",
      });
      mkdirSync(join(root, "locked"));
      writeFileSync(join(root, "locked/inside.txt"), "x");
      chmodSync(root, 0o755);
      chmodSync(join(root, "sub"), 0o755);
      for (const f of ["Enginefile", "ok.txt"]) chmodSync(join(root, f), 0o644);
      chmodSync(join(root, "secret.key"), 0o600);
      chmodSync(join(root, "sub/hidden.txt"), 0o600);
      chmodSync(join(root, "locked"), 0o700);
      const error = await asNobody(() => planContext({ context: root })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContextError);
      const e = error as ContextError;
      expect([...e.paths].sort()).toEqual(["locked", "secret.key", "sub/hidden.txt"]);
      expect(e.message).toContain("3 path(s) cannot be read");
      expect(e.message).toContain("secret.key: permission denied");
      // Excluded paths are not checked (they are never read).
      writeFileSync(join(root, ".engineignore"), "secret.key\nsub\nlocked\n");
      chmodSync(join(root, ".engineignore"), 0o644);
      const plan = await asNobody(() => planContext({ context: root }));
      expect(plan.entries.map((x) => x.path)).toEqual([".engineignore", "Enginefile", "ok.txt"]);
    },
  );
});

describe("files that vanish, shrink or grow after planning", () => {
  it("abort the archive stream with a ContextError naming the path", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n", "a.txt": "a", "b.txt": "bbbb" });
    const plan = await planContext({ context: root });
    rmSync(join(root, "b.txt"));
    await expect(collect(packContext(plan))).rejects.toThrow(
      "b.txt: vanished while the context was being sent",
    );
    writeFileSync(join(root, "b.txt"), "b");
    await expect(collect(packContext(plan))).rejects.toThrow(
      "b.txt: shrank while the context was being sent",
    );
  });

  it("abort the archive when a file was replaced by a symbolic link, never following it out of the context", async () => {
    const outside = makeTree({ "private.key": "not for the context" });
    const root = makeTree({ Enginefile: "FROM scratch\n", "a.txt": "a", "b.txt": "bbbb" });
    const plan = await planContext({ context: root });
    rmSync(join(root, "b.txt"));
    symlinkSync(join(outside, "private.key"), join(root, "b.txt"));
    const error = await collect(packContext(plan)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContextError);
    expect((error as Error).message).toBe(
      "b.txt: was replaced by a symbolic link while the context was being sent",
    );
  });

  it("send a file that grew with its planned size: the first bytes, the archive as announced", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n", "small.txt": "12345" });
    const big = Buffer.alloc(3 * 1024 * 1024 + 11, 7);
    writeFileSync(join(root, "big.bin"), big);
    const plan = await planContext({ context: root });
    // Both read paths: a file read into a batch, and one read in chunks.
    writeFileSync(join(root, "small.txt"), "1234567890");
    writeFileSync(join(root, "big.bin"), Buffer.concat([big, Buffer.alloc(5000, 9)]));
    const archive = await collect(packContext(plan, { recycleBuffers: true }));
    expect(archive.length).toBe(plan.totalBytes);
    const entries = await readArchive(archive);
    expect(entries.find((e) => e.header.name === "small.txt")!.data.toString()).toBe("12345");
    expect(entries.find((e) => e.header.name === "big.bin")!.data.equals(big)).toBe(true);
  });
});

describe("file names that are not valid UTF-8", () => {
  /** Creates a file whose name is `prefix` + the byte 0xff (not UTF-8) in `root`. */
  function invalidName(root: string, prefix: string): void {
    writeFileSync(Buffer.concat([Buffer.from(`${root}/${prefix}`), Buffer.from([0xff])]), "x");
  }
  it("are refused with a message naming them, not reported as vanished", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n", ok: "" });
    invalidName(root, "bad-");
    const error = await planContext({ context: root }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContextError);
    expect((error as Error).message).toContain("bad-\uFFFD: the file name is not valid UTF-8");
    expect((error as Error).message).not.toContain("vanished");
  });
  it("are fine when the ignore file excludes them", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n", ".engineignore": "bad-*\n", ok: "" });
    invalidName(root, "bad-");
    const plan = await planContext({ context: root });
    expect(plan.entries.map((e) => e.path)).toEqual([".engineignore", "Enginefile", "ok"]);
    expect(plan.excluded.map((x) => x.path)).toEqual(["bad-\uFFFD"]);
  });
});
