/**
 * Largest request body the service accepts by default: 32 MiB (33,554,432 bytes). The API document
 * says "32 MB, tunable per listener" (secrets §8); the servers' default `max_request_size` is
 * 32 × 1024 × 1024 bytes (research secrets-anchors §1). Written once here; the client refuses larger
 * bodies before sending and the dev server answers 413 to them.
 */
export const SECRETS_MAX_REQUEST_BYTES = 32 * 1024 * 1024;

/** Every route of the service is under this prefix (secrets §1, §9). */
export const SECRETS_API_PREFIX = "/v1/";

/** Header carrying the client token (secrets §5.2). */
export const TOKEN_HEADER = "X-Svc-Token";
/** Header naming the target namespace (secrets §5.5). */
export const NAMESPACE_HEADER = "X-Svc-Namespace";
/** Header the service's own clients always send, value `true` (secrets §5.4). */
export const REQUEST_HEADER = "X-Svc-Request";
