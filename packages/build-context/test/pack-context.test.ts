/** The packer: header fields, order, determinism, links, special files, the injected Enginefile. */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  createWriteStream,
  linkSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ContextError, packContext, planContext, prepareContext } from "../src/index.js";
import { collect, makeTree, readArchive } from "./pack-helpers.js";

const names = async (root: string, extra: Parameters<typeof planContext>[0] = { context: root }) =>
  (await readArchive(packContext(await planContext({ ...extra, context: root })))).map((e) => e.header.name);

describe("headers", () => {
  it("normalises owner and mtime like the engine CLI and keeps modes", async () => {
    const root = makeTree({
      Enginefile: "FROM scratch\n",
      "bin/run.sh": "#!/bin/sh\n",
      "data.txt": "x".repeat(1000),
    });
    chmodSync(join(root, "bin/run.sh"), 0o4755);
    chmodSync(join(root, "data.txt"), 0o640);
    utimesSync(join(root, "data.txt"), 1_700_000_000.789, 1_700_000_123.987);
    const entries = await readArchive(packContext(await planContext({ context: root })));
    const data = entries.find((e) => e.header.name === "data.txt")!;
    expect(data.header).toMatchObject({
      uid: 0,
      gid: 0,
      uname: "",
      gname: "",
      mode: 0o640,
      size: 1000,
      type: "file",
    });
    expect(data.header.mtime?.getTime()).toBe(1_700_000_123_000);
    expect(data.data.toString()).toBe("x".repeat(1000));
    expect(entries.find((e) => e.header.name === "bin/run.sh")!.header.mode).toBe(0o4755);
    expect(entries.find((e) => e.header.name === "bin/")!.header.type).toBe("directory");
  });
  it("applies the engine CLI's Windows mode rule when asked", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n", "w.txt": "w" });
    chmodSync(join(root, "w.txt"), 0o666);
    const entries = await readArchive(packContext(await planContext({ context: root, windowsModes: true })));
    expect(entries.find((e) => e.header.name === "w.txt")!.header.mode).toBe(0o755);
  });
  it("stores long and non-ASCII names through ustar prefix or PAX", async () => {
    const long = `${"d".repeat(120)}/${"f".repeat(90)}`;
    const longer = `${"e".repeat(60)}/${"g".repeat(150)}`;
    const root = makeTree({ Enginefile: "FROM scratch\n", [long]: "a", [longer]: "b", "ünï/çødé.txt": "c" });
    const got = await names(root);
    expect(got).toEqual(
      expect.arrayContaining([`${"d".repeat(120)}/`, long, longer, "ünï/", "ünï/çødé.txt"]),
    );
  });
});

describe("order and content", () => {
  it("walks lexically (byte order), depth first, directories before their content", async () => {
    const root = makeTree({
      Enginefile: "x",
      "b/z": "",
      "b/a/1": "",
      a: "",
      "B.txt": "",
      "a-b": "",
      "a.b/c": "",
    });
    expect(await names(root)).toEqual([
      "B.txt",
      "Enginefile",
      "a",
      "a-b",
      "a.b/",
      "a.b/c",
      "b/",
      "b/a/",
      "b/a/1",
      "b/z",
    ]);
  });
  it("gives the same bytes for the same tree with --reproducible, and the plan size is exact", async () => {
    const root = makeTree({
      Enginefile: "FROM scratch\n",
      "s/a.txt": "a".repeat(5000),
      "s/b.bin": "b".repeat(3 << 20),
    });
    const one = await collect(packContext(await planContext({ context: root, reproducible: true })));
    utimesSync(join(root, "s/a.txt"), 1, 2);
    const plan = await planContext({ context: root, reproducible: true });
    const two = await collect(packContext(plan));
    expect(two.equals(one)).toBe(true);
    expect(two.length).toBe(plan.totalBytes);
    const three = await collect(
      packContext(await planContext({ context: root, reproducible: true, sourceDateEpoch: 99 })),
    );
    expect(three.equals(one)).toBe(false);
    expect((await readArchive(three))[0]!.header.mtime?.getTime()).toBe(99_000);
  });
  it("streams large files intact and gzips on request", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 7);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff;
    const root = makeTree({ Enginefile: "FROM scratch\n" });
    writeFileSync(join(root, "big.bin"), big);
    const plan = await planContext({ context: root });
    const gz = await collect(packContext(plan, { gzip: true }));
    const raw = gunzipSync(gz);
    expect(raw.length).toBe(plan.totalBytes);
    const entries = await readArchive(raw);
    expect(entries.find((e) => e.header.name === "big.bin")!.data.equals(big)).toBe(true);
    // GNU tar reads it too.
    const list = execFileSync("tar", ["-tvf", "-"], { input: raw }).toString();
    expect(list).toContain("big.bin");
  });
});

