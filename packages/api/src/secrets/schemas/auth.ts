/**
 * Authentication schemas of the secrets service (secrets §5): the login answer, the userpass and approle
 * login bodies, token create, and token lookup-self; shapes beyond the document follow Vault's token store.
 */
import { z } from "zod";
import { envelopeOf } from "./envelope.js";
import { field } from "./field.js";

const AUTH = "Vault token auth API (`auth/token/lookup-self`, login responses)";

/** A login response: `data: null` and the token in `auth` (research §9). */
export const LoginResponse = envelopeOf(
  z.unknown().nullable(),
  "`null` on a login; the new token is in `auth`.",
);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** Body of `POST auth/<mount>/login/<username>` (userpass). */
export const UserpassLoginRequest = z.object({
  password: field(z.string(), "The user's password.", AUTH),
});
export type UserpassLoginRequest = z.infer<typeof UserpassLoginRequest>;

/** Body of `POST auth/<mount>/login` (approle). */
export const AppRoleLoginRequest = z.object({
  role_id: field(z.string(), "The role's id.", AUTH),
  secret_id: field(
    z.string(),
    "A secret id issued for the role (required when the role binds one, the default).",
    AUTH,
  ).optional(),
});
export type AppRoleLoginRequest = z.infer<typeof AppRoleLoginRequest>;

/** Body of `POST auth/token/create`. */
export const TokenCreateRequest = z.object({
  policies: field(
    z.array(z.string()),
    "Policies of the new token (a subset of the caller's unless root).",
    AUTH,
  ).optional(),
  ttl: field(z.string(), 'Lifetime as a duration, e.g. `"1h"`.', AUTH).optional(),
  display_name: field(z.string(), "Name shown in audit logs.", AUTH).optional(),
  meta: field(z.record(z.string(), z.string()), "Metadata attached to the token.", AUTH).optional(),
});
export type TokenCreateRequest = z.infer<typeof TokenCreateRequest>;

/** `data` of `GET auth/token/lookup-self` (research §9, `token_store.go handleLookup`). */
export const TokenLookupData = z
  .object({
    accessor: field(z.string(), "Accessor of the token.", AUTH),
    creation_time: field(z.number().int(), "When the token was created.", AUTH, { unit: "Unix seconds" }),
    creation_ttl: field(z.number().int().nonnegative(), "Lifetime at creation; 0 = never expires.", AUTH, {
      unit: "seconds",
    }),
    display_name: field(z.string(), "Display name, e.g. `userpass-alice`.", AUTH),
    entity_id: field(z.string(), 'Identity entity id (`""` for none).', AUTH),
    expire_time: field(z.string().nullable(), "Expiry, or `null` for a non-expiring token.", AUTH, {
      unit: "RFC 3339 time",
    }),
    explicit_max_ttl: field(z.number().int().nonnegative(), "Hard lifetime cap; 0 = none.", AUTH, {
      unit: "seconds",
    }),
    id: field(z.string(), "The token itself. The client never returns or prints it.", AUTH),
    issue_time: field(z.string(), "When the token was issued.", AUTH, { unit: "RFC 3339 time" }).optional(),
    meta: field(z.record(z.string(), z.string()).nullable(), "Token metadata.", AUTH),
    num_uses: field(z.number().int().nonnegative(), "Remaining uses; 0 = unlimited.", AUTH, {
      unit: "count",
    }),
    orphan: field(z.boolean(), "Whether the token has no parent.", AUTH),
    path: field(z.string(), "Login path that created the token, e.g. `auth/userpass/login/alice`.", AUTH),
    policies: field(z.array(z.string()), "Policies of the token.", AUTH),
    renewable: field(z.boolean(), "Whether the token can be renewed.", AUTH),
    ttl: field(z.number().int().nonnegative(), "Remaining lifetime; 0 = never expires.", AUTH, {
      unit: "seconds",
    }),
    type: field(z.string(), "`service` or `batch`.", AUTH),
    namespace_path: field(z.string(), "Namespace the token belongs to.", AUTH).optional(),
  })
  .loose();
export type TokenLookupData = z.infer<typeof TokenLookupData>;

/** `GET auth/token/lookup-self`: the caller's own token; a bad token answers 403 (research §9). */
export const TokenLookupSelfResponse = envelopeOf(TokenLookupData, "The caller's token.");
export type TokenLookupSelfResponse = z.infer<typeof TokenLookupSelfResponse>;
