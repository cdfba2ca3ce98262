/**
 * The real-world corpus built by both BuildKit clients on the real engine (issue #31): every Enginefile of
 * `../shared/corpus/enginefiles/files` (skipped with a visible line when the corpus is absent) built by
 * `enginekit build --builder buildkit` and by `DOCKER_BUILDKIT=1 docker build` (buildx, or the 20.10 CLI's
 * built-in BuildKit), each from a context holding only the file, with `--network none` (the test engine has
 * no bridge). No registry is reachable, so every base image the files name literally is first tagged from
 * the local `enginekit/busybox:latest` (steps then fail or pass as they would on busybox: the same for both
 * clients; digest-pinned images cannot be tagged and fail to resolve on both sides). Compared per file: success
 * or failure, and for a failure the step both name in their summary (` > [stage 2/3] RUN …:`; two failures to
 * resolve a base image count as the same, since which of several is reported first is a race). Prints the
 * counts, the agreement and every disagreement.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { EngineClient } from "@enginekit/api";
import { BUSYBOX_IMAGE, engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { parse } from "@enginekit/enginefile";
import type { Benchmark } from "../benchmark.js";
import { reportTarget } from "../harness.js";

const corpus = fileURLToPath(new URL("../../../../../shared/corpus/enginefiles/files", import.meta.url));
const cliBin = fileURLToPath(new URL("../../../../packages/cli/dist/bundle/enginekit.js", import.meta.url));
const LIMIT = Number(process.env.CORPUS_BUILD_LIMIT ?? Number.POSITIVE_INFINITY);

interface Outcome {
  ok: boolean;
  /** The failing step named in the summary, or the first error line. */
  failure: string;
  ms: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> {
  const start = performance.now();
  return new Promise((resolve) =>
    execFile(
      command,
      args,
      { env, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        const step = /^ > (.*):$/m.exec(stderr)?.[1];
        const line = stderr.split("\n").find((l) => /error|failed/i.test(l)) ?? "";
        resolve({ ok: !error, failure: error ? (step ?? line.trim()) : "", ms: performance.now() - start });
      },
    ),
  );
}

/** Literal base images of a file (no variables, not `scratch`, not a stage). */
function baseImages(text: string): string[] {
  const doc = parse(text);
  const stages = new Set(doc.stages.flatMap((s) => (s.name ? [s.name] : [])));
  return doc.stages
    .map((s) => s.baseImage)
    .filter(
      (b): b is string =>
        b !== undefined && !b.includes("$") && b !== "scratch" && !stages.has(b.toLowerCase()),
    );
}

async function compare(): Promise<void> {
  const host = engineHostForTests();
  if (!host) return console.log(NO_ENGINE_MESSAGE);
  if (!existsSync(corpus)) return console.log(`skip: no corpus at ${corpus}`);
  if (!existsSync(cliBin)) return console.log(`skip: build the CLI first (${cliBin} is missing)`);
  const docker = existsSync("/usr/bin/docker") ? "/usr/bin/docker" : "docker";
  const names = readdirSync(corpus).sort().slice(0, LIMIT);
  const engine = new EngineClient({ host, onWarning: () => {} });
  const tagged = new Set<string>();
  for (const name of names) {
    for (const image of baseImages(readFileSync(join(corpus, name), "utf8"))) {
      if (tagged.has(image)) continue;
      const at = image.lastIndexOf(":");
      const [repo, tag] =
        at > image.lastIndexOf("/") ? [image.slice(0, at), image.slice(at + 1)] : [image, "latest"];
      if (repo.includes("@")) continue;
      try {
        await engine.images.tag(BUSYBOX_IMAGE, { repo, tag });
        tagged.add(image);
      } catch {
        // an image name the engine refuses: the file fails on both sides alike
      }
    }
  }
  const env = { ...process.env, ENGINE_HOST: host, DOCKER_HOST: host, DOCKER_BUILDKIT: "1" };
  const counts = {
    bothOk: 0,
    bothFailedSameStep: 0,
    bothFailedOtherStep: 0,
    onlyEnginekitOk: 0,
    onlyDockerOk: 0,
  };
  const disagreements: string[] = [];
  let oursMs = 0;
  let theirsMs = 0;
  try {
    for (const name of names) {
      const ctx = mkdtempSync(join(tmpdir(), "ek-corpus-build-"));
      try {
        writeFileSync(join(ctx, "Enginefile"), readFileSync(join(corpus, name)));
        const ours = await run(
          process.execPath,
          [cliBin, "build", "--builder", "buildkit", "--network", "none", "--progress", "plain", "-q", ctx],
          env,
        );
        const theirs = await run(
          docker,
          ["build", "--network", "none", "--progress", "plain", "-q", "-f", join(ctx, "Enginefile"), ctx],
          env,
        );
        oursMs += ours.ms;
        theirsMs += theirs.ms;
        if (ours.ok && theirs.ok) counts.bothOk++;
        else if (!ours.ok && !theirs.ok) {
          // Base images are resolved in parallel: which unresolvable one is reported first is a race.
          const metadata = (f: string) => f.startsWith("[internal] load metadata for ");
          const same =
            ours.failure === theirs.failure ||
            (metadata(ours.failure) && metadata(theirs.failure)) ||
            (!ours.failure.startsWith("[") && !theirs.failure.startsWith("["));
          if (same) counts.bothFailedSameStep++;
          else {
            counts.bothFailedOtherStep++;
            disagreements.push(
              `${name}: enginekit failed at ${JSON.stringify(ours.failure)}, docker at ${JSON.stringify(theirs.failure)}`,
            );
          }
        } else if (ours.ok) {
          counts.onlyEnginekitOk++;
          disagreements.push(`${name}: only enginekit built it (docker: ${JSON.stringify(theirs.failure)})`);
        } else {
          counts.onlyDockerOk++;
          disagreements.push(`${name}: only docker built it (enginekit: ${JSON.stringify(ours.failure)})`);
        }
      } finally {
        rmSync(ctx, { recursive: true, force: true });
      }
    }
  } finally {
    for (const image of tagged) await engine.images.remove(image).catch(() => undefined);
    await engine.close();
  }
  console.log(`${names.length} files; ${tagged.size} base images tagged from ${BUSYBOX_IMAGE}`);
  console.log(JSON.stringify(counts));
  for (const d of disagreements) console.log(`disagreement: ${d}`);
  console.log(
    `total wall time: enginekit ${(oursMs / 1000).toFixed(1)} s, docker ${(theirsMs / 1000).toFixed(1)} s`,
  );
  const sameOutcome = names.length - counts.onlyEnginekitOk - counts.onlyDockerOk;
  reportTarget(
    "corpus: every file that builds with the engine CLI builds with enginekit, and the same ones fail",
    sameOutcome === names.length,
    `${sameOutcome}/${names.length} same outcome`,
  );
  // Steps that fail in parallel (several COPYs of files the context lacks) race to be reported first.
  console.log(
    `failing step named alike: ${counts.bothFailedSameStep}/${counts.bothFailedSameStep + counts.bothFailedOtherStep} (the others: steps failing in parallel)`,
  );
}

/** The corpus-build comparison (registered in `benchmarks/index.ts`). */
export const benchmark: Benchmark = {
  name: "corpus-build",
  description:
    "the real-world corpus built with enginekit build (BuildKit) and DOCKER_BUILDKIT=1 docker build",
  run: compare,
};
