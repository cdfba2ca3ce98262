/**
 * BuildKit's file sync served from a plan, over a real HTTP/2 connection: Node's http2 client plays
 * BuildKit's receiver (fsutil `receive.go`: read the STAT packets, send REQ for the files it needs, read
 * their DATA, send FIN) against `openBuildSession` with a `FileSync`. Checks the stats (Go mode bits, owner
 * 0, nanosecond mtimes, symlink sizes, hard links, walk order with excluded parents), the selection BuildKit
 * sends in the metadata, the empty answer to BuildKit's own `.dockerignore` read, the data of requested files
 * and a file that vanished. The engine side is checked on the real engine in
 * packages/cli/test/build-filesync.engine.test.ts.
 */

import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, lstatSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { connect as h2connect } from "node:http2";
import { basename, join } from "node:path";
import { BinaryReader, BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { afterEach, describe, expect, it } from "vitest";
import { FileSync, openBuildSession, planContext, prepareContext, TypeFlag } from "../src/index.js";
import { GrpcFrameReader, grpcFrame } from "../src/upload/buildkit/session/grpc-frames.js";
import { makeTree } from "./pack-helpers.js";
import { socketPair } from "./session-helpers.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A session serving `fileSync`, and an HTTP/2 client standing for the engine. */
async function serve(fileSync: FileSync) {
  const [ours, engines] = await socketPair();
  let methods: string[] = [];
  const s = await openBuildSession(
    {
      upgrade: async (request) => {
        methods = request.headers["X-Docker-Expose-Session-Grpc-Method"] as string[];
        return ours;
      },
    },
    { secrets: new Map(), ssh: new Map(), fileSync },
    { name: "ctx", sharedKey: "k" },
  );
  const client = h2connect("http://engine", { createConnection: () => engines });
  cleanups.push(() => {
    client.close();
    s.close();
  });
  return { client, methods };
}

interface Stat {
  path: string;
  mode: number;
  uid: number;
  gid: number;
  size: number;
  modTime: bigint;
  linkname: string;
}

function decodeStat(bytes: Uint8Array): Stat {
  const r = new BinaryReader(bytes);
  const s: Stat = { path: "", mode: 0, uid: 0, gid: 0, size: 0, modTime: 0n, linkname: "" };
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (no === 1) s.path = r.string();
    else if (no === 2) s.mode = r.uint32();
    else if (no === 3) s.uid = r.uint32();
    else if (no === 4) s.gid = r.uint32();
    else if (no === 5) s.size = Number(r.int64());
    else if (no === 6) s.modTime = BigInt(r.int64());
    else if (no === 7) s.linkname = r.string();
    else r.skip(wire, no);
  }
  return s;
}

interface Packet {
  type: number;
  stat?: Stat;
  id: number;
  data: Uint8Array;
}

function decodePacket(bytes: Uint8Array): Packet {
  const r = new BinaryReader(bytes);
  const p: Packet = { type: 0, id: 0, data: new Uint8Array(0) };
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (no === 1) p.type = r.int32();
    else if (no === 2) p.stat = decodeStat(r.bytes());
    else if (no === 3) p.id = r.uint32();
    else if (no === 4) p.data = r.bytes();
    else r.skip(wire, no);
  }
  return p;
}

const req = (id: number) =>
  new BinaryWriter().tag(1, WireType.Varint).int32(1).tag(3, WireType.Varint).uint32(id).finish();
const FIN = new BinaryWriter().tag(1, WireType.Varint).int32(3).finish();

/**
 * One `DiffCopy` call as fsutil's receiver makes it: reads every stat, requests the files `wanted` picks,
 * reads their data, sends FIN. Returns the stats, the files' contents, the packets after FIN and the status.
 */
