import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The version of `@enginekit/cli`, read from its package.json. */
export const version: string = (require("../package.json") as { version: string }).version;
