/**
 * Runs the benchmarks named on the command line (all when none): `node dist/run.js [name...]`.
 * Each benchmark is a module in `benchmarks/` exporting `benchmark: Benchmark`.
 */
import { benchmarks } from "./benchmarks/index.js";

const wanted = process.argv.slice(2);
const selected = wanted.length === 0 ? benchmarks : benchmarks.filter((b) => wanted.includes(b.name));
if (selected.length === 0) {
  console.error(`unknown benchmark; available: ${benchmarks.map((b) => b.name).join(", ")}`);
  process.exit(2);
}
for (const b of selected) {
  console.log(`\n# ${b.name}: ${b.description}`);
  await b.run();
}
