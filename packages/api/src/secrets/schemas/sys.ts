/**
 * `sys/` schemas of the secrets service (secrets §1, §3): mounts (`sys/internal/ui/mounts`, `sys/mounts`),
 * seal status, health, unseal and init, shaped as Vault answers them.
 */
import { z } from "zod";
import { envelopeOf } from "./envelope.js";
import { field } from "./field.js";

const MOUNTS = "Vault `sys/internal/ui/mounts`";
const HEALTH = "Vault `sys/health`";

/** `options` of a mount; for a `kv` mount `version` is `"1"` or `"2"` (research §4 step 6). */
export const SecretsMountOptions = z
  .object({
    version: field(
      z.string(),
      'KV version of a `kv` mount: `"2"` is versioned; missing, `""` or `"1"` is version 1.',
      MOUNTS,
    ).optional(),
  })
  .loose();
export type SecretsMountOptions = z.infer<typeof SecretsMountOptions>;

/** One mount as `sys/internal/ui/mounts[/<path>]` and `sys/mounts` describe it (research §4). */
export const SecretsMountInfo = z
  .object({
    type: field(z.string(), "Engine type, e.g. `kv`.", MOUNTS),
    description: field(z.string(), "Human description of the mount.", MOUNTS).optional(),
    accessor: field(z.string(), "Mount accessor.", MOUNTS).optional(),
    options: field(
      SecretsMountOptions.nullable(),
      "Engine options; `null` for non-KV or KV v1 without options.",
      MOUNTS,
    ).optional(),
    config: field(z.record(z.string(), z.unknown()), "Mount config (lease TTLs etc.).", MOUNTS).optional(),
    local: field(z.boolean(), "Whether the mount is local to this cluster.", MOUNTS).optional(),
    seal_wrap: field(z.boolean(), "Whether values are seal-wrapped.", MOUNTS).optional(),
    uuid: field(z.string(), "Mount id.", MOUNTS).optional(),
  })
  .loose();
export type SecretsMountInfo = z.infer<typeof SecretsMountInfo>;

/**
 * `GET sys/internal/ui/mounts/<path>`, the KV version preflight: the mount containing `<path>`; `path`
 * carries a namespace prefix when the mount lives in a child of the request namespace (research §4).
 */
export const InternalUiMountResponse = envelopeOf(
  SecretsMountInfo.extend({
    path: field(z.string(), "Mount path with a trailing `/`, e.g. `secret/` (or `ns1/secret/`).", MOUNTS),
  }),
  "The mount holding the path.",
);
export type InternalUiMountResponse = z.infer<typeof InternalUiMountResponse>;

/** `GET sys/internal/ui/mounts`: the secret and auth mounts the token can touch, keyed `"secret/"` (research §4). */
export const InternalUiMountsResponse = envelopeOf(
  z
    .object({
      secret: field(
        z.record(z.string(), SecretsMountInfo),
        'Secrets-engine mounts keyed by path (`"secret/"`).',
        MOUNTS,
      ),
      auth: field(
        z.record(z.string(), SecretsMountInfo),
        'Auth-method mounts keyed by path (`"userpass/"`).',
        MOUNTS,
      ),
    })
    .loose(),
  "Mounts by kind.",
);
export type InternalUiMountsResponse = z.infer<typeof InternalUiMountsResponse>;

/** Fields `sys/seal-status` and `sys/health` share (research §10). */
const serviceStateFields = {
  initialized: field(z.boolean(), "Whether the service was initialised.", HEALTH),
  sealed: field(z.boolean(), "Whether the service is sealed.", HEALTH),
  version: field(z.string(), "Server version.", HEALTH),
  cluster_name: field(z.string(), "Cluster name (only when unsealed).", HEALTH).optional(),
  cluster_id: field(z.string(), "Cluster id (only when unsealed).", HEALTH).optional(),
};

/** `GET sys/seal-status`: unauthenticated, 200 whenever reachable (research §10). */
export const SealStatusResponse = z
  .object({
    ...serviceStateFields,
    type: field(z.string(), "Seal type, e.g. `shamir`.", HEALTH),
    t: field(z.number().int().nonnegative(), "Unseal threshold: key shares needed.", HEALTH, {
      unit: "count",
    }),
    n: field(z.number().int().nonnegative(), "Number of key shares.", HEALTH, { unit: "count" }),
    progress: field(
      z.number().int().nonnegative(),
      "Key shares given so far in this unseal attempt.",
      HEALTH,
      { unit: "count" },
    ),
    nonce: field(z.string(), "Id of the current unseal attempt.", HEALTH),
    build_date: field(z.string(), "Build date (one server family sends `commit_date`).", HEALTH).optional(),
    migration: field(z.boolean(), "Whether a seal migration is in progress.", HEALTH),
    recovery_seal: field(z.boolean(), "Whether a recovery seal is used.", HEALTH),
    storage_type: field(z.string(), "Storage backend type.", HEALTH).optional(),
  })
  .loose();
export type SealStatusResponse = z.infer<typeof SealStatusResponse>;

/**
 * `GET sys/health`: unauthenticated; the status code encodes the state (200 active, 429 standby,
 * 472/473 replication, 501 not initialised, 503 sealed) and the body is always this (research §10).
 */
export const SecretsHealthResponse = z
  .object({
    ...serviceStateFields,
    standby: field(z.boolean(), "Whether this node is a standby.", HEALTH),
    performance_standby: field(z.boolean(), "Whether this node is a performance standby.", HEALTH).optional(),
    replication_performance_mode: field(z.string(), "Performance replication mode.", HEALTH).optional(),
    replication_dr_mode: field(z.string(), "Disaster-recovery replication mode.", HEALTH).optional(),
    server_time_utc: field(z.number().int(), "Server clock.", HEALTH, { unit: "Unix seconds" }),
    enterprise: field(z.boolean(), "Whether the server is an enterprise build.", HEALTH).optional(),
  })
  .loose();
export type SecretsHealthResponse = z.infer<typeof SecretsHealthResponse>;

/** Body of `PUT sys/unseal`: one unseal key share, or `reset` (research §10). */
export const UnsealRequest = z.object({
  key: field(z.string(), "One unseal key share (hex or base64).", HEALTH).optional(),
  reset: field(z.boolean(), "Discard the key shares given so far.", HEALTH).optional(),
});
export type UnsealRequest = z.infer<typeof UnsealRequest>;

/** Body of `PUT sys/init`. */
export const InitRequest = z.object({
  secret_shares: field(z.number().int().positive(), "Number of unseal key shares to make.", HEALTH, {
    unit: "count",
  }),
  secret_threshold: field(z.number().int().positive(), "Shares needed to unseal.", HEALTH, { unit: "count" }),
});
export type InitRequest = z.infer<typeof InitRequest>;

/** Answer to `PUT sys/init`: the unseal key shares and the initial root token. */
export const InitResponse = z
  .object({
    keys: field(z.array(z.string()), "Unseal key shares (hex).", HEALTH),
    keys_base64: field(z.array(z.string()), "The same shares in base64.", HEALTH),
    root_token: field(z.string(), "The initial root token.", HEALTH),
  })
  .loose();
export type InitResponse = z.infer<typeof InitResponse>;
