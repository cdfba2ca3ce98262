/**
 * Build-context packing and `enginekit build` against peers, in the same run, on two generated contexts
 * (under `os.tmpdir()`, removed afterwards): 20,000 files × 10 KiB in 100 directories, and one file of
 * 1 GiB.
 *
 * - Packing throughput, page cache warm, every contender writing into a `cat > /dev/null` pipe (GNU tar
 *   skips reading file data when its output is `/dev/null` itself, so that comparison would be void):
 *   enginekit (`planContext` + `packContext`) into the socket pair of a spawned `cat`'s standard input
 *   (like an upload's Unix socket) and into a real 64 KiB pipe (a named pipe, like a piped standard
 *   output and like GNU tar's), GNU tar (`tar -cf - . | cat > /dev/null`) and dockerode's packer
 *   (tar-fs `pack`). Targets (issue #16), on both contexts, for the slower of enginekit's two: within
 *   1.5× of GNU tar's time, and at least 2× faster than tar-fs. Every run's time is printed too, so a
 *   bimodal spread shows.
 * - Peak RSS of packing each context into the same pipe, in a child process
 *   (`process.resourceUsage().maxRSS`, which includes Node and the loaded packages: about 100 MB before
 *   any packing). Target: under 150 MB.
 * - Client phases, both commands uploading into the same stand-in engine (a Unix-socket sink in this
 *   process, no engine work): start-up and walk until the request head, the upload, and from the last
 *   byte to the process exit. Shows each tool's own costs, which end to end add to the engine's work.
 * - End to end on the real engine when `ENGINE_HOST` is set: the `enginekit build` command vs
 *   `DOCKER_BUILDKIT=0 docker -H $ENGINE_HOST build` (`FROM scratch` + `COPY . /ctx`, cache on for both).
 *   Target: faster than the engine CLI. (With BuildKit on both sides: the build-buildkit benchmark.)
 *
 * - Ignore patterns at scale (#29): `enginekit build` vs `docker build` of a 5,100-file context with 1,000
 *   and 10,000 `.dockerignore` patterns, into the stand-in engine (and the real one when `ENGINE_HOST` is
 *   set), wall and CPU time. Target: within 2× of the engine CLI. `BENCH_BUILD_CONTEXT=ignore-patterns`
 *   runs this part alone (any comma list of packing, phases, end-to-end, ignore-patterns).
 *
 * Each contender runs once to warm up, then ROUNDS (end to end: E2E_ROUNDS, each after a `sync` so that
 * no run pays for the previous one's disk writes) times with the order rotated per round; figures are
 * medians. (The harness's `compare()` warms up 16 iterations, far too long for multi-second runs; the
 * table is printed with its `printTable`.)
 */
