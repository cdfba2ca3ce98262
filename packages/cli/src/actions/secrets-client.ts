/**
 * `SecretsClient` alone, for the lint action's `--online` to import on demand. A dynamic `import()` of
 * the `@enginekit/api` root would make the bundler treat the whole package (every schema module) as one
 * lazily loaded entry shared with the other actions, so `enginekit build` and `engine info` would load
 * schemas they never use (measured: `engine info` 325 → 499 ms). Importing this file instead keeps
 * each action's chunk to the modules it uses (docs/cli.md "Start-up").
 */
export { SecretsClient } from "@enginekit/api";
