/**
 * `DEMO_SEED_FILE`: the path of the shipped demo seed (`seed/demo.yaml`).
 */
import { fileURLToPath } from "node:url";

/** Absolute path of the shipped demo seed (`seed/demo.yaml`), from `src/` or `dist/`. */
export const DEMO_SEED_FILE = fileURLToPath(new URL("../seed/demo.yaml", import.meta.url));
