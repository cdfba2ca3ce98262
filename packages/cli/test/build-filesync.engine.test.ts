/**
 * The context through BuildKit's file sync on the real engine (tools/engine: docker.io 20.10): the image
 * `enginekit build` makes through the session (`--context-transfer filesync`, the default with BuildKit)
 * holds what the archive path makes and what `DOCKER_BUILDKIT=1 docker build` makes from the same
 * context — names, types, permission and setuid bits, owner 0, sizes, link counts, symlink targets,
 * contents, mtimes, empty directories, the ignore file's exclusions with an exception below an excluded
 * directory, and a build file given with -f outside the context, which is never in the context. A RUN
 * step lists `/ctx` (busybox `stat`, nanosecond mtimes) in the build output. A rebuild of an unchanged
 * context sends no file's bytes, only stats. The engine CLI comparison needs a `docker` that builds with
 * BuildKit through a session (18.09–22.x, as Debian's 20.10); without one it prints a skip line.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  linkSync,
  mkdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { basename, join } from "node:path";
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { describe, expect, it } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

const host = engineHostForTests();
if (!host) console.warn(NO_ENGINE_MESSAGE);

/** An engine CLI whose `DOCKER_BUILDKIT=1 docker build` syncs the context through a session. */
function sessionCli(): string | undefined {
  for (const cli of ["/usr/bin/docker", "docker"]) {
    const r = spawnSync(cli, ["--version"], { encoding: "utf8" });
    if (r.status === 0 && /Docker version (18\.09|19\.|20\.|21\.|22\.)/.test(r.stdout)) return cli;
  }
  return undefined;
}
const cli = host ? sessionCli() : undefined;
if (host && !cli)
  console.warn(
    "skipped: build-filesync.engine.test.ts > the engine CLI comparison: no docker 18.09–22.x CLI (BuildKit through a session)",
  );

/** The listing the RUN step prints: one `L` line per path under /ctx. */
const LIST = [
  `FROM ${BUSYBOX_IMAGE}`,
  "COPY . /ctx",
  // directories' mtimes are left out where BuildKit's receiver sets them when it writes their contents
  `RUN cd /ctx && find . | sort | while read f; do t=$(stat -c %y "$f"); if [ -d "$f" ] && [ -n "$(ls -A "$f")" ]; then t=-; fi; echo "L $(stat -c "%n %f %u %g %s %h" "$f") $t $( [ -L "$f" ] && readlink "$f" ) $( [ -f "$f" ] && [ ! -L "$f" ] && md5sum < "$f" )"; done`,
  "",
].join("\n");

