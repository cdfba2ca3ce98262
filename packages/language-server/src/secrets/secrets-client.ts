/**
 * `SecretsClient` alone, for {@link SecretFeatures} to import on its first lookup: the client's HTTP
 * stack (undici, ~60 ms to load) is then not part of the server's start-up, which most sessions never need
 * it for (measured in the CLI bundle; docs/language-server.md "Performance"). A dynamic import of the
 * `@enginekit/api` root would make a bundler load every schema module with it.
 */
export { SecretsClient } from "@enginekit/api";