import { execFile, spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { createRequire } from "node:module";
import { createServer, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { EngineClient } from "@enginekit/api";
import { packContext, planContext } from "@enginekit/build-context";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import type { Benchmark } from "../benchmark.js";
import { type CompareRow, printTable, reportTarget } from "../harness.js";

const ROUNDS = 5;
/** Rounds of the packing comparisons (cheap next to the end-to-end runs, and noisier). */
const PACK_ROUNDS = 11;
export const E2E_ROUNDS = 5;
export const SMALL_FILES = 20_000;
const SMALL_DIRS = 100;
const SMALL_BYTES = 10 * 1024;
const LARGE_BYTES = 1024 * 1024 * 1024;
const ENGINEFILE = "FROM scratch\nCOPY . /ctx\n";

/** dockerode's packer (tar-fs ships no types; this is the one function used). */
const tarFsPack = (createRequire(import.meta.url)("tar-fs") as { pack: (dir: string) => Readable }).pack;

const benchDir = fileURLToPath(new URL("../..", import.meta.url));
export const cliBin = fileURLToPath(
  new URL("../../../../packages/cli/dist/bundle/enginekit.js", import.meta.url),
);

/** A contender: `run` performs one full operation and resolves when done. */
interface Runner {
  name: string;
  run: () => Promise<void>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Runs each contender once to warm up, then `rounds` times rotating the order; returns medians in ms.
 * `beforeEach` runs, untimed, before every timed run.
 */
export async function measure(
  title: string,
  runners: Runner[],
  rounds: number,
  units: { name: string; perCall: number }[],
  beforeEach?: () => Promise<void>,
) {
  for (const r of runners) await r.run();
  const times = new Map<string, number[]>(runners.map((r) => [r.name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = [...runners.slice(round % runners.length), ...runners.slice(0, round % runners.length)];
    for (const r of order) {
      await beforeEach?.();
      const start = performance.now();
      await r.run();
      times.get(r.name)!.push(performance.now() - start);
    }
  }
  const base = median(times.get(runners[0]!.name)!);
  const rows: CompareRow[] = runners.map((r) => {
    const t = times.get(r.name)!;
    const meanMs = median(t);
    return {
      name: r.name,
      meanMs,
      p99Ms: Math.max(...t),
      opsPerSecond: 1000 / meanMs,
      ratio: meanMs / base,
    };
  });
  printTable(`${title} (median of ${rounds}; "p99" = slowest)`, rows, units);
  for (const r of runners) {
    const all = [...times.get(r.name)!].sort((a, b) => a - b).map((t) => t.toFixed(0));
    console.log(`${r.name}: every run, ms: ${all.join(" ")}`);
  }
  return new Map(rows.map((r) => [r.name, r.meanMs]));
}

/**
 * Pipes `source` into `cat > /dev/null` through the child's standard input: a socket pair (Node's
 * `spawn`), which takes about 143 KiB per write, like the Unix socket of an upload.
 */
async function intoCat(source: Readable): Promise<void> {
  const cat = spawn("sh", ["-c", "cat > /dev/null"], { stdio: ["pipe", "ignore", "inherit"] });
  const exited = new Promise<void>((resolve, reject) =>
    cat.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`cat exited ${code}`)))),
  );
  await pipeline(source, cat.stdin);
  await exited;
}

/**
 * Pipes `source` into `cat > /dev/null` through a named pipe in `dir`: a real pipe of 64 KiB, the sink GNU
 * tar writes to through the shell's `|`, written through a `net.Socket` as Node writes a piped standard
 * output (`enginekit build --output -`).
 */
async function intoPipeCat(source: Readable, dir: string): Promise<void> {
  const fifo = join(dir, `pipe-${process.pid}`);
  rmSync(fifo, { force: true });
  await sh(`mkfifo '${fifo}'`);
  try {
    const cat = spawn("sh", ["-c", `cat < '${fifo}' > /dev/null`], { stdio: "ignore" });
    const exited = new Promise<void>((resolve, reject) =>
      cat.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`cat exited ${code}`)))),
    );
    // Blocks until `cat` opened its end.
    const fd = openSync(fifo, "w");
    await pipeline(source, new Socket({ fd, readable: false, writable: true }));
    await exited;
  } finally {
    rmSync(fifo, { force: true });
  }
}