/** The `L` lines of a plain progress output. */
function listing(stderr: string): string[] {
  return [...stderr.matchAll(/^#\d+ \d+\.\d+ L (.*)$/gm)].map((m) => m[1]!.trimEnd());
}

/** A context with every kind of entry and metadata the transfer must keep. */
function trickyContext(): { ctx: string; enginefile: string } {
  const ctx = tree({
    "a.txt": "hello\n",
    "exec.sh": "#!/bin/sh\n",
    suid: "s",
    owned: "o",
    "dir/nested/file.bin": "\u0000\u0001\u0002".repeat(1000),
    "secret.key": "never sent",
    "secret-ok.txt": "an exception",
    "vendor/keep.txt": "kept by an exception",
    "vendor/drop.txt": "excluded",
    ".dockerignore": "secret*\n!secret-ok.txt\nvendor\n!vendor/keep.txt\n",
  });
  mkdirSync(join(ctx, "empty"));
  symlinkSync("a.txt", join(ctx, "link"));
  symlinkSync("nowhere", join(ctx, "dangling"));
  linkSync(join(ctx, "a.txt"), join(ctx, "hard"));
  chmodSync(join(ctx, "exec.sh"), 0o755);
  chmodSync(join(ctx, "suid"), 0o4750);
  chownSync(join(ctx, "owned"), 1234, 1234);
  // a sub-second mtime the archive path cannot carry, and one in the past
  utimesSync(join(ctx, "a.txt"), 1_700_000_000.123456, 1_700_000_000.123456);
  utimesSync(join(ctx, "empty"), 1_600_000_000, 1_600_000_000);
  const outside = tree({ Dockerfile: LIST });
  return { ctx, enginefile: join(outside, "Dockerfile") };
}

describe("the context through BuildKit's file sync on the real engine", skipIf(!host, NEEDS_ENGINE), () => {
  const env = { ENGINE_HOST: host! };
  const flags = ["--network", "none", "--no-cache", "--progress", "plain"];

  it("builds the same image contents as the archive path and as DOCKER_BUILDKIT=1 docker build", async () => {
    const { ctx, enginefile } = trickyContext();
    const viaSync = await runCaptured(["build", ctx, "-f", enginefile, ...flags], env);
    expect(viaSync.stderr).not.toMatch(/enginekit:/);
    expect(viaSync.code).toBe(0);
    expect(viaSync.stderr).not.toMatch(/Sending build context/); // no archive was uploaded
    const synced = listing(viaSync.stderr);
    expect(synced.map((l) => l.split(" ")[0])).toEqual([
      ".",
      "./.dockerignore",
      "./a.txt",
      "./dangling",
      "./dir",
      "./dir/nested",
      "./dir/nested/file.bin",
      "./empty",
      "./exec.sh",
      "./hard",
      "./link",
      "./owned",
      "./secret-ok.txt",
      "./suid",
      "./vendor",
      "./vendor/keep.txt",
    ]);
    const line = (path: string) => synced.find((l) => l.startsWith(`${path} `))!;
    expect(line("./a.txt")).toMatch(/^\.\/a\.txt 81a4 0 0 6 2 2023-11-14 22:13:20\.12345\d{4} \+0000/);
    expect(line("./suid")).toMatch(/^\.\/suid 89e8 0 0 1 1 /);
    expect(line("./owned")).toMatch(/^\.\/owned 81a4 0 0 1 1 /);
    expect(line("./link")).toMatch(/^\.\/link a1ff 0 0 5 1 .* a\.txt$/);
    expect(line("./empty")).toMatch(/^\.\/empty 41ed 0 0 \d+ 2 2020-09-13 12:26:40\.000000000 \+0000/);

    if (cli) {
      const docker = spawnSync(cli, ["build", "-f", enginefile, ...flags, ctx], {
        encoding: "utf8",
        env: { ...process.env, DOCKER_HOST: host!, DOCKER_BUILDKIT: "1" },
      });
      expect(docker.status, docker.stderr).toBe(0);
      expect(listing(docker.stderr)).toEqual(synced);
    }

    // The archive path, with the build file inside the context (an outside one is added to the archive,
    // and BuildKit does not apply .dockerignore to an uploaded archive, so that copy would show in
    // `COPY .`: docs/build.md), and without the hard link (once, the archive path's image held a third
    // link `.tmp.<n>` beside it, left by BuildKit 0.8 unpacking the archive; the file sync never showed
    // one). It carries whole seconds (tar headers, as the engine CLI writes them).
    rmSync(join(ctx, "hard"));
    writeFileSync(join(ctx, "Enginefile"), LIST);
    utimesSync(join(ctx, "Enginefile"), 1_650_000_000, 1_650_000_000);
    const inside = await runCaptured(["build", ctx, ...flags], env);
    expect(inside.code).toBe(0);
    const viaArchive = await runCaptured(["build", ctx, "--context-transfer", "tarball", ...flags], env);
    expect(viaArchive.code).toBe(0);
    expect(viaArchive.stderr).toMatch(/Sending build context/);
    const toSeconds = (l: string) => l.replace(/(\d\d:\d\d:\d\d)\.\d{9}/, "$1");
    const insideListing = listing(inside.stderr);
    expect(insideListing.map((l) => l.split(" ")[0])).toContain("./Enginefile");
    expect(listing(viaArchive.stderr).map(toSeconds)).toEqual(insideListing.map(toSeconds));
  });

  it("every file BuildKit requests is sent, also requests that arrive while the last batch is being written", async () => {
    // these sizes (those of ld.so, libc.so.6 and libcrypto.so.3 in an --ssh test) made BuildKit's last
    // REQs arrive while the sender waited for its final flush; they were dropped and the build hung
    const sizes = { "d/a": 215_000, "d/b": 1_926_232, "d/c": 4_734_232 };
    const files: Record<string, string> = {
      Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN --mount=type=bind,source=d,target=/d wc -c /d/a /d/b /d/c\n`,
    };
    for (const [path, size] of Object.entries(sizes)) files[path] = randomBytes(size / 2).toString("hex");
    const r = await runCaptured(["build", tree(files), ...flags], env);
    expect(r.code).toBe(0);
    for (const [path, size] of Object.entries(sizes)) expect(r.stderr).toContain(`${size} /${path}`);
  }, 60_000);

  it("a symlink to a file or directory outside the context gets the build neither: the step sees the link, COPY finds nothing", async () => {
    const outside = tree({ "marker.txt": "OUTSIDE-Xy7-marker\n", "dir/inner.txt": "OUTSIDE-DIR-Qz4\n" });
    const files = {
      Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN --mount=type=bind,target=/c ls -l /c; for f in abs rel dirlink/inner.txt hidden.txt; do cat /c/$f; done; true\n`,
      "hidden.txt": "IGNORED-Wq2\n",
      ".engineignore": "hidden.txt\n",
    };
    const ctx = tree(files);
    symlinkSync(join(outside, "marker.txt"), join(ctx, "abs"));
    symlinkSync(join("..", basename(outside), "marker.txt"), join(ctx, "rel"));
    symlinkSync(join(outside, "dir"), join(ctx, "dirlink"));
    const leaks = /OUTSIDE-|IGNORED-/;
    const mounted = await runCaptured(["build", ctx, ...flags], env);
    expect(mounted.code).toBe(0);
    expect(mounted.stderr).toContain(`abs -> ${join(outside, "marker.txt")}`);
    expect(mounted.stderr).toContain("cat: can't open '/c/dirlink/inner.txt': No such file or directory");
    expect(mounted.stderr).not.toMatch(leaks);
    for (const source of ["abs", "rel", "dirlink", "dirlink/inner.txt", "hidden.txt"]) {
      writeFileSync(join(ctx, "Enginefile"), `FROM ${BUSYBOX_IMAGE}\nCOPY ${source} /x/\nRUN cat /x/*\n`);
      const copied = await runCaptured(["build", ctx, ...flags], env);
      expect(copied.code, source).toBe(1);
      expect(copied.stderr, source).toMatch(
        /enginekit: build failed: failed to compute cache key: "[^"]+" not found/,
      );
      expect(copied.stderr, source).not.toMatch(leaks);
    }
  });

  it("a rebuild of an unchanged context sends only stats; a changed file is sent again", async () => {
    const ctx = tree({
      Enginefile: `FROM ${BUSYBOX_IMAGE}\nCOPY . /ctx\nRUN cat /ctx/data.txt\n`,
      "data.txt": "first\n",
      "big.bin": "b".repeat(300_000),
    });
    const first = await runCaptured(["build", ctx, ...flags], env);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/#\d+ \d+\.\d+ first\n/);
    const again = await runCaptured(["build", ctx, "--network", "none", "--progress", "plain"], env);
    expect(again.code).toBe(0);
    // BuildKit's own report of the transfer: the files' bytes the first time, stats only the second
    const transferred = (stderr: string) => {
      const step = /^#(\d+) \[internal\] load build context$/m.exec(stderr)?.[1];
      const m = new RegExp(`^#${step} transferring (?:context: )?([\\d.]+)(B|kB|MB)`, "m").exec(stderr);
      return m ? Number(m[1]) * { B: 1, kB: 1e3, MB: 1e6 }[m[2] as "B"] : Number.NaN;
    };
    expect(transferred(first.stderr)).toBeGreaterThan(300_000);
    expect(transferred(again.stderr)).toBeLessThan(1_000);
    writeFileSync(join(ctx, "data.txt"), "second\n");
    const changed = await runCaptured(["build", ctx, ...flags], env);
    expect(changed.code).toBe(0);
    expect(changed.stderr).toMatch(/#\d+ \d+\.\d+ second\n/);
  });

  it("a path the walk cannot send fails the build once BuildKit asks for the context; a build that never asks succeeds, as with the engine CLI", async () => {
    const files = { "ok.txt": "ok" };
    const copying = tree({ Enginefile: `FROM ${BUSYBOX_IMAGE}\nCOPY . /ctx\n`, ...files });
    const notCopying = tree({ Enginefile: `FROM ${BUSYBOX_IMAGE}\nRUN echo built\n`, ...files });
    for (const ctx of [copying, notCopying]) {
      // more entries than one slice of the walk, then a name Node cannot open (not UTF-8)
      mkdirSync(join(ctx, "many"));
      for (let i = 0; i < 600; i++) writeFileSync(join(ctx, "many", `f${i}`), "");
      writeFileSync(Buffer.concat([Buffer.from(`${ctx}/zz-`), Buffer.from([0xff])]), "x");
    }
    const refused = await runCaptured(["build", copying, ...flags], env);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("enginekit: cannot send the build context: 1 path(s) cannot be read:");
    expect(refused.stderr).toContain("zz-\uFFFD: the file name is not valid UTF-8");
    expect(refused.stderr).not.toMatch(/error from sender|failed to solve/);
    const built = await runCaptured(["build", notCopying, ...flags], env);
    expect(built.stderr).not.toMatch(/enginekit:/);
    expect(built.code).toBe(0);
    expect(built.stderr).toMatch(/#\d+ \d+\.\d+ built\n/);
  }, 60_000);
});
