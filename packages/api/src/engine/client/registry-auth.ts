/**
 * Registry credentials for `X-Registry-Auth` (engine §5): either a user name and password (with optional
 * e-mail and server address) or an identity token from `POST /auth`.
 */
export type RegistryAuth =
  | { username: string; password: string; email?: string; serveraddress?: string }
  | { identitytoken: string; serveraddress?: string };

/**
 * `X-Registry-Config` content (engine §5): registry host (with port unless 443; the official hosted
 * registry as `https://index.docker.io/v1/`) → credentials.
 */
export type RegistryConfig = Record<string, { username?: string; password?: string; identitytoken?: string }>;

/**
 * Encodes `X-Registry-Auth`: base64 of the JSON credentials, with the URL-safe alphabet and `=` padding,
 * because the engine decodes this header with Go's `base64.URLEncoding` (moby `registry.DecodeAuthConfig`);
 * standard base64 fails whenever the encoding contains `+` or `/`. The value carries a secret: never log it.
 */
export function encodeRegistryAuth(auth: RegistryAuth): string {
  return urlSafeBase64(JSON.stringify(auth));
}

/**
 * Encodes `X-Registry-Config` for `POST /build`: base64 URL-safe WITH padding of the JSON map (research
 * build-context-anchors §5.3: the engine decodes with Go's padded URL alphabet and silently ignores errors,
 * so unpadded or standard base64 loses the credentials for some inputs). Never log the value.
 */
export function encodeRegistryConfig(config: RegistryConfig): string {
  return urlSafeBase64(JSON.stringify(config));
}

/** Base64 with the URL-safe alphabet (`-`, `_`) and `=` padding kept (Go's `base64.URLEncoding`). */
export function urlSafeBase64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64").replace(/\+/g, "-").replace(/\//g, "_");
}