export function sh(command: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile("sh", ["-c", command], { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command}: ${stderr || error.message}`)) : resolve(stdout),
    ),
  );
}

export function makeSmallContext(dir: string): void {
  const content = Buffer.alloc(SMALL_BYTES, "s");
  for (let d = 0; d < SMALL_DIRS; d++) {
    const sub = join(dir, `dir${String(d).padStart(3, "0")}`);
    mkdirSync(sub, { recursive: true });
    for (let f = 0; f < SMALL_FILES / SMALL_DIRS; f++) writeFileSync(join(sub, `file${f}.txt`), content);
  }
  writeFileSync(join(dir, "Enginefile"), ENGINEFILE);
}

export function makeLargeContext(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const chunk = Buffer.alloc(64 * 1024 * 1024);
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((i * 2654435761) >>> 0, i);
  const fd = openSync(join(dir, "blob.bin"), "w");
  try {
    for (let done = 0; done < LARGE_BYTES; done += chunk.length) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
  writeFileSync(join(dir, "Enginefile"), ENGINEFILE);
}

/** The enginekit contenders: into the socket pair and into a real pipe (the targets hold for both). */
const OURS = ["enginekit packContext", "enginekit packContext, pipe"];

function packRunners(dir: string, scratch: string): Runner[] {
  return [
    {
      name: OURS[0]!,
      // As `enginekit build` streams it: recycled buffers (the pipe consumes each chunk before the next).
      run: async () => intoCat(packContext(await planContext({ context: dir }), { recycleBuffers: true })),
    },
    {
      name: OURS[1]!,
      run: async () =>
        intoPipeCat(packContext(await planContext({ context: dir }), { recycleBuffers: true }), scratch),
    },
    {
      name: "GNU tar -cf - | cat",
      run: async () => void (await sh(`tar -cf - -C '${dir}' . | cat > /dev/null`)),
    },
    { name: "tar-fs pack (dockerode)", run: () => intoCat(tarFsPack(dir)) },
  ];
}

/**
 * Peak RSS in MB of packing `dir` into a `cat > /dev/null` pipe, as the timed runs do, in a fresh Node
 * process (the built `@enginekit/build-context`).
 */
async function peakRssMb(dir: string): Promise<number> {
  const script = `
    import { packContext, planContext } from "@enginekit/build-context";
    import { spawn } from "node:child_process";
    import { pipeline } from "node:stream/promises";
    const plan = await planContext({ context: process.argv[1] });
    const cat = spawn("sh", ["-c", "cat > /dev/null"], { stdio: ["pipe", "ignore", "inherit"] });
    const exited = new Promise((resolve) => cat.on("exit", resolve));
    await pipeline(packContext(plan, { recycleBuffers: true }), cat.stdin);
    await exited;
    console.log(process.resourceUsage().maxRSS);`;
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ["--input-type=module", "-e", script, dir],
      { cwd: benchDir },
      (error, stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(stdout)),
    ),
  );
  return Number(out.trim()) / 1024;
}

/** Times (ms, `performance.now()`) of one `POST /build` the sink received: request head, end of body. */
interface SinkUpload {
  head: number;
  end: number;
}

/**
 * A stand-in engine on a Unix socket that answers `/_ping` and `/version`, reads a `POST /build` body
 * (Content-Length or chunked) as fast as it arrives, notes when its head and its last byte came, and
 * answers with one image ID. It separates a client's own costs from the engine's work: both tools
 * upload into the same sink in the same process.
 */
async function startSink(path: string): Promise<{ uploads: SinkUpload[]; close: () => Promise<void> }> {
  const uploads: SinkUpload[] = [];
  const reply = (body: string, type = "text/plain", withBody = true) =>
    `HTTP/1.1 200 OK\r\nApi-Version: 1.41\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${withBody ? body : ""}`;
  const built = `${JSON.stringify({ stream: `sha256:${"5a".repeat(32)}\n` })}\r\n`;
  const server = createServer((socket) => {
    let head = "";
    let upload: SinkUpload | undefined;
    let remaining = 0; // body bytes left (Content-Length) or left in the current chunk (+2 for its CRLF)
    let chunked = false;
    let sizeLine = "";
    const finish = () => {
      upload!.end = performance.now();
      uploads.push(upload!);
      upload = undefined;
      socket.end(reply(built, "application/json"));
    };
    socket.on("data", (data: Buffer) => {
      let at = 0;
      while (at < data.length) {
        if (!upload) {
          const text = data.toString("latin1", at);
          const cut = (head + text).indexOf("\r\n\r\n");
          if (cut < 0) {
            head += text;
            return;
          }
          at += cut + 4 - head.length;
          const request = head + text.slice(0, cut + 4 - head.length);
          head = "";
          const line = request.slice(0, request.indexOf("\r\n"));
          if (line.includes("/version")) socket.write(reply('{"ApiVersion":"1.41","MinAPIVersion":"1.12"}'));
          else if (!line.startsWith("POST "))
            socket.write(reply("OK", "text/plain", !line.startsWith("HEAD ")));
          if (!line.startsWith("POST ")) continue;
          upload = { head: performance.now(), end: 0 };
          const length = /\r\ncontent-length: *(\d+)/i.exec(request);
          chunked = !length;
          remaining = length ? Number(length[1]) : 0;
          if (!chunked && remaining === 0) finish();
          continue;
        }
        if (remaining > 0) {
          const take = Math.min(remaining, data.length - at);
          remaining -= take;
          at += take;
          if (!chunked && remaining === 0) finish();
          continue;
        }
        // Chunked: read the next size line; a zero size ends the body (after its final CRLF).
        const eol = data.indexOf("\n", at);
        sizeLine += data.toString("latin1", at, eol < 0 ? data.length : eol + 1);
        if (eol < 0) return;
        at = eol + 1;
        const size = Number.parseInt(sizeLine.trim(), 16);
        sizeLine = "";
        if (size === 0) finish();
        else remaining = size + 2;
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return { uploads, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Where a client's own time goes, on a context, uploading into the {@link startSink} (no engine work):
 * start-up and walk until the request head, the upload itself, and from the last byte to the exit.
 * Medians of ROUNDS rotated runs of both tools.
 */
async function clientPhases(label: string, dir: string, base: string): Promise<void> {
  const socket = join(base, "sink.sock");
  const sink = await startSink(socket);
  const host = `unix://${socket}`;
  const tools: { name: string; command: string }[] = [
    { name: "enginekit build", command: `'${process.execPath}' '${cliBin}' build -q -H '${host}' '${dir}'` },
    {
      name: "docker build (classic)",
      command: `docker -H '${host}' build -q -f '${dir}/Enginefile' '${dir}'`,
    },
  ];
  const phases = new Map(
    tools.map((t) => [t.name, { before: [] as number[], upload: [] as number[], after: [] as number[] }]),
  );
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? tools : [...tools].reverse();
      for (const tool of order) {
        const start = performance.now();
        await sh(tool.command, { ...process.env, DOCKER_BUILDKIT: "0" });
        const exit = performance.now();
        const upload = sink.uploads.pop();
        if (!upload) throw new Error(`${tool.name} sent no build to the sink`);
        const p = phases.get(tool.name)!;
        p.before.push(upload.head - start);
        p.upload.push(upload.end - upload.head);
        p.after.push(exit - upload.end);
      }
    }
  } finally {
    await sink.close();
  }
  console.log(`\n## client phases, ${label}, into a stand-in engine (median of ${ROUNDS}, ms)\n`);
  console.log("tool                    start → request  upload  last byte → exit  total");
  for (const [name, p] of phases) {
    const [b, u, a] = [median(p.before), median(p.upload), median(p.after)];
    console.log(
      `${name.padEnd(22)}  ${b.toFixed(0).padStart(15)}  ${u.toFixed(0).padStart(6)}  ${a.toFixed(0).padStart(16)}  ${(b + u + a).toFixed(0).padStart(5)}`,
    );
  }
}

