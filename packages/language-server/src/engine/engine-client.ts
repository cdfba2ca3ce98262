/**
 * `ENGINE_API`: the engine client, in a module imported on the first image completion, so Enginefile
 * sessions that never complete an image do not load the api schemas at start-up (the project's own design).
 */
import { EngineClient } from "@enginekit/api";

/**
 * `EngineClient` for {@link LocalImages} to import on the first image completion: the `@enginekit/api`
 * root evaluates every api schema (zod) when Node loads it unbundled, which Enginefile sessions that never
 * complete an image should not pay for at start-up (the same reason as src/secrets/secrets-client.ts).
 */
export const ENGINE_API = { EngineClient };
