import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  analyzeEnginefile,
  DEFAULT_SETTINGS,
  findShellcheck,
  type LintSettings,
  lintEnginefile,
  RULES,
  shellcheckEnginefiles,
} from "@enginekit/lint";
import { validate } from "dockerfile-utils";
import type { Benchmark } from "../benchmark.js";
import { compare, type GcShare, gcShare, reportTarget } from "../harness.js";

const here = dirname(fileURLToPath(import.meta.url));
/** `<repo root>/corpus/enginefiles/files` (the repository's test corpus: corpus/NOTICE.md). */
const corpusDir = resolve(here, "../../../../corpus/enginefiles/files");
const repoRoot = resolve(here, "../../../..");
const benchDir = resolve(here, "../..");
/** Node 24 from the root devDependency (what the CLI runs on). */
const node = join(repoRoot, "node_modules", ".bin", "node");
const enginekitBin = join(repoRoot, "packages", "cli", "dist", "bundle", "enginekit.js");
const dockerfilelintBin = join(benchDir, "node_modules", "dockerfilelint", "bin", "dockerfilelint");
const dockerfileUtilsBin = join(benchDir, "node_modules", "dockerfile-utils", "bin", "dockerfile-utils");

/**
 * The corpus files dockerfilelint survives: it throws on some real files (a `TypeError` in its HEALTHCHECK
 * check) and its CLI then dies without output, which would make it look fast. Found once with its own
 * `run(configDir, content)`, the function its CLI calls per file.
 */
function filesDockerfilelintSurvives(paths: string[]): string[] {
  const { run } = createRequire(import.meta.url)(
    join(benchDir, "node_modules", "dockerfilelint", "lib", "index.js"),
  ) as {
    run: (configDir: string, content: string) => unknown;
  };
  return paths.filter((p) => {
    try {
      run(dirname(p), readFileSync(p, "utf8"));
      return true;
    } catch {
      return false;
    }
  });
}