describe("recycled buffers", () => {
  it("give the same bytes as fresh buffers through a pipeline to a file, across arena wrap-arounds", async () => {
    const files: Record<string, string> = { Enginefile: "FROM scratch\n" };
    for (let i = 0; i < 400; i++) files[`d${i % 7}/f${i}.txt`] = `${i}`.repeat(700 + i);
    const root = makeTree(files);
    const big = Buffer.alloc(12 * 1024 * 1024 + 5);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE(i, i);
    writeFileSync(join(root, "big.bin"), big);
    const plan = await planContext({ context: root });
    const target = join(makeTree({}), "recycled.tar");
    await pipeline(packContext(plan, { recycleBuffers: true }), createWriteStream(target));
    const fresh = await collect(packContext(plan));
    expect(readFileSync(target).equals(fresh)).toBe(true);
  });

  it("reach async iteration one by one, never as concatenated copies, and a slow consumer gets the same bytes", async () => {
    const files: Record<string, string> = { Enginefile: "FROM scratch\n" };
    for (let i = 0; i < 50; i++) files[`s/f${i}.txt`] = "x".repeat(3000 + i);
    const root = makeTree(files);
    const big = Buffer.alloc(5 * 1024 * 1024 + 3);
    for (let i = 0; i + 4 <= big.length; i += 4096) big.writeUInt32LE(i, i);
    writeFileSync(join(root, "big.bin"), big);
    const plan = await planContext({ context: root });
    const fresh = await collect(packContext(plan));
    // `for await` reads with a sizeless `read()`, which returns everything buffered as one copy when
    // the stream pushed more during the call: every chunk must still be a view of the one arena.
    const arenas = new Set<ArrayBufferLike>();
    const copies: Buffer[] = [];
    let largest = 0;
    for await (const chunk of packContext(plan, { recycleBuffers: true })) {
      const c = chunk as Buffer;
      arenas.add(c.buffer);
      largest = Math.max(largest, c.length);
      copies.push(Buffer.from(c));
      // A slow consumer: the next chunk is asked for only after a pause.
      if (copies.length % 8 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(arenas.size).toBe(1);
    expect(largest).toBeLessThanOrEqual(1024 * 1024);
    expect(Buffer.concat(copies).equals(fresh)).toBe(true);
  });
});

describe("links and special files", () => {
  it("stores symlinks verbatim without following them and deduplicates hard links", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n", "real/file": "content", "z-first": "shared" });
    symlinkSync("/etc/passwd", join(root, "abs-link"));
    symlinkSync("real", join(root, "dir-link"));
    symlinkSync("missing/target", join(root, "dangling"));
    linkSync(join(root, "z-first"), join(root, "a-second"));
    const entries = await readArchive(packContext(await planContext({ context: root })));
    const by = new Map(entries.map((e) => [e.header.name, e.header]));
    expect(by.get("abs-link")).toMatchObject({ type: "symlink", linkname: "/etc/passwd", size: 0 });
    expect(by.get("dir-link")).toMatchObject({ type: "symlink", linkname: "real" });
    expect(by.get("dangling")).toMatchObject({ type: "symlink", linkname: "missing/target" });
    expect([...by.keys()].some((n) => n.startsWith("dir-link/"))).toBe(false);
    // `a-second` comes first in byte order, so it carries the content and `z-first` links to it.
    expect(by.get("a-second")).toMatchObject({ type: "file", size: 6 });
    expect(by.get("z-first")).toMatchObject({ type: "link", linkname: "a-second", size: 0 });
  });
  it("keeps FIFOs as headers and skips sockets with a warning", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n" });
    execFileSync("mkfifo", [join(root, "pipe")]);
    const server = createServer();
    await new Promise<void>((r) => server.listen(join(root, "sock"), r));
    try {
      const plan = await planContext({ context: root });
      expect(plan.warnings).toEqual([{ path: "sock", reason: expect.stringContaining("socket skipped") }]);
      const entries = await readArchive(packContext(plan));
      expect(entries.map((e) => [e.header.name, e.header.type])).toEqual([
        ["Enginefile", "file"],
        ["pipe", "fifo"],
      ]);
    } finally {
      server.close();
    }
  });
  it("stores character devices with their numbers", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n" });
    try {
      execFileSync("mknod", [join(root, "null"), "c", "1", "3"]);
    } catch {
      return; // not permitted here (needs CAP_MKNOD)
    }
    const entries = await readArchive(packContext(await planContext({ context: root })));
    expect(entries.find((e) => e.header.name === "null")!.header).toMatchObject({
      type: "character-device",
      devmajor: 1,
      devminor: 3,
    });
  });
});

