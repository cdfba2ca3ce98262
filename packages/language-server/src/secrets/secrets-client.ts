/**
 * `SECRETS_API`: the secrets client and its error classes, in a module imported on the first lookup, so the
 * HTTP stack is not part of the server's start-up (the project's own design).
 */
import { SecretsApiError, SecretsClient, SecretsConnectionError, SecretsUsageError } from "@enginekit/api";

/**
 * `SecretsClient` and the errors it throws, for {@link SecretsService} to import on its first lookup: the
 * client's HTTP stack (undici, ~60 ms to load) is then not part of the server's start-up, which most
 * sessions never need it for (measured in the CLI bundle; docs/language-server.md "Performance"). The
 * error classes come from here too, because the `@enginekit/api` root evaluates every api schema (zod)
 * when Node loads it unbundled; before the first lookup no such error can exist. One exported name: a
 * dynamic import of a package root would make a bundler load every module behind it.
 */
export const SECRETS_API = { SecretsClient, SecretsApiError, SecretsConnectionError, SecretsUsageError };

/** The shape of {@link SECRETS_API}, for type-only imports. */
export type SecretsApi = typeof SECRETS_API;
