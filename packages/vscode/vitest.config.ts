import { packageConfig } from "../../vitest.shared.js";

export default packageConfig({ testTimeout: 240_000 });