describe("ignore file and the Enginefile", () => {
  it("excludes paths, re-includes exceptions under excluded directories, and records why", async () => {
    const root = makeTree({
      Enginefile: "FROM scratch\n",
      ".engineignore": "# deps\nvendor\nbuild\n!**/*.keep\n*.log\n",
      "vendor/a/x.keep": "k",
      "vendor/a/y.js": "y",
      "build/out": "o",
      "debug.log": "l",
      "src/main.c": "m",
    });
    const plan = await planContext({ context: root });
    expect(plan.entries.map((e) => e.header.name)).toEqual([
      ".engineignore",
      "Enginefile",
      "src/",
      "src/main.c",
      "vendor/a/x.keep",
    ]);
    expect(plan.excluded.map((e) => [e.path, e.pattern.text, e.pattern.line])).toEqual([
      ["build", "build", 3],
      ["build/out", "build", 3], // walked: `!**/*.keep` could match below `build`
      ["debug.log", "*.log", 5],
      ["vendor", "vendor", 2],
      ["vendor/a", "vendor", 2],
      ["vendor/a/y.js", "vendor", 2],
    ]);
    // The engine CLI's walker never re-includes x.keep: `!**/*.keep` does not start with `vendor/`.
    const cli = await planContext({ context: root, exceptionMode: "engine-cli" });
    expect(cli.entries.map((e) => e.header.name)).toEqual([
      ".engineignore",
      "Enginefile",
      "src/",
      "src/main.c",
    ]);
  });
  it("engine-cli mode re-sends an excluded .dockerignore (the engine reads and deletes it), not an excluded .engineignore", async () => {
    const engineignore = makeTree({ Enginefile: "FROM scratch\n", ".engineignore": ".engineignore\n" });
    const a = await planContext({ context: engineignore, exceptionMode: "engine-cli" });
    expect(a.entries.map((e) => e.header.name)).toEqual(["Enginefile"]);
    const dockerignore = makeTree({ Dockerfile: "FROM scratch\n", ".dockerignore": ".dockerignore\n" });
    const b = await planContext({ context: dockerignore, exceptionMode: "engine-cli" });
    expect(b.entries.map((e) => e.header.name)).toEqual([".dockerignore", "Dockerfile"]);
  });
  it("always sends an excluded Enginefile and names it in an injected .dockerignore", async () => {
    const root = makeTree({
      "sub/Web.Enginefile": "FROM scratch\n",
      ".engineignore": "sub\n",
      "sub/other": "o",
    });
    const plan = await planContext({ context: root, enginefile: join(root, "sub/Web.Enginefile") });
    expect(plan.enginefile).toBe("sub/Web.Enginefile");
    const entries = await readArchive(packContext(plan));
    expect(entries.map((e) => e.header.name)).toEqual([
      ".engineignore",
      "sub/Web.Enginefile",
      ".dockerignore",
    ]);
    expect(entries[2]!.data.toString()).toBe(".dockerignore\nsub/Web.Enginefile\n");
  });
  it("appends to a .dockerignore that is being sent", async () => {
    const root = makeTree({
      Enginefile: "FROM scratch\n",
      ".dockerignore": "secret",
      ".engineignore": "Enginefile\n",
    });
    const entries = await readArchive(packContext(await planContext({ context: root })));
    const di = entries.find((e) => e.header.name === ".dockerignore")!;
    expect(di.data.toString()).toBe("secret\nEnginefile\n");
    expect(entries.filter((e) => e.header.name === ".dockerignore")).toHaveLength(1);
  });
  it("uses <Enginefile>.engineignore over the context's .engineignore", async () => {
    const root = makeTree({
      Enginefile: "FROM scratch\n",
      "Enginefile.engineignore": "a\n",
      ".engineignore": "b\n",
      a: "",
      b: "",
    });
    const plan = await planContext({ context: root });
    expect(plan.ignoreFile).toBe(join(plan.root, "Enginefile.engineignore"));
    expect(plan.entries.map((e) => e.path)).toEqual([
      ".engineignore",
      "Enginefile",
      "Enginefile.engineignore",
      "b",
    ]);
  });
  it("injects an Enginefile from outside the context or from standard input", async () => {
    const outside = makeTree({ "My.Enginefile": "FROM scratch\nCOPY . /\n" });
    const root = makeTree({ file: "f" });
    const plan = await planContext({ context: root, enginefile: join(outside, "My.Enginefile") });
    expect(plan.enginefile).toMatch(/^\.enginefile\.[0-9a-f]{20}$/);
    const entries = await readArchive(packContext(plan));
    expect(entries.map((e) => e.header.name)).toEqual(["file", plan.enginefile, ".dockerignore"]);
    expect(entries[1]!.header.mode).toBe(0o600);
    expect(entries[1]!.data.toString()).toBe("FROM scratch\nCOPY . /\n");
    expect(entries[2]!.data.toString()).toBe(`.dockerignore\n${plan.enginefile}\n`);
    const stdin = await planContext({
      context: root,
      enginefile: { content: Buffer.from("FROM scratch\nCOPY . /\n") },
    });
    expect(stdin.enginefile).toBe(plan.enginefile);
  });
  it("reports a missing context or Enginefile clearly", async () => {
    const root = makeTree({ file: "f" });
    await expect(planContext({ context: root })).rejects.toThrow(
      /cannot find a build file in .* \(looked for Enginefile, enginefile, Dockerfile, dockerfile, Containerfile; use -f to name one\)/,
    );
    await expect(planContext({ context: join(root, "nope") })).rejects.toThrow(ContextError);
    mkdirSync(join(root, "Enginefile"));
    await expect(planContext({ context: root })).rejects.toThrow(/is not a file/);
  });
});