function diffCopy(
  client: ReturnType<typeof h2connect>,
  metadata: Record<string, string | string[]>,
  wanted: (stat: Stat) => boolean = () => false,
) {
  return new Promise<{
    stats: Stat[];
    files: Map<string, Buffer>;
    status: string;
    message: string;
    errors: string[];
    finAnswered: boolean;
    /** Stats received before the first DATA packet. */
    statsBeforeData: number;
  }>((resolve, reject) => {
    const call = client.request({
      ":method": "POST",
      ":path": "/moby.filesync.v1.FileSync/DiffCopy",
      "content-type": "application/grpc",
      te: "trailers",
      ...metadata,
    });
    const reader = new GrpcFrameReader();
    const stats: Stat[] = [];
    const files = new Map<string, Buffer>();
    const pending = new Map<number, Buffer[]>();
    const errors: string[] = [];
    let statsDone = false;
    let finAnswered = false;
    let statsBeforeData = -1;
    let status = "";
    let message = "";
    const maybeFin = () => {
      if (statsDone && pending.size === 0) call.write(grpcFrame(FIN));
    };
    call.on("response", (h) => {
      if (h["grpc-status"] !== undefined) {
        status = String(h["grpc-status"]);
        message = decodeURIComponent(String(h["grpc-message"] ?? ""));
      }
    });
    call.on("trailers", (t) => {
      status = String(t["grpc-status"]);
      message = decodeURIComponent(String(t["grpc-message"] ?? ""));
    });
    call.on("data", (chunk: Buffer) => {
      for (const message of reader.push(chunk)) {
        const p = decodePacket(message);
        if (p.type === 0 && p.stat) {
          const id = stats.length;
          stats.push(p.stat);
          if (wanted(p.stat)) {
            pending.set(id, []);
            call.write(grpcFrame(req(id)));
          }
        } else if (p.type === 0) {
          statsDone = true;
          maybeFin();
        } else if (p.type === 2) {
          if (statsBeforeData < 0) statsBeforeData = stats.length;
          const parts = pending.get(p.id)!;
          if (p.data.length > 0) parts.push(Buffer.from(p.data));
          else {
            files.set(stats[p.id]!.path, Buffer.concat(parts));
            pending.delete(p.id);
            maybeFin();
          }
        } else if (p.type === 3) {
          finAnswered = true;
          call.end();
        } else if (p.type === 4) {
          errors.push(Buffer.from(p.data).toString());
          call.end();
        }
      }
    });
    call.on("end", () => resolve({ stats, files, status, message, errors, finAnswered, statsBeforeData }));
    call.on("error", reject);
  });
}

const GO_DIR = 2 ** 31;
const GO_SYMLINK = 2 ** 27;
const GO_SETUID = 2 ** 23;

