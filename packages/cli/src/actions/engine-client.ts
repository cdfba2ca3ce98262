/**
 * `EngineClient` alone, for the lint action's `--online` to import on demand (the reason is
 * secrets-client.ts's: a dynamic `import()` of the `@enginekit/api` root would load every schema module
 * for the other actions too; docs/cli.md "Start-up").
 */
export { EngineClient } from "@enginekit/api";
