/**
 * `enginekit build` with BuildKit against the engine CLI's BuildKit path, in the same run, on the contexts of
 * the build-context benchmark (20,000 files × 10 KiB; one 1 GiB file), on the real engine (`ENGINE_HOST`):
 * wall time and the client's own CPU time, for a cached rebuild and with `--no-cache` (issue #31).
 * `BENCH_SKIP_SMALL=1` / `BENCH_SKIP_LARGE=1` leave a context out.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EngineClient } from "@enginekit/api";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import type { Benchmark } from "../benchmark.js";
import { reportTarget } from "../harness.js";
import {
  cliBin,
  E2E_ROUNDS,
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

/**
 * End to end with BuildKit: `enginekit build --builder buildkit` (the archive posted to `/build?version=2`)
 * vs `DOCKER_BUILDKIT=1 docker build` (the engine CLI syncs the context through a session), cache on
 * (`cached rebuild`: every timed run repeats a build the engine has cached; the context still travels) and
 * `--no-cache`. Besides the wall time, the client's own CPU time (user + system, from `/usr/bin/time`) is the
 * cost of packing, uploading and decoding progress. Targets (issue #31): client CPU time at least 1.5×
 * lower than the CLI's; end to end no slower.
 */
async function endToEndBuildkit(
  label: string,
  dir: string,
  host: string,
  cli: string,
  built: Set<string>,
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
  for (const cache of ["cached rebuild", "--no-cache"]) {
    const flag = cache === "--no-cache" ? "--no-cache" : "";
    cpu.clear();
    const times = await measure(
      `BuildKit end to end, ${label}, ${cache}: FROM scratch + COPY . /ctx on the real engine`,
      [
        {
          name: "enginekit build (BuildKit)",
          run: () =>
            timed(
              "enginekit build (BuildKit)",
              `'${process.execPath}' '${cliBin}' build --builder buildkit -q ${flag} '${dir}'`,
            ),
        },
        {
          name: "DOCKER_BUILDKIT=1 docker build",
          run: () =>
            timed(
              "DOCKER_BUILDKIT=1 docker build",
              `${cli} build -q ${flag} -f '${dir}/Enginefile' '${dir}'`,
            ),
        },
      ],
      E2E_ROUNDS,
      [],
      () => sh("sync", env).then(() => undefined),
    );
    const ours = median(cpu.get("enginekit build (BuildKit)")!.slice(1));
    const theirs = median(cpu.get("DOCKER_BUILDKIT=1 docker build")!.slice(1));
    console.log(
      `client CPU time (user + system, median): enginekit ${ours.toFixed(0)} ms, docker ${theirs.toFixed(0)} ms`,
    );
    reportTarget(
      `BuildKit (${label}, ${cache}): client CPU time at least 1.5× lower than the engine CLI's`,
      theirs / ours >= 1.5,
      `docker's client uses ${(theirs / ours).toFixed(2)}× enginekit's CPU time`,
    );
    const ratio = times.get("DOCKER_BUILDKIT=1 docker build")! / times.get("enginekit build (BuildKit)")!;
    reportTarget(
      `BuildKit (${label}, ${cache}): end to end no slower than the engine CLI`,
      ratio >= 1,
      `docker takes ${ratio.toFixed(2)}× as long`,
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
  try {
    if (process.env.BENCH_SKIP_SMALL !== "1") {
      const small = join(base, "small");
      makeSmallContext(small);
      await endToEndBuildkit(`${SMALL_FILES} files × 10 KiB`, small, host, cli, built);
    }
    if (process.env.BENCH_SKIP_LARGE !== "1") {
      const large = join(base, "large");
      makeLargeContext(large);
      await endToEndBuildkit("one 1 GiB file", large, host, cli, built);
    }
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
