/**
 * The secrets service's answer shapes (secrets §2, §7): the response envelope (`envelopeOf`) with its
 * `auth` and `wrap_info` blocks as Vault's `translate_response.go` builds them, the error body, and the
 * `?help=1` answer.
 */
import { z } from "zod";
import { field } from "./field.js";

const ENV = "Vault HTTP API response envelope";

/** Fields of a wrapped response (`wrap_info`), present only when response wrapping was requested. */
export const WrapInfo = z
  .object({
    token: field(z.string(), "Single-use wrapping token.", ENV),
    accessor: field(z.string(), "Accessor of the wrapping token.", ENV).optional(),
    ttl: field(z.number().int(), "Lifetime of the wrapping token.", ENV, { unit: "seconds" }),
    creation_time: field(z.string(), "When the wrapping token was created.", ENV, { unit: "RFC 3339 time" }),
    creation_path: field(z.string(), "Path whose response was wrapped.", ENV).optional(),
  })
  .loose();
export type WrapInfo = z.infer<typeof WrapInfo>;

/** The `auth` block of a login or token-create response (research secrets-anchors §9). */
export const AuthInfo = z
  .object({
    client_token: field(
      z.string(),
      "The new client token; send it as `X-Svc-Token` on later requests.",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
    ),
    accessor: field(
      z.string(),
      "Accessor of the token: names it for lookup/revoke without revealing it.",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
    ),
    policies: field(
      z.array(z.string()),
      "All policies attached to the token.",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
    ),
    token_policies: field(
      z.array(z.string()),
      "Policies attached directly to the token (omitted by the service when empty).",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
    ).optional(),
    identity_policies: field(
      z.array(z.string()),
      "Policies inherited from the identity entity.",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
    ).optional(),
    metadata: field(
      z.record(z.string(), z.string()).nullable(),
      "Login metadata, e.g. `{username}`.",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
    ).optional(),
    lease_duration: field(
      z.number().int().nonnegative(),
      "Token lifetime; 0 means it never expires.",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
      {
        unit: "seconds",
      },
    ),
    renewable: field(
      z.boolean(),
      "Whether the token can be renewed.",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
    ),
    entity_id: field(
      z.string(),
      "Identity entity the token belongs to.",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
    ).optional(),
    token_type: field(
      z.enum(["service", "batch", "default-service", "default-batch"]).or(z.string()),
      "Token type.",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
    ).optional(),
    orphan: field(
      z.boolean(),
      "Whether the token has no parent.",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
    ).optional(),
    mfa_requirement: field(
      z.unknown().nullable(),
      "Non-null when the login still needs MFA validation (not supported here).",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
    ).optional(),
    num_uses: field(
      z.number().int().nonnegative(),
      "Remaining uses; 0 means unlimited.",
      "Vault token auth API (`auth/token/lookup-self`, login responses)",
      { unit: "count" },
    ).optional(),
  })
  .loose();
export type AuthInfo = z.infer<typeof AuthInfo>;

/**
 * The response envelope every logical (non-help) route answers with (research secrets-anchors §2,
 * `translate_response.go`). `data` is typed by the caller through {@link envelopeOf}; unknown top-level
 * keys (e.g. the legacy `sys/` top-level copies of `data`) are kept but ignored.
 */
export function envelopeOf<T extends z.ZodType>(
  data: T,
  description = "Response data of the route, or `null`.",
) {
  return z
    .object({
      request_id: field(z.string(), "Unique id of this request (a UUID), for the service's audit log.", ENV),
      lease_id: field(z.string(), 'Lease of dynamic secrets; `""` for key/value data.', ENV),
      renewable: field(z.boolean(), "Whether the lease can be renewed.", ENV),
      lease_duration: field(
        z.number().int().nonnegative(),
        "Lease length; for KV v1 the mount's default TTL (no real lease).",
        ENV,
        {
          unit: "seconds",
        },
      ),
      data: field(data, description, ENV),
      wrap_info: field(
        WrapInfo.nullable(),
        "Response-wrapping information, `null` unless wrapping was requested.",
        ENV,
      ),
      warnings: field(z.array(z.string()).nullable(), "Warnings the service generated, or `null`.", ENV),
      auth: field(
        AuthInfo.nullable(),
        "Token information on login/token-create responses, else `null`.",
        ENV,
      ),
      mount_type: field(z.string(), "Type of the mount that answered (e.g. `kv`); newer servers only.", ENV, {
        decision: "Optional: one server family omits it (Vault and OpenBao differ).",
      }).optional(),
    })
    .loose();
}

/** The envelope with an untyped `data` object (or `null`). */
export const ResponseEnvelope = envelopeOf(
  field(z.record(z.string(), z.unknown()).nullable(), "Response data of the route, or `null`.", ENV),
);
export type ResponseEnvelope = z.infer<typeof ResponseEnvelope>;

/** The error body of every status ≥ 400: a possibly empty list of messages (secrets §7; research §2). */
export const SecretsErrorBody = z.object({
  errors: field(
    z.array(z.string()),
    "Error messages; an empty list on a plain 404 (missing path or empty listing).",
    "secrets §7; Vault HTTP API response envelope",
  ),
});
export type SecretsErrorBody = z.infer<typeof SecretsErrorBody>;

/** The answer to `?help=1`: not enveloped (secrets §4; research secrets-anchors §8). */
export const HelpResponse = z
  .object({
    help: field(z.string(), "Markdown help text for the path.", "secrets §4"),
    openapi: field(
      z
        .object({
          openapi: field(z.string(), "OpenAPI version, e.g. `3.0.2`.", "Vault `?help=1` responses"),
          info: field(
            z.record(z.string(), z.unknown()),
            "Title and version of the document.",
            "Vault `?help=1` responses",
          ).optional(),
          paths: field(
            z.record(z.string(), z.unknown()),
            "Operations keyed by path relative to the queried path (`/`, `/data/{path}`).",
            "secrets §4",
          ),
        })
        .loose(),
      "A small OpenAPI document for the path and paths below it; its paths are relative to the queried path.",
      "secrets §4",
    ),
    see_also: field(
      z.array(z.string()).nullable(),
      "Related paths, usually `null`.",
      "Vault `?help=1` responses",
    ).optional(),
  })
  .loose();
export type HelpResponse = z.infer<typeof HelpResponse>;