async function endToEnd(label: string, dir: string, host: string, built: Set<string>): Promise<void> {
  if (!existsSync(cliBin)) {
    console.log(`skipping end-to-end (${label}): build the CLI first (${cliBin} is missing)`);
    return;
  }
  const env = { ...process.env, ENGINE_HOST: host, DOCKER_BUILDKIT: "0" };
  const rememberLastLine = (stdout: string) => {
    const id = stdout.trim().split("\n").at(-1);
    if (id) built.add(id);
  };
  const times = await measure(
    `end to end, ${label}: FROM scratch + COPY . /ctx on the real engine`,
    [
      {
        name: "enginekit build",
        run: async () =>
          rememberLastLine(await sh(`'${process.execPath}' '${cliBin}' build -q '${dir}'`, env)),
      },
      {
        name: "docker build (classic)",
        run: async () =>
          rememberLastLine(await sh(`docker -H '${host}' build -q -f '${dir}/Enginefile' '${dir}'`, env)),
      },
    ],
    E2E_ROUNDS,
    [],
    // The engine writes the whole context to disk: flush the previous run's writes first, or each run
    // pays for part of the one before it (without this, rounds varied by ±2 s on this machine).
    () => sh("sync", env).then(() => undefined),
  );
  const ratio = times.get("docker build (classic)")! / times.get("enginekit build")!;
  reportTarget(
    `end to end (${label}): enginekit build faster than the engine CLI`,
    ratio > 1,
    `docker takes ${ratio.toFixed(2)}× as long`,
  );
}

/** Packing `dir` against GNU tar and tar-fs, with the targets, then the peak RSS of packing it. */
async function packing(
  label: string,
  dir: string,
  scratch: string,
  units: { name: string; perCall: number }[],
) {
  const times = await measure(`packing ${label}`, packRunners(dir, scratch), PACK_ROUNDS, units);
  // The slower of the two sinks.
  const ours = Math.max(...OURS.map((name) => times.get(name)!));
  const vsTar = ours / times.get("GNU tar -cf - | cat")!;
  const vsTarFs = times.get("tar-fs pack (dockerode)")! / ours;
  reportTarget(`${label}: within 1.5× of GNU tar`, vsTar <= 1.5, `${vsTar.toFixed(2)}× GNU tar's time`);
  reportTarget(
    `${label}: at least 2× faster than tar-fs`,
    vsTarFs >= 2,
    `tar-fs takes ${vsTarFs.toFixed(2)}×`,
  );
  const rss = await peakRssMb(dir);
  reportTarget(`${label}: peak RSS under 150 MB`, rss < 150, `${rss.toFixed(1)} MB (child process)`);
}

