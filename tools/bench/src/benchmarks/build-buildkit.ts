/**
 * `enginekit build` with BuildKit against the engine CLI's BuildKit path, in the same run, on the contexts of
 * the build-context benchmark (20,000 files × 10 KiB; one 1 GiB file), on the real engine (`ENGINE_HOST`):
 * wall time and the client's own CPU time (issue #31). Both send the context through BuildKit's file sync
 * (a session), where BuildKit keeps the last transfer, so two cases per context:
 *
 * - `full transfer`: every file's mtime is changed before each run (untimed), so BuildKit asks for every
 *   file's bytes again (the `COPY` itself stays cached: BuildKit's cache key ignores mtimes);
 * - `cached rebuild`: nothing changed, so only stats travel.
 *
 * `BENCH_SKIP_SMALL=1` / `BENCH_SKIP_LARGE=1` leave a context out; `BENCH_BUILDKIT_ROUNDS` sets the rounds.
 */
import { existsSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EngineClient } from "@enginekit/api";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import type { Benchmark } from "../benchmark.js";
import { reportTarget } from "../harness.js";
import {
  cliBin,
  makeLargeContext,
  makeSmallContext,
  measure,
  median,
  SMALL_FILES,
  sh,
} from "./build-context.js";

/**
 * The engine CLI that builds with BuildKit here: `docker` when it has buildx, else Debian's 20.10 CLI
 * (`/usr/bin/docker`), whose `DOCKER_BUILDKIT=1` path is built in; undefined when neither.
 */
async function buildkitCli(): Promise<string | undefined> {
  for (const cli of ["docker", "/usr/bin/docker"]) {
    const buildx = await sh(`${cli} buildx version`).then(
      () => true,
      () => false,
    );
    if (buildx) return cli;
    // `docker --version` needs no engine: "Docker version 20.10.24+dfsg1, build 297e128"
    const version = (await sh(`${cli} --version`).catch(() => "")).replace(/^Docker version /, "");
    if (/^(18\.09|19\.|20\.|21\.|22\.)/.test(version)) return cli;
  }
  return undefined;
}

/** Rounds of each case (after one warm-up run per contender). */
const ROUNDS = Number(process.env.BENCH_BUILDKIT_ROUNDS ?? 5);

/** One row of the summary printed at the end. */
interface Figures {
  context: string;
  kind: string;
  ours: { cpu: number; wall: number };
  theirs: { cpu: number; wall: number };
}

/** Gives every file of `dir` a new mtime (seconds since the epoch, distinct per call). */
async function touchAll(dir: string, seconds: number): Promise<void> {
  const paths = (await sh(`find '${dir}' -type f`)).split("\n").filter(Boolean);
  for (const path of paths) utimesSync(path, seconds, seconds);
}

/**
 * End to end with BuildKit: `enginekit build --builder buildkit` (the context through the session's file
 * sync) vs `DOCKER_BUILDKIT=1 docker build` (the same, by the engine CLI), `FROM scratch` + `COPY . /ctx`.
 * Besides the wall time, the client's own CPU time (user + system, from `/usr/bin/time`) is the cost of
 * walking, sending and decoding progress. Targets (issue #31): client CPU time at least 1.5× lower than the
 * CLI's; end to end no slower.
 */
