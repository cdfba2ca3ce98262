/** A named benchmark: `run` measures ours against peers in the same run and prints a ratio table. */
export interface Benchmark {
  name: string;
  description: string;
  run: () => Promise<void>;
}
