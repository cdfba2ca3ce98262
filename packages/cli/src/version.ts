/**
 * `version`: the `@enginekit/cli` version, inlined by the bundler or read from package.json.
 */
import { createRequire } from "node:module";

/** Set by the bundler (scripts/bundle.mjs) to the package version; absent in the tsc build. */
declare const ENGINEKIT_VERSION: string | undefined;

/** The version of `@enginekit/cli`: inlined in the bundle, read from its package.json otherwise. */
export const version: string =
  typeof ENGINEKIT_VERSION === "string"
    ? ENGINEKIT_VERSION
    : (createRequire(import.meta.url)("../package.json") as { version: string }).version;