describe("BuildKit's file sync (DiffCopy) served from a plan", () => {
  it("sends fsutil stats in walk order, the requested files' bytes, and answers FIN", async () => {
    const root = makeTree({
      Enginefile: "FROM scratch\nCOPY . /ctx\n",
      "a.txt": "hello\n",
      "b/c.txt": "x".repeat(3 * 1024 * 1024 + 5),
      "b/empty/": "",
      "secret.txt": "no\n",
      ".engineignore": "secret.txt\n",
    });
    symlinkSync("a.txt", join(root, "link"));
    linkSync(join(root, "a.txt"), join(root, "hard"));
    chmodSync(join(root, "a.txt"), 0o4755);
    const plan = await planContext({ context: root, nanoseconds: true });
    const { client, methods } = await serve(new FileSync(plan));
    expect(methods).toContain("/moby.filesync.v1.FileSync/DiffCopy");
    const r = await diffCopy(client, { "dir-name": "context" }, (s) =>
      ["a.txt", "b/c.txt", "Enginefile"].includes(s.path),
    );
    expect(r.status).toBe("0");
    expect(r.finAnswered).toBe(true);
    expect(r.stats.map((s) => s.path)).toEqual([
      ".engineignore",
      "Enginefile",
      "a.txt",
      "b",
      "b/c.txt",
      "b/empty",
      "hard",
      "link",
    ]);
    const byPath = new Map(r.stats.map((s) => [s.path, s]));
    const a = lstatSync(join(root, "a.txt"), { bigint: true });
    expect(byPath.get("a.txt")).toMatchObject({ mode: GO_SETUID + 0o755, uid: 0, gid: 0, size: 6 });
    expect(byPath.get("a.txt")!.modTime).toBe(a.mtimeNs);
    expect(byPath.get("b")!.mode).toBe(GO_DIR + (Number(lstatSync(join(root, "b")).mode) & 0o777));
    expect(byPath.get("link")).toMatchObject({ mode: GO_SYMLINK + 0o777, linkname: "a.txt", size: 5 });
    expect(byPath.get("hard")).toMatchObject({ linkname: "a.txt", size: 0 });
    expect(r.files.get("a.txt")!.toString()).toBe("hello\n");
    expect(r.files.get("b/c.txt")!.length).toBe(3 * 1024 * 1024 + 5);
    expect(r.files.get("Enginefile")!.toString()).toBe("FROM scratch\nCOPY . /ctx\n");
  });

  it("serves the build file alone as `dockerfile`, and nothing for BuildKit's own .dockerignore read", async () => {
    const root = makeTree({
      "sub/web.Enginefile": "FROM scratch\n",
      ".dockerignore": "*.txt\n",
      "keep.md": "k",
      "x.txt": "excluded by the plan",
    });
    const plan = await planContext({
      context: root,
      enginefile: join(root, "sub/web.Enginefile"),
      cwd: root,
    });
    const fileSync = new FileSync(plan);
    const { client } = await serve(fileSync);
    const dockerfile = await diffCopy(
      client,
      { "dir-name": "dockerfile", followpaths: ["web.Enginefile", "web.Enginefile.dockerignore"] },
      () => true,
    );
    expect(dockerfile.stats.map((s) => s.path)).toEqual(["web.Enginefile"]);
    expect(dockerfile.files.get("web.Enginefile")!.toString()).toBe("FROM scratch\n");
    const ignore = await diffCopy(
      client,
      { "dir-name": "context", followpaths: ".dockerignore" },
      () => true,
    );
    expect(ignore.stats).toEqual([]);
    expect(ignore.status).toBe("0");
    const context = await diffCopy(client, { "dir-name": "context" });
    expect(context.stats.map((s) => s.path)).toEqual([
      ".dockerignore",
      "keep.md",
      "sub",
      "sub/web.Enginefile",
    ]);
    const other = await diffCopy(client, { "dir-name": "outputs" });
    expect(other.status).toBe("5");
    expect(fileSync.served.map((c) => `${c.dir}:${c.stats}`)).toEqual([
      "dockerfile:1",
      "context:0",
      "context:4",
    ]);
  });

  it("a build file from standard input or outside the context is served under its name, never in the context", async () => {
    const root = makeTree({ "a.txt": "a" });
    const outside = makeTree({ Containerfile: "FROM scratch\nCOPY a.txt /\n" });
    const plan = await planContext({ context: root, enginefile: join(outside, "Containerfile"), cwd: root });
    const { client } = await serve(new FileSync(plan));
    const context = await diffCopy(client, { "dir-name": "context" });
    expect(context.stats.map((s) => s.path)).toEqual(["a.txt"]);
    const dockerfile = await diffCopy(client, { "dir-name": "dockerfile" }, () => true);
    expect(dockerfile.files.get("Containerfile")!.toString()).toBe("FROM scratch\nCOPY a.txt /\n");
    const stdin = await planContext({
      context: root,
      enginefile: { content: Buffer.from("FROM scratch\n") },
    });
    const fromStdin = await serve(new FileSync(stdin));
    const served = await diffCopy(fromStdin.client, { "dir-name": "dockerfile" }, () => true);
    expect(served.stats).toMatchObject([{ path: "Enginefile", mode: 0o600, size: 13 }]);
  });

  it("an excluded directory whose contents an exception re-includes is sent before them, with its own stat", async () => {
    const root = makeTree({
      Enginefile: "FROM scratch\n",
      "vendor/a.keep": "k",
      "vendor/b.txt": "b",
      "vendor/deep/c.keep": "c",
      ".engineignore": "vendor\n!**/*.keep\nEnginefile\n",
    });
    const plan = await planContext({ context: root, nanoseconds: true });
    const { client } = await serve(new FileSync(plan));
    const r = await diffCopy(client, { "dir-name": "context" });
    // the excluded Enginefile is not in the context (it is served as `dockerfile`)
    expect(r.stats.map((s) => s.path)).toEqual([
      ".engineignore",
      "vendor",
      "vendor/a.keep",
      "vendor/deep",
      "vendor/deep/c.keep",
    ]);
    expect(r.stats[1]!.modTime).toBe(lstatSync(join(root, "vendor"), { bigint: true }).mtimeNs);
    expect(r.stats[1]!.mode).toBe(GO_DIR + (Number(lstatSync(join(root, "vendor")).mode) & 0o777));
  });

  it("applies the include and exclude patterns and follow paths BuildKit sends, as fsutil's filter does", async () => {
    const root = makeTree({
      Enginefile: "FROM scratch\n",
      "src/a.go": "a",
      "src/a_test.go": "t",
      "src/sub/b.go": "b",
      "docs/x.md": "x",
      "real.txt": "r",
    });
    symlinkSync("real.txt", join(root, "alias"));
    const plan = await planContext({ context: root });
    const { client } = await serve(new FileSync(plan));
    const r = await diffCopy(client, {
      "dir-name": "context",
      "include-patterns": ["src", "docs/*.md"],
      "exclude-patterns": ["**/*_test.go", "docs"],
    });
    expect(r.stats.map((s) => s.path)).toEqual(["src", "src/a.go", "src/sub", "src/sub/b.go"]);
    const only = await diffCopy(client, { "dir-name": "context", "include-patterns": "src/sub/b.go" });
    // the parents of a kept path are sent before it
    expect(only.stats.map((s) => s.path)).toEqual(["src", "src/sub", "src/sub/b.go"]);
    const followed = await diffCopy(client, { "dir-name": "context", followpaths: "alias" });
    expect(followed.stats.map((s) => s.path)).toEqual(["alias", "real.txt"]);
  });

  it("reaches nothing outside the context, whatever a frontend asks: links stay links, patterns and follow paths select only context entries", async () => {
    // The build is untrusted (and a `# syntax=` frontend image is the Enginefile's choice): its DiffCopy
    // metadata and REQ packets must not get it a byte from outside what the ignore file left.
    const outside = makeTree({ "marker.txt": "OUTSIDE-Xy7", "dir/inner.txt": "OUTSIDE-DIR-Qz4" });
    const root = makeTree({
      Enginefile: "FROM scratch\n",
      "hidden.txt": "IGNORED-Wq2",
      ".engineignore": "hidden.txt\n",
    });
    symlinkSync(join(outside, "marker.txt"), join(root, "abs"));
    symlinkSync(join("..", basename(outside), "marker.txt"), join(root, "rel"));
    symlinkSync(join(outside, "dir"), join(root, "dirlink"));
    const plan = await planContext({ context: root });
    const { client } = await serve(new FileSync(plan));
    const everything = [".engineignore", "Enginefile", "abs", "dirlink", "rel"];
    const all = await diffCopy(client, { "dir-name": "context" }, (s) => s.path === "Enginefile");
    expect(all.stats.map((s) => s.path)).toEqual(everything);
    expect(all.stats.find((s) => s.path === "abs")).toMatchObject({
      mode: GO_SYMLINK + 0o777,
      linkname: join(outside, "marker.txt"),
    });
    const reaching = await diffCopy(
      client,
      {
        "dir-name": "context",
        followpaths: [
          "abs",
          "rel",
          "dirlink/inner.txt",
          "../",
          join(outside, "marker.txt"),
          "/etc/passwd",
          "hidden.txt",
        ],
        "include-patterns": ["../**", "/**", `${outside}/**`, "dirlink/**", "hidden.txt"],
      },
      () => true,
    );
    // the links themselves, never a target's bytes (a REQ for a link is refused), and nothing the ignore
    // file left out
    expect(reaching.stats.map((s) => s.path)).toEqual(["abs", "rel"]);
    expect(reaching.errors).toEqual(["invalid file request 0"]);
    expect(reaching.files.size).toBe(0);
    // directories other than the context and the build file's are not served
    for (const dir of ["..", "/", "/etc", "context/..", ""]) {
      const other = await diffCopy(client, { "dir-name": dir });
      expect(other.status, dir).toBe("5");
      expect(other.stats).toEqual([]);
    }
  });

  it("sends every byte of more files than its recycled buffer holds, each file its own content", async () => {
    const files: Record<string, string> = { Enginefile: "FROM scratch\n" };
    for (let i = 0; i < 300; i++) files[`d${i % 7}/f${i}`] = randomBytes(30_000 + i * 37).toString("base64");
    files["big.bin"] = randomBytes(5 * 1024 * 1024).toString("latin1");
    const root = makeTree(files);
    const plan = await planContext({ context: root });
    const { client } = await serve(new FileSync(plan));
    const r = await diffCopy(client, { "dir-name": "context" }, (s) => (s.mode & (2 ** 31)) === 0);
    expect(r.status).toBe("0");
    expect(r.files.size).toBe(302);
    for (const path of Object.keys(files))
      expect(r.files.get(path)?.equals(readFileSync(join(root, path)))).toBe(true);
  });

  it("a hard link whose first path the selection drops is sent as the file itself", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n", "a/first": "shared bytes" });
    linkSync(join(root, "a/first"), join(root, "b"));
    linkSync(join(root, "a/first"), join(root, "c"));
    const plan = await planContext({ context: root });
    const { client } = await serve(new FileSync(plan));
    const r = await diffCopy(
      client,
      { "dir-name": "context", "exclude-patterns": "a" },
      (s) => s.linkname === "",
    );
    expect(r.stats.map((s) => [s.path, s.linkname, s.size])).toEqual([
      ["Enginefile", "", 13],
      ["b", "", 12],
      ["c", "b", 0],
    ]);
    expect(r.files.get("b")!.toString()).toBe("shared bytes");
  });

  it("a file that vanished since the walk ends the call with an ERR packet and is kept as the problem", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n", "gone.txt": "soon gone" });
    const plan = await planContext({ context: root });
    const fileSync = new FileSync(plan);
    const { client } = await serve(fileSync);
    rmSync(join(root, "gone.txt"));
    const r = await diffCopy(client, { "dir-name": "context" }, (s) => s.path === "gone.txt");
    expect(r.errors).toEqual(["gone.txt: vanished while the context was being sent"]);
    expect(r.status).toBe("2");
    expect(fileSync.problem?.message).toBe("gone.txt: vanished while the context was being sent");
    writeFileSync(join(root, "gone.txt"), "x"); // shorter than planned
    const shrank = await diffCopy(client, { "dir-name": "context" }, (s) => s.path === "gone.txt");
    expect(shrank.errors).toEqual(["gone.txt: shrank while the context was being sent"]);
    // a link put in its place is not followed out of the context
    const outside = makeTree({ "private.key": "not for the build" });
    rmSync(join(root, "gone.txt"));
    symlinkSync(join(outside, "private.key"), join(root, "gone.txt"));
    const linked = await diffCopy(client, { "dir-name": "context" }, (s) => s.path === "gone.txt");
    expect(linked.errors).toEqual([
      "gone.txt: was replaced by a symbolic link while the context was being sent",
    ]);
    expect(linked.files.size).toBe(0);
  });

  it("while the walk goes on, serves the build file and BuildKit's .dockerignore read, and the context once walked", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\nCOPY . /ctx\n", "a.txt": "a", "b/c.txt": "c" });
    const prepared = await prepareContext({ context: root, nanoseconds: true });
    let finishWalk!: () => void;
    const walked = new Promise<void>((resolve) => {
      finishWalk = resolve;
    }).then(() => prepared.walk({ inSlices: true }));
    const fileSync = new FileSync({ ...prepared, buildContext: walked.then((p) => p.buildContext) });
    const { client } = await serve(fileSync);
    // the walk has not even started: neither call may wait for it
    const dockerfile = await diffCopy(client, { "dir-name": "dockerfile", followpaths: "Enginefile" });
    expect(dockerfile.stats.map((s) => s.path)).toEqual(["Enginefile"]);
    const ignore = await diffCopy(client, { "dir-name": "context", followpaths: ".dockerignore" });
    expect(ignore).toMatchObject({ stats: [], status: "0" });
    let contextServed = false;
    const context = diffCopy(client, { "dir-name": "context" }).then((r) => {
      contextServed = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(contextServed).toBe(false);
    finishWalk();
    const r = await context;
    expect(r.status).toBe("0");
    expect(r.stats.map((s) => s.path)).toEqual(["Enginefile", "a.txt", "b", "b/c.txt"]);
  });

  it("sends the files BuildKit requests between the stats, not after all of them (its receiver reads in order)", async () => {
    const files: Record<string, string> = { Enginefile: "FROM scratch\n" };
    for (let i = 0; i < 12_000; i++) files[`d/f${String(i).padStart(5, "0")}`] = `content ${i}`;
    const plan = await planContext({ context: makeTree(files), nanoseconds: true });
    const { client } = await serve(new FileSync(plan));
    // as fsutil's receiver: each regular file is requested as soon as its stat is read
    const r = await diffCopy(client, { "dir-name": "context" }, (s) => s.path.startsWith("d/f"));
    expect(r.status).toBe("0");
    expect(r.files.size).toBe(12_000);
    expect(r.files.get("d/f11999")!.toString()).toBe("content 11999");
    // The first file's bytes come while stats of most files are still to be sent. Until the first request
    // is read the stats go 1,024 at a time with a turn of the event loop between two: here the first
    // request is read after three chunks (3,072 stats, also with the CPUs busy); all 12,002 went first
    // before the change.
    expect(r.statsBeforeData).toBeGreaterThan(0);
    expect(r.statsBeforeData).toBeLessThan(8_000);
  });

  it("a stat larger than a batch of stats (a 70 KiB path) goes in a frame of its own, between the others", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n" });
    const prepared = await prepareContext({ context: root });
    const long = "d".repeat(70 * 1024); // one name: its parents would have to exist
    const dir = (path: string) => ({
      path,
      header: { name: `${path}/`, type: TypeFlag.dir, mode: 0o755, size: 0, mtime: 1 },
      mtimeNs: 1_000_000_123n,
    });
    const buildContext = [
      dir("a"),
      ...Array.from({ length: 3000 }, (_, i) => dir(`b${i}`)),
      dir(long),
      dir("z"),
    ];
    buildContext.sort((x, y) => (x.path < y.path ? -1 : 1));
    const { client } = await serve(new FileSync({ ...prepared, buildContext }));
    const r = await diffCopy(client, { "dir-name": "context" });
    expect(r.status).toBe("0");
    expect(r.stats.map((s) => s.path)).toEqual(buildContext.map((e) => e.path));
    expect(r.stats.find((s) => s.path === long)).toMatchObject({
      mode: GO_DIR + 0o755,
      modTime: 1_000_000_123n,
    });
  });

  it("a walk that fails ends BuildKit's call for the context with its message", async () => {
    const root = makeTree({ Enginefile: "FROM scratch\n" });
    const prepared = await prepareContext({ context: root });
    const failed = Promise.reject(new Error("cannot send the build context: 1 path(s) cannot be read"));
    failed.catch(() => undefined);
    const { client } = await serve(new FileSync({ ...prepared, buildContext: failed }));
    const r = await diffCopy(client, { "dir-name": "context" });
    expect(r.stats).toEqual([]);
    expect(r.status).toBe("2");
    expect(r.message).toBe("cannot send the build context: 1 path(s) cannot be read");
  });
});
