/**
 * Runs the benchmarks named on the command line (all when none): `node dist/run.js [name...]`.
 * Each benchmark is a module in `benchmarks/` exporting `benchmark: Benchmark`, loaded when it runs.
 */
import { benchmarks } from "./benchmarks/index.js";

const names = Object.keys(benchmarks);
const wanted = process.argv.slice(2);
const unknown = wanted.filter((n) => !names.includes(n));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(", ")}; available: ${names.join(", ")}`);
  process.exit(2);
}
for (const name of wanted.length === 0 ? names : wanted) {
  const b = await benchmarks[name]!();
  console.log(`\n# ${b.name}: ${b.description}`);
  await b.run();
}