/**
 * Pattern counts of the ignore-pattern comparison (issue #29: 1,000 took 8.9–15 s of CPU, 10,000 200 s),
 * or the comma list in `BENCH_IGNORE_PATTERNS`.
 */
const PATTERN_COUNTS = (process.env.BENCH_IGNORE_PATTERNS ?? "1000,10000").split(",").map(Number);
/** Rounds per pattern count: the engine CLI takes minutes per run at 10,000 patterns. */
const patternRounds = (count: number) => (count > 1_000 ? 3 : ROUNDS);

/**
 * The context of the ignore-pattern comparison: 50 folders each with 50 `.log` files and a `sub/` of 50
 * `.txt` files (5,100 files), an Enginefile, and a `.dockerignore` of `patterns` lines
 * `**\/nomatchN/*.log` (none matches, so every path is tried against every pattern by the engine CLI).
 */
function makePatternContext(dir: string, patterns: number): void {
  for (let d = 0; d < 50; d++) {
    mkdirSync(join(dir, `dir${d}`, "sub"), { recursive: true });
    for (let f = 0; f < 50; f++) {
      writeFileSync(join(dir, `dir${d}`, `f${f}.log`), "");
      writeFileSync(join(dir, `dir${d}`, "sub", `g${f}.txt`), "");
    }
  }
  writeFileSync(join(dir, "Enginefile"), ENGINEFILE);
  const lines = Array.from({ length: patterns }, (_, i) => `**/nomatch${i}/*.log`);
  writeFileSync(join(dir, ".dockerignore"), `${lines.join("\n")}\n`);
}

/** Wall and CPU (user + system) milliseconds of one shell command, from `/usr/bin/time`. */
async function timeCommand(command: string, env: NodeJS.ProcessEnv, scratch: string) {
  const out = join(scratch, "time.txt");
  const start = performance.now();
  await sh(`/usr/bin/time -f '%U %S' -o '${out}' sh -c "${command.replaceAll('"', '\\"')}"`, env);
  const wallMs = performance.now() - start;
  const [user, system] = readFileSync(out, "utf8").trim().split("\n").at(-1)!.split(" ").map(Number);
  return { wallMs, cpuMs: ((user ?? 0) + (system ?? 0)) * 1000 };
}

/**
 * Ignore patterns at scale: `enginekit build` and `docker build` (classic builder, `DOCKER_BUILDKIT=0`)
 * of a 5,100-file context whose `.dockerignore` holds 1,000 and 10,000 patterns, both uploading into the
 * stand-in engine ({@link startSink}: no engine work, so what is measured is each client's walk,
 * pattern matching and upload), and, when `ENGINE_HOST` is set, into the real engine. Medians of ROUNDS
 * runs (3 above 1,000 patterns) in alternating order, wall and CPU time (`/usr/bin/time`). Target: enginekit within 2× of the
 * engine CLI's time (#29: "within a small factor").
 */
