/**
 * `pnpm explore-manifests [--seed N] [--count N] [--seeds K]`: runs new random seeds of the manifest
 * differential (bodies generated from the api schemas, `bodies.ts`) against the real engine and prints,
 * for each disagreement, a minimal reproduction (`shrink.ts`) with the engine's and enginekit's verdicts.
 * Uses the engine at `ENGINE_HOST`, or starts a private one (`tools/engine/start.sh`) and stops it at the
 * end. Exits 1 when a disagreement was found, so a loop can stop on the first. enginekit's verdict is the
 * library's (`checkManifest`'s errors), the one `enginekit lint -t error` prints.
 */
import { parseArgs } from "node:util";
import { startEngine } from "@enginekit/engine-tools";
import { coverage, generateBodies, sweepFields } from "./bodies.js";
import { engineRequest, ensureSwarm } from "./engine-verdict.js";
import { describeOutcome, judge, libraryLinter, summarize } from "./judge.js";
import { shrink } from "./shrink.js";

const { values } = parseArgs({
  options: {
    seed: { type: "string" },
    count: { type: "string", default: "200" },
    seeds: { type: "string", default: "1" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(
    "usage: pnpm explore-manifests [--seed N] [--count BODIES] [--seeds HOW_MANY]\n" +
      "Runs random seeds of the manifest differential against the real engine and prints minimal reproductions.",
  );
  process.exit(0);
}
const count = Number(values.count);
const seedCount = Number(values.seeds);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seedCount) || seedCount < 1) {
  console.error("explore-manifests: --count and --seeds must be positive integers");
  process.exit(2);
}
const firstSeed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(firstSeed)) {
  console.error(`explore-manifests: --seed ${values.seed}: not an integer`);
  process.exit(2);
}

const started = process.env.ENGINE_HOST ? undefined : await startEngine();
const host = process.env.ENGINE_HOST ?? started!.host;
let found = 0;
try {
  const joined = await ensureSwarm(host);
  for (let k = 0; k < seedCount; k++) {
    const seed = firstSeed + k;
    // a random sweep offset: new seeds start the field sweep anywhere
    const offset = seed % sweepFields().length;
    const bodies = generateBodies(seed, count, { sweepOffset: offset });
    const cover = coverage(bodies);
    const outcomes = await judge(host, bodies, libraryLinter);
    const sum = summarize(outcomes);
    console.log(
      `seed ${seed}: ${count} bodies, agree on ${sum.agree} of ${sum.counted} counted (${sum.percent} %), ${sum.hostDependent} host-dependent, ${sum.deliberate} deliberate (unknown keys); fields exercised ${cover.exercised} / ${cover.total}`,
    );
    let nextId = 100_000;
    for (const outcome of outcomes.filter((o) => o.class === "disagree")) {
      found++;
      const minimal = await shrink(host, outcome, libraryLinter, { firstId: nextId });
      nextId += 1000;
      console.log(`\ndisagreement (replay: pnpm explore-manifests --seed ${seed} --count ${count})`);
      console.log(`  found:   ${describeOutcome(outcome).replace(/\n/g, "\n  ")}`);
      console.log(`  minimal: ${describeOutcome(minimal).replace(/\n/g, "\n  ")}`);
    }
  }
  if (joined) await engineRequest(host, "POST", "/v1.24/swarm/leave?force=1");
} finally {
  await started?.stop();
}
console.log(found === 0 ? "\nno disagreement" : `\n${found} disagreement(s)`);
process.exit(found === 0 ? 0 : 1);