async function endToEndBuildkit(
  label: string,
  dir: string,
  host: string,
  cli: string,
  built: Set<string>,
  figures: Figures[],
): Promise<void> {
  const env = { ...process.env, ENGINE_HOST: host, DOCKER_HOST: host, DOCKER_BUILDKIT: "1" };
  const cpu = new Map<string, number[]>();
  const timed = async (name: string, command: string) => {
    const out = join(dir, "..", `time-${process.pid}`);
    const stdout = await sh(`/usr/bin/time -f '%U %S' -o '${out}' ${command}`, env);
    const [user = 0, system = 0] = (await sh(`cat '${out}'`)).trim().split(/\s+/).map(Number);
    cpu.set(name, [...(cpu.get(name) ?? []), (user + system) * 1000]);
    const id = stdout.trim().split("\n").at(-1);
    if (id) built.add(id);
  };
  const ours = "enginekit build (BuildKit)";
  const theirs = "DOCKER_BUILDKIT=1 docker build";
  let epoch = 1_600_000_000;
  for (const kind of ["full transfer", "cached rebuild"]) {
    cpu.clear();
    const times = await measure(
      `BuildKit end to end, ${label}, ${kind}: FROM scratch + COPY . /ctx on the real engine`,
      [
        {
          name: ours,
          run: () => timed(ours, `'${process.execPath}' '${cliBin}' build --builder buildkit -q '${dir}'`),
        },
        { name: theirs, run: () => timed(theirs, `${cli} build -q -f '${dir}/Enginefile' '${dir}'`) },
      ],
      ROUNDS,
      [],
      async () => {
        if (kind === "full transfer") await touchAll(dir, epoch++);
        await sh("sync", env);
      },
    );
    // the warm-up run is left out
    const ourCpu = median(cpu.get(ours)!.slice(1));
    const theirCpu = median(cpu.get(theirs)!.slice(1));
    console.log(
      `client CPU time (user + system, median): enginekit ${ourCpu.toFixed(0)} ms, docker ${theirCpu.toFixed(0)} ms`,
    );
    figures.push({
      context: label,
      kind,
      ours: { cpu: ourCpu, wall: times.get(ours)! },
      theirs: { cpu: theirCpu, wall: times.get(theirs)! },
    });
    reportTarget(
      `BuildKit (${label}, ${kind}): client CPU time at least 1.5× lower than the engine CLI's`,
      theirCpu / ourCpu >= 1.5,
      `docker's client uses ${(theirCpu / ourCpu).toFixed(2)}× enginekit's CPU time`,
    );
    const ratio = times.get(theirs)! / times.get(ours)!;
    reportTarget(
      `BuildKit (${label}, ${kind}): end to end no slower than the engine CLI`,
      ratio >= 1,
      `docker takes ${ratio.toFixed(2)}× as long`,
    );
  }
}

/** The summary table: every case's CPU and wall times side by side, with the ratios (docker ÷ enginekit). */
function printSummary(figures: Figures[]): void {
  console.log(
    "\n| Context | Case | enginekit CPU | docker CPU | CPU ratio | enginekit wall | docker wall | wall ratio |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const f of figures) {
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `| ${f.context} | ${f.kind} | ${s(f.ours.cpu)} | ${s(f.theirs.cpu)} | ${(f.theirs.cpu / f.ours.cpu).toFixed(2)}× | ${s(f.ours.wall)} | ${s(f.theirs.wall)} | ${(f.theirs.wall / f.ours.wall).toFixed(2)}× |`,
    );
  }
}

async function run(): Promise<void> {
  const host = engineHostForTests();
  if (!host) return console.log(NO_ENGINE_MESSAGE);
  if (!existsSync(cliBin)) return console.log(`skip: build the CLI first (${cliBin} is missing)`);
  const cli = await buildkitCli();
  if (!cli) return console.log("skip: no engine CLI with BuildKit (buildx, or 18.09–22.x)");
  const base = mkdtempSync(join(tmpdir(), "ek-bench-bk-"));
  const built = new Set<string>();
  const figures: Figures[] = [];
  try {
    if (process.env.BENCH_SKIP_SMALL !== "1") {
      const small = join(base, "small");
      makeSmallContext(small);
      await endToEndBuildkit(`${SMALL_FILES} files × 10 KiB`, small, host, cli, built, figures);
    }
    if (process.env.BENCH_SKIP_LARGE !== "1") {
      const large = join(base, "large");
      makeLargeContext(large);
      await endToEndBuildkit("one 1 GiB file", large, host, cli, built, figures);
    }
    printSummary(figures);
  } finally {
    const engine = new EngineClient({ host, onWarning: () => {} });
    for (const id of built) await engine.images.remove(id, { force: true }).catch(() => undefined);
    await engine.close();
    rmSync(base, { recursive: true, force: true });
  }
}

/** The build-buildkit benchmark (registered in `benchmarks/index.ts`). */
export const benchmark: Benchmark = {
  name: "build-buildkit",
  description: "enginekit build (BuildKit) vs DOCKER_BUILDKIT=1 docker build: wall and client CPU time",
  run,
};