describe("the walk in slices (a BuildKit build walks while the engine starts)", () => {
  const tree = () => {
    const files: Record<string, string> = {
      Enginefile: "FROM scratch\n",
      ".engineignore": "vendor\n!**/*.keep\n*.log\nEnginefile\n",
      "vendor/a/x.keep": "k",
      "vendor/a/y.js": "y",
      "debug.log": "l",
    };
    // more entries than one slice (250), in several directories
    for (let d = 0; d < 6; d++) for (let f = 0; f < 120; f++) files[`d${d}/f${f}.txt`] = `${d}/${f}`;
    const root = makeTree(files);
    symlinkSync("d0/f1.txt", join(root, "link"));
    linkSync(join(root, "d1/f2.txt"), join(root, "hard"));
    return root;
  };

  it("gives the plan of the walk in one go, and lets timers and I/O run between slices", async () => {
    const root = tree();
    const options = { context: root, nanoseconds: true, exceptionMode: "exact" as const };
    const whole = await (await prepareContext(options)).walk();
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const sliced = await (await prepareContext(options)).walk({ inSlices: true });
    clearInterval(ticking);
    expect(turns).toBeGreaterThan(0);
    const strip = (plan: typeof whole) => ({ ...plan, ignoreMatcher: undefined });
    expect(sliced.entries.length).toBeGreaterThan(720);
    expect(strip(sliced)).toEqual(strip(whole));
  });

  it("stops between two slices when its signal is aborted", async () => {
    const prepared = await prepareContext({ context: tree() });
    const controller = new AbortController();
    const walking = prepared.walk({ inSlices: true, signal: controller.signal });
    controller.abort(new Error("build over"));
    await expect(walking).rejects.toThrow("build over");
  });
});