/** Runs a command to completion; lint findings make linters exit non-zero, which is not a failure here. */
function runProcess(args: string[]): void {
  const r = spawnSync(node, args, { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  if (r.status === null) throw new Error(`${args.join(" ")} was killed by ${r.signal}`);
}

/**
 * A script preloaded with `--require` that writes the process's peak RSS (`process.resourceUsage().maxRSS`,
 * KiB, worker threads included) to the file named by `EK_BENCH_MAXRSS` when the main thread exits.
 */
const MAXRSS_REPORTER = `const { isMainThread } = require("node:worker_threads");
if (isMainThread) process.on("exit", () => require("node:fs").writeFileSync(process.env.EK_BENCH_MAXRSS, String(process.resourceUsage().maxRSS)));`;

/** Peak RSS in MiB of one run of a Node script (`args` as for {@link runProcess}). */
function peakRssMib(args: string[], scratch: string): number {
  const reporter = join(scratch, "maxrss.cjs");
  const out = join(scratch, "maxrss.txt");
  writeFileSync(reporter, MAXRSS_REPORTER);
  const r = spawnSync(node, ["--require", reporter, ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, EK_BENCH_MAXRSS: out },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return Number(readFileSync(out, "utf8")) / 1024;
}

/** Every rule turned off: what is left is reading, the BuildKit-exact parse, the shared analyses and output. */
const RULES_OFF: LintSettings = {
  ...DEFAULT_SETTINGS,
  rules: Object.fromEntries(RULES.map((r) => [r.meta.id, "off"] as const)),
};

/** `files` copied `times` times into a new folder under `scratch` (distinct names), for a larger real corpus. */
function copies(files: string[], times: number, scratch: string): string[] {
  const out: string[] = [];
  for (let t = 0; t < times; t++)
    for (const f of files) {
      const to = join(scratch, `${t}__${basename(f)}`);
      copyFileSync(f, to);
      out.push(to);
    }
  return out;
}

/**
 * Lint throughput and CLI start-up (issue #13 "Performance"; ShellCheck off unless a row says so):
 * 1. in-process, the whole real-world corpus: `@enginekit/lint` (all rules, variables resolved) vs
 *    `dockerfile-utils` `validate()` — target ≥ 4× faster; the same with ShellCheck (one process for the
 *    corpus) beside it;
 * 2. the CLI on the whole corpus in one process vs the `dockerfilelint` CLI (also one process) — target
 *    no slower — the same on ~500 files (the corpus twice; time and peak RSS; `--concurrency` auto, off
 *    and 2 threads, to see whether a worker thread pays), and the `dockerfile-utils` CLI (one process per
 *    file, as it only takes one; 20 files);
 *    beside them, what bounds that target: the run with every rule off (in the CLI and in-process), and
 *    that floor plus the rules at their warm in-process speed, the best a new process could do;
 * 3. CLI start-up on one file vs the fastest Node peer CLI on the same file — target no slower.
 */
export const benchmark: Benchmark = {
  name: "lint",
  description:
    "enginekit lint vs dockerfile-utils (in-process and CLI) and dockerfilelint (CLI) on the real-world corpus",
  async run() {
    const names = readdirSync(corpusDir).sort();
    const paths = names.map((n) => join(corpusDir, n));
    const texts = paths.map((p) => readFileSync(p, "utf8"));
    const inProcess = await compare(
      `in-process, ${texts.length} real-world files`,
      [
        { name: "@enginekit/lint", fn: () => texts.map((t) => lintEnginefile(t, DEFAULT_SETTINGS)) },
        { name: "dockerfile-utils validate()", fn: () => texts.map((t) => validate(t)) },
        { name: "@enginekit/lint, every rule off", fn: () => texts.map((t) => lintEnginefile(t, RULES_OFF)) },
      ],
      { units: [{ name: "files", perCall: texts.length }] },
    );
    /** What the rules cost per file once V8 has optimised them (ms): all rules less every rule off, warm. */
    const warmRulesMsPerFile = ((inProcess[0]?.meanMs ?? 0) - (inProcess[2]?.meanMs ?? 0)) / texts.length;
    const inRatio = (inProcess[1]?.meanMs ?? 0) / (inProcess[0]?.meanMs ?? 1);
    const share = ({ gcMs, totalMs }: GcShare) =>
      `${((100 * gcMs) / totalMs).toFixed(1)} % (${gcMs.toFixed(0)} of ${totalMs.toFixed(0)} ms)`;
    const ourGc = await gcShare(() => texts.map((t) => lintEnginefile(t, DEFAULT_SETTINGS)), 20);
    const peerGc = await gcShare(() => texts.map((t) => validate(t)), 5);
    console.log(
      `measured: garbage collection in-process, ours over 20 passes ${share(ourGc)}, dockerfile-utils over 5 ${share(peerGc)}`,
    );
    const shellcheck = findShellcheck();
    if (shellcheck) {
      await compare(
        `in-process with ShellCheck (one shellcheck process for all ${texts.length} files)`,
        [
          {
            name: "@enginekit/lint + ShellCheck",
            fn: async () => {
              const inputs = texts.map((t) => ({ file: analyzeEnginefile(t), settings: DEFAULT_SETTINGS }));
              const found = await shellcheckEnginefiles(shellcheck, inputs);
              return inputs.map((x, i) =>
                lintEnginefile(x.file.text, DEFAULT_SETTINGS).concat(found[i] ?? []),
              );
            },
          },
          { name: "dockerfile-utils validate()", fn: () => texts.map((t) => validate(t)) },
        ],
        { timeMs: 0, iterations: 3, units: [{ name: "files", perCall: texts.length }] },
      );
    } else console.log("shellcheck not on PATH: the ShellCheck-on row is skipped");

    const survived = filesDockerfilelintSurvives(paths);
    console.log(
      `dockerfilelint throws on ${paths.length - survived.length} of ${paths.length} corpus files (its CLI dies without output); the CLI comparison uses the other ${survived.length}`,
    );
    const cli = await compare(
      `CLI, ${survived.length} corpus files in one process`,
      [
        {
          name: "enginekit lint",
          fn: () => runProcess([enginekitBin, "lint", "--no-shellcheck", "--format", "json", ...survived]),
        },
        { name: "dockerfilelint", fn: () => runProcess([dockerfilelintBin, "-j", ...survived]) },
        {
          name: "enginekit lint + ShellCheck",
          fn: () => runProcess([enginekitBin, "lint", "--format", "json", ...survived]),
        },
      ],
      { timeMs: 0, iterations: 3, units: [{ name: "files", perCall: survived.length }] },
    );
    // ~500 real files: above 300 `auto` lints in a worker thread beside the main one (2 cores here)
    const scratch = mkdtempSync(join(tmpdir(), "enginekit-bench-lint-"));
    const many = copies(survived, 2, scratch);
    const manyArgs = ["lint", "--no-shellcheck", "--format", "json"];
    // the floor under the rules: the same run with every rule turned off still reads each file, parses it
    // exactly as BuildKit does, analyses its stages and variables and writes the (empty) JSON report
    const rulesOff = join(scratch, "rules-off.enginekit.yaml");
    writeFileSync(
      rulesOff,
      `rules:\n${Object.keys(RULES_OFF.rules)
        .map((id) => `  ${id}: off\n`)
        .join("")}`,
    );
    const large = await compare(
      `CLI, ${many.length} files in one process (the corpus twice)`,
      [
        { name: "enginekit lint (auto)", fn: () => runProcess([enginekitBin, ...manyArgs, ...many]) },
        {
          name: "enginekit lint --concurrency off",
          fn: () => runProcess([enginekitBin, ...manyArgs, "--concurrency", "off", ...many]),
        },
        {
          name: "enginekit lint --concurrency 2",
          fn: () => runProcess([enginekitBin, ...manyArgs, "--concurrency", "2", ...many]),
        },
        { name: "dockerfilelint", fn: () => runProcess([dockerfilelintBin, "-j", ...many]) },
        {
          name: "enginekit lint, every rule off",
          fn: () => runProcess([enginekitBin, ...manyArgs, "--config", rulesOff, ...many]),
        },
      ],
      { timeMs: 0, iterations: 5, units: [{ name: "files", perCall: many.length }] },
    );
    const rss = {
      ours: peakRssMib([enginekitBin, ...manyArgs, ...many], scratch),
      oneThread: peakRssMib([enginekitBin, ...manyArgs, "--concurrency", "off", ...many], scratch),
      twoThreads: peakRssMib([enginekitBin, ...manyArgs, "--concurrency", "2", ...many], scratch),
      rulesOff: peakRssMib([enginekitBin, ...manyArgs, "--config", rulesOff, ...many], scratch),
      theirs: peakRssMib([dockerfilelintBin, "-j", ...many], scratch),
    };
    rmSync(scratch, { recursive: true, force: true });
    console.log(
      `peak RSS, ${many.length} files: enginekit ${rss.ours.toFixed(0)} MiB (one thread ${rss.oneThread.toFixed(0)}, two ${rss.twoThreads.toFixed(0)}, every rule off ${rss.rulesOff.toFixed(0)}), dockerfilelint ${rss.theirs.toFixed(0)} MiB`,
    );

    const few = paths.slice(0, 20);
    const perFile = await compare(
      `CLI, ${few.length} files (dockerfile-utils takes one file per process)`,
      [
        {
          name: "enginekit lint (one process)",
          fn: () => runProcess([enginekitBin, "lint", "--no-shellcheck", "--format", "json", ...few]),
        },
        {
          name: "dockerfile-utils lint (a process per file)",
          fn: () => {
            for (const p of few) runProcess([dockerfileUtilsBin, "lint", "-j", p]);
          },
        },
      ],
      { timeMs: 0, iterations: 3, units: [{ name: "files", perCall: few.length }] },
    );

    // the same file in a project with a configuration file, as most projects that adopt a linter have
    const project = mkdtempSync(join(tmpdir(), "enginekit-bench-config-"));
    writeFileSync(join(project, ".enginekit.yaml"), "rules:\n  no-sudo: error\nignore: [vendor/**]\n");
    const configured = join(project, basename(paths[0]!));
    copyFileSync(paths[0]!, configured);
    const startup = await compare(
      "start-up: one file",
      [
        {
          name: "enginekit lint <file>",
          fn: () => runProcess([enginekitBin, "lint", "--no-shellcheck", paths[0]!]),
        },
        { name: "dockerfilelint <file>", fn: () => runProcess([dockerfilelintBin, "-j", paths[0]!]) },
        {
          name: "dockerfile-utils lint <file>",
          fn: () => runProcess([dockerfileUtilsBin, "lint", "-j", paths[0]!]),
        },
        { name: 'node -e ""', fn: () => runProcess(["-e", ""]) },
        {
          name: "enginekit lint + ShellCheck <file>",
          fn: () => runProcess([enginekitBin, "lint", paths[0]!]),
        },
        {
          name: "enginekit lint <file> beside a .enginekit.yaml",
          fn: () => runProcess([enginekitBin, "lint", "--no-shellcheck", configured]),
        },
      ],
      { timeMs: 0, iterations: 10 },
    );
    rmSync(project, { recursive: true, force: true });
    // the fastest Node peer CLI on the same file
    const fastestPeer = Math.min(startup[1]?.meanMs ?? Infinity, startup[2]?.meanMs ?? Infinity);
    const startupRatio = (startup[0]?.meanMs ?? 0) / fastestPeer;
    reportTarget("in-process ≥ 4× dockerfile-utils validate()", inRatio >= 4, `${inRatio.toFixed(2)}×`);
    const cliRatio = (cli[0]?.meanMs ?? 0) / (cli[1]?.meanMs ?? 1);
    reportTarget(
      "CLI on the corpus no slower than dockerfilelint's",
      cliRatio <= 1,
      `ours / theirs ${cliRatio.toFixed(2)}×`,
    );
    const largeRatio = (large[0]?.meanMs ?? 0) / (large[3]?.meanMs ?? 1);
    reportTarget(
      `CLI on ${many.length} files no slower than dockerfilelint's, time and peak memory`,
      largeRatio <= 1 && rss.ours <= rss.theirs,
      `time ours / theirs ${largeRatio.toFixed(2)}×, memory ${(rss.ours / rss.theirs).toFixed(2)}×`,
    );
    const floorMs = large[4]?.meanMs ?? 0;
    const peerMs = large[3]?.meanMs ?? 1;
    const warmBoundMs = floorMs + warmRulesMsPerFile * many.length;
    console.log(
      `measured: ${many.length} files, every rule off / dockerfilelint ${(floorMs / peerMs).toFixed(2)}× time, ${(rss.rulesOff / rss.theirs).toFixed(2)}× memory; the rules add ${((large[0]?.meanMs ?? 0) - floorMs).toFixed(0)} ms in the CLI, ${(warmRulesMsPerFile * many.length).toFixed(0)} ms at their warm in-process speed`,
    );
    console.log(
      `measured: ${many.length} files, every rule off + the rules already optimised (no JIT warm-up, which no new process has) ${warmBoundMs.toFixed(0)} ms, ${(warmBoundMs / peerMs).toFixed(2)}× dockerfilelint`,
    );
    console.log(
      `measured: ${many.length} files, worker thread / one thread ${((large[2]?.meanMs ?? 0) / (large[1]?.meanMs ?? 1)).toFixed(2)}×`,
    );
    console.log(
      `measured: 20 files, dockerfile-utils' CLI / ours ${((perFile[1]?.meanMs ?? 0) / (perFile[0]?.meanMs ?? 1)).toFixed(2)}×`,
    );
    console.log(
      `measured: one file beside a .enginekit.yaml ${(startup[5]?.meanMs ?? 0).toFixed(1)} ms, ${((startup[5]?.meanMs ?? 0) / fastestPeer).toFixed(2)}× the fastest peer (the configuration reader: YAML and zod)`,
    );
    reportTarget(
      "CLI on one file no slower than the fastest Node peer CLI",
      startupRatio <= 1,
      `ours / fastest peer ${startupRatio.toFixed(2)}×`,
    );
  },
};
