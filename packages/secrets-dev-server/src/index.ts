/** @enginekit/secrets-dev-server: In-memory secrets service speaking the secrets API v1 over real HTTP, for tests, demos and local use. */
export {};