describe("Dockerfile users: the engine CLI's names when ours are absent", () => {
  it("uses Dockerfile and .dockerignore when the context has no Enginefile or .engineignore", async () => {
    const root = makeTree({
      Dockerfile: "FROM scratch\nCOPY . /\n",
      ".dockerignore": "secret.txt\n",
      "secret.txt": "do not send",
      "app.js": "a",
    });
    const plan = await planContext({ context: root });
    expect(plan.enginefile).toBe("Dockerfile");
    expect(plan.enginefileReason).toMatch(/no Enginefile or enginefile in the context/);
    expect(plan.ignoreFile).toBe(join(plan.root, ".dockerignore"));
    expect(plan.ignoreFileReason).toMatch(/the context.s \.dockerignore, as the engine CLI reads it/);
    expect(plan.entries.map((e) => e.path)).toEqual([".dockerignore", "Dockerfile", "app.js"]);
    expect(plan.excluded.map((x) => `${x.path} ${x.pattern.text}`)).toEqual(["secret.txt secret.txt"]);
  });
  it("prefers Enginefile over Dockerfile, and Dockerfile over Containerfile", async () => {
    const both = makeTree({ Enginefile: "FROM scratch\n", Dockerfile: "FROM scratch\n" });
    expect((await planContext({ context: both })).enginefile).toBe("Enginefile");
    const podman = makeTree({ Containerfile: "FROM scratch\n", Dockerfile: "FROM scratch\n" });
    expect((await planContext({ context: podman })).enginefile).toBe("Dockerfile");
    const only = makeTree({ Containerfile: "FROM scratch\n" });
    expect((await planContext({ context: only })).enginefile).toBe("Containerfile");
    const lower = makeTree({ dockerfile: "FROM scratch\n" });
    expect((await planContext({ context: lower })).enginefile).toBe("dockerfile");
  });
  it("an .engineignore replaces .dockerignore entirely (patterns are not merged)", async () => {
    const root = makeTree({
      Dockerfile: "FROM scratch\n",
      ".engineignore": "a\n",
      ".dockerignore": "b\n",
      a: "",
      b: "",
    });
    const plan = await planContext({ context: root });
    expect(plan.ignoreFile).toBe(join(plan.root, ".engineignore"));
    expect(plan.entries.map((e) => e.path)).toEqual([".dockerignore", ".engineignore", "Dockerfile", "b"]);
  });
  it("<build file>.dockerignore beside a custom build file wins over the context's .dockerignore", async () => {
    const root = makeTree({
      "docker/api.Dockerfile": "FROM scratch\n",
      "docker/api.Dockerfile.dockerignore": "a\n",
      ".dockerignore": "b\n",
      a: "",
      b: "",
    });
    const plan = await planContext({ context: root, enginefile: join(root, "docker/api.Dockerfile") });
    expect(plan.ignoreFile).toBe(join(root, "docker/api.Dockerfile.dockerignore"));
    expect(plan.ignoreFileReason).toBe("named after the build file api.Dockerfile");
    expect(plan.enginefileReason).toMatch(/^named with -f /);
    expect(plan.entries.map((e) => e.path)).not.toContain("a");
    expect(plan.entries.map((e) => e.path)).toContain("b");
  });
  it("says why nothing is excluded when there is no ignore file", async () => {
    const plan = await planContext({ context: makeTree({ Dockerfile: "FROM scratch\n" }) });
    expect(plan.ignoreFile).toBeUndefined();
    expect(plan.ignoreFileReason).toBe("no .engineignore or .dockerignore: nothing is excluded");
  });
});
