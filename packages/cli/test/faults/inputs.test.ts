/**
 * Fault injection on inputs (docs/lint.md "Symbolic links and unreadable paths"). Before: `lint` on a
 * folder it could not read said "No findings in 1 file" and exited 0, and symbolic links found in a walk
 * were skipped without a word. As root (CI), permissions are tested as the user `nobody`.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NEEDS_BUILD, skipIf } from "../../../../vitest.shared.js";
import { built, isRoot, NOBODY, runEnginekit } from "./run-command.js";

const dir = mkdtempSync(join(tmpdir(), "enginekit-inputs-"));
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const asUnprivileged = isRoot ? { uid: NOBODY } : {};
const GOOD = "FROM alpine:3.19\n";

function tree(name: string, files: Record<string, string>): string {
  const root = join(dir, name);
  mkdirSync(root, { mode: 0o755 });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true, mode: 0o755 });
    writeFileSync(join(root, path), text, { mode: 0o644 });
  }
  return root;
}

/** The linted paths of a JSON report. */
function linted(stdout: string): string[] {
  return (JSON.parse(stdout) as { files: { path: string }[] }).files.map((f) => f.path);
}

describe("unreadable inputs are errors naming the path, exit 3", skipIf(!built, NEEDS_BUILD), () => {
  it("a folder the walk cannot read", async () => {
    const root = tree("folder", { "ok/Enginefile": GOOD, "secret/Enginefile": GOOD });
    chmodSync(join(root, "secret"), 0o700);
    if (isRoot) chmodSync(join(root, "secret"), 0o700);
    const r = await runEnginekit(["lint", "."], { cwd: root, ...asUnprivileged });
    expect(r).toMatchObject({
      code: 3,
      stdout: "",
      stderr: "enginekit: secret: permission denied (EACCES)\n",
    });
    // excluding it is the way to lint the rest
    const rest = await runEnginekit(["lint", ".", "--ignore-pattern", "secret", "-f", "json"], {
      cwd: root,
      ...asUnprivileged,
    });
    expect(rest.code).toBe(0);
    expect(linted(rest.stdout)).toEqual(["ok/Enginefile"]);
  });

  it("a file, named or found", async () => {
    const root = tree("file", { Enginefile: GOOD, "locked.Enginefile": GOOD });
    chmodSync(join(root, "locked.Enginefile"), 0o600);
    for (const args of [
      ["lint", "."],
      ["lint", "locked.Enginefile"],
    ]) {
      const r = await runEnginekit(args, { cwd: root, ...asUnprivileged });
      expect(r).toMatchObject({
        code: 3,
        stdout: "",
        stderr: "enginekit: locked.Enginefile: permission denied (EACCES)\n",
      });
    }
  });
});

describe("symbolic links", skipIf(!built, NEEDS_BUILD), () => {
  it("a link to a file found in a walk is linted; a link to a folder is not entered; a dangling one is an error", async () => {
    const root = tree("links", { "real/Enginefile": GOOD, "other/Enginefile": GOOD });
    symlinkSync("../other/Enginefile", join(root, "real", "linked.Enginefile"));
    symlinkSync("real", join(root, "folder-link"));
    const r = await runEnginekit(["lint", ".", "-f", "json"], { cwd: root });
    expect(r.stderr).toBe("");
    expect(linted(r.stdout)).toEqual(["other/Enginefile", "real/Enginefile", "real/linked.Enginefile"]);

    symlinkSync("missing", join(root, "real", "gone.Enginefile"));
    const dangling = await runEnginekit(["lint", "."], { cwd: root });
    expect(dangling).toMatchObject({
      code: 3,
      stderr: "enginekit: real/gone.Enginefile: a symbolic link to a missing file\n",
    });
  });

  it("a named link is followed, and reported under its own name", async () => {
    const root = tree("named", { "target.Enginefile": "FROM alpine\n" });
    symlinkSync("target.Enginefile", join(root, "Enginefile"));
    const r = await runEnginekit(["lint", "Enginefile", "-f", "json"], { cwd: root });
    expect(r.code).toBe(1);
    expect(linted(r.stdout)).toEqual(["Enginefile"]);
  });
});