async function ignorePatterns(base: string): Promise<void> {
  const socket = join(base, "pattern-sink.sock");
  const sink = await startSink(socket);
  const engine = engineHostForTests();
  try {
    for (const count of PATTERN_COUNTS) {
      const dir = join(base, `patterns-${count}`);
      makePatternContext(dir, count);
      const hosts = [{ label: "stand-in engine", host: `unix://${socket}` }];
      if (engine) hosts.push({ label: "real engine", host: engine });
      for (const { label, host } of hosts) {
        const env = { ...process.env, DOCKER_BUILDKIT: "0", ENGINE_HOST: host };
        const tools = [
          {
            name: "enginekit build",
            command: `'${process.execPath}' '${cliBin}' build -q -H '${host}' '${dir}'`,
          },
          {
            name: "docker build (classic)",
            command: `docker -H '${host}' build -q -f '${dir}/Enginefile' '${dir}'`,
          },
        ];
        const times = new Map(tools.map((t) => [t.name, { wall: [] as number[], cpu: [] as number[] }]));
        // warm-up (runs of a minute or more need none)
        if (count <= 1_000) for (const t of tools) await timeCommand(t.command, env, base);
        const rounds = patternRounds(count);
        for (let round = 0; round < rounds; round++) {
          for (const t of round % 2 === 0 ? tools : [...tools].reverse()) {
            const { wallMs, cpuMs } = await timeCommand(t.command, env, base);
            times.get(t.name)!.wall.push(wallMs);
            times.get(t.name)!.cpu.push(cpuMs);
          }
        }
        sink.uploads.length = 0;
        console.log(
          `\n## ${count.toLocaleString("en-US")} ignore patterns, 5,100 files, into the ${label} (median of ${rounds}, ms)\n`,
        );
        console.log("tool                    wall     CPU");
        for (const [name, t] of times)
          console.log(
            `${name.padEnd(22)}  ${median(t.wall).toFixed(0).padStart(6)}  ${median(t.cpu).toFixed(0).padStart(6)}`,
          );
        const ours = times.get("enginekit build")!;
        const theirs = times.get("docker build (classic)")!;
        const wallRatio = median(ours.wall) / median(theirs.wall);
        const cpuRatio = median(ours.cpu) / median(theirs.cpu);
        reportTarget(
          `${count} ignore patterns (${label}): enginekit build within 2× of the engine CLI`,
          wallRatio <= 2,
          `wall ${wallRatio.toFixed(2)}×, CPU ${cpuRatio.toFixed(2)}× the engine CLI's`,
        );
      }
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await sink.close();
  }
}

/** The parts of this benchmark, all by default; `BENCH_BUILD_CONTEXT=ignore-patterns` (a comma list) picks some. */
const PARTS = ["packing", "phases", "end-to-end", "ignore-patterns"] as const;

function wanted(part: (typeof PARTS)[number]): boolean {
  const only = process.env.BENCH_BUILD_CONTEXT;
  return !only || only.split(",").includes(part);
}

async function run(): Promise<void> {
  const base = mkdtempSync(join(tmpdir(), "ek-bench-ctx-"));
  const small = join(base, "small");
  const large = join(base, "large");
  try {
    if (wanted("ignore-patterns")) {
      if (existsSync(cliBin)) await ignorePatterns(base);
      else console.log(`skipping ignore patterns: build the CLI first (${cliBin} is missing)`);
    }
    if (!wanted("packing") && !wanted("phases") && !wanted("end-to-end")) return;
    console.log(`generating contexts under ${base} …`);
    makeSmallContext(small);
    makeLargeContext(large);
    const smallBytes = SMALL_FILES * SMALL_BYTES;
    const largeBytes = LARGE_BYTES;

    if (wanted("packing")) {
      await packing(`${SMALL_FILES} files × 10 KiB`, small, base, [
        { name: "files", perCall: SMALL_FILES },
        { name: "B", perCall: smallBytes },
      ]);
      await packing("one 1 GiB file", large, base, [{ name: "B", perCall: largeBytes }]);
    }

    if (wanted("phases") && existsSync(cliBin)) {
      await clientPhases(`${SMALL_FILES} files × 10 KiB`, small, base);
      await clientPhases("one 1 GiB file", large, base);
    }

    if (!wanted("end-to-end")) return;
    const host = engineHostForTests();
    if (!host) {
      console.log(NO_ENGINE_MESSAGE);
      return;
    }
    const built = new Set<string>();
    try {
      await endToEnd(`${SMALL_FILES} files × 10 KiB`, small, host, built);
      await endToEnd("one 1 GiB file", large, host, built);
    } finally {
      const engine = new EngineClient({ host, onWarning: () => {} });
      for (const id of built) await engine.images.remove(id, { force: true }).catch(() => undefined);
      await engine.close();
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** The build-context benchmark (registered in `benchmarks/index.ts`). */
export const benchmark: Benchmark = {
  name: "build-context",
  description:
    "packing 20,000 small files and one 1 GiB file vs GNU tar and tar-fs; peak RSS; enginekit build vs docker build; 1,000 and 10,000 ignore patterns vs docker build",
  run,
};
