import { packageConfig } from "../../vitest.shared.js";

// Each test spawns installed copies (npm, npx, tsc, the command): bounded, but slower than unit tests on a
// loaded CI machine.
export default packageConfig({ testTimeout: 60_000 });
