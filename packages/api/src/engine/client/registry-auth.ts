/**
 * Encoding the registry credential headers `X-Registry-Auth` and `X-Registry-Config` exactly as the engine
 * decodes them (Go's URL-safe base64). The values carry secrets and are never logged.
 */
import type { AuthConfig, RegistryConfig } from "../schemas/index.js";

/**
 * Encodes `X-Registry-Auth`: base64 of the JSON credentials, with the URL-safe alphabet and `=` padding,
 * because the engine decodes this header with Go's `base64.URLEncoding` (moby `registry.DecodeAuthConfig`);
 * standard base64 fails whenever the encoding contains `+` or `/`. The value carries a secret: never log it.
 */
export function encodeRegistryAuth(auth: AuthConfig): string {
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
