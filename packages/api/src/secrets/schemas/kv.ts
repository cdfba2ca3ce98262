/**
 * Key/value engine schemas (secrets §2, §4): the version 1 and 2 read and write bodies and answers, list
 * answers, and the version 2 metadata, config and versions requests; shapes beyond the document follow
 * Vault's KV engine.
 */
import { z } from "zod";
import { envelopeOf } from "./envelope.js";
import { field } from "./field.js";

const KV = "Vault HTTP API response envelope";

/** A secret's key/value pairs: caller-chosen keys and values (secrets §2). */
export const SecretData = field(
  z.record(z.string(), z.unknown()),
  "The secret's key/value pairs, caller-chosen.",
  "secrets §2",
);
export type SecretData = z.infer<typeof SecretData>;

/** Caller-chosen metadata on a KV v2 key (string values only). */
export const CustomMetadata = field(
  z.record(z.string(), z.string()).nullable(),
  "Caller-chosen string metadata of a KV v2 key; `null` when none was set.",
  "Vault KV version 2 API (read)",
);

/** An RFC 3339 timestamp that is `""` when unset (KV v2 `deletion_time`). */
const OptionalTime = z.string();

/** Metadata of one KV v2 version, as returned by read and write (research secrets-anchors §2.2, §2.5). */
export const KvV2VersionMetadata = z
  .object({
    created_time: field(z.string(), "When this version was written.", KV, { unit: "RFC 3339 time" }),
    custom_metadata: CustomMetadata.optional(),
    deletion_time: field(
      OptionalTime,
      'When this version was (or will be) soft-deleted; `""` if not deleted.',
      KV,
      {
        unit: "RFC 3339 time",
      },
    ),
    destroyed: field(z.boolean(), "Whether this version was permanently destroyed.", KV),
    version: field(z.number().int().positive(), "Version number, counting from 1.", KV, { unit: "count" }),
  })
  .loose();
export type KvV2VersionMetadata = z.infer<typeof KvV2VersionMetadata>;

/** `GET <mount>/<path>` on a KV v1 mount: `data` is the secret itself (research §2.1). */
export const KvV1ReadResponse = envelopeOf(SecretData, "The secret's key/value pairs.");
export type KvV1ReadResponse = z.infer<typeof KvV1ReadResponse>;

/** `POST <mount>/<path>` body on a KV v1 mount: the flat map; answered by 204 (research §2.5). */
export const KvV1WriteRequest = SecretData;
export type KvV1WriteRequest = z.infer<typeof KvV1WriteRequest>;

/**
 * `GET <mount>/data/<path>[?version=N]` on a KV v2 mount (research §2.2). A deleted or destroyed version
 * answers 404 with this same body and `data.data: null`.
 */
export const KvV2ReadResponse = envelopeOf(
  z
    .object({
      data: field(
        SecretData.nullable(),
        "The version's key/value pairs; `null` when deleted or destroyed.",
        KV,
      ),
      metadata: field(KvV2VersionMetadata, "Metadata of the version that was read.", KV),
    })
    .loose(),
  "The version read: its key/value pairs and metadata.",
);
export type KvV2ReadResponse = z.infer<typeof KvV2ReadResponse>;

/** `POST <mount>/data/<path>` body on a KV v2 mount (secrets §2; research §2.5). */
export const KvV2WriteRequest = z.object({
  data: field(SecretData, "The key/value pairs of the new version.", "secrets §2"),
  options: field(
    z.object({
      cas: field(
        z.number().int().nonnegative(),
        "Check-and-set: write only if the current version is this (0 = only if absent).",
        KV,
      ).optional(),
    }),
    "Write options.",
    KV,
  ).optional(),
});
export type KvV2WriteRequest = z.infer<typeof KvV2WriteRequest>;

/** Answer to a KV v2 write: 200 with the new version's metadata (research §2.5). */
export const KvV2WriteResponse = envelopeOf(KvV2VersionMetadata, "Metadata of the new version.");
export type KvV2WriteResponse = z.infer<typeof KvV2WriteResponse>;

/**
 * A listing (`GET …?list=true` or `LIST`; KV v1 `<mount>/<folder>/`, KV v2 `<mount>/metadata/<folder>/`):
 * names relative to the folder; folders end in `/` (research §2.4, §5).
 */
export const KvListResponse = envelopeOf(
  z
    .object({
      keys: field(
        z.array(z.string()),
        "Names relative to the listed folder; a trailing `/` marks a folder; a name can be both a leaf and a folder.",
        "secrets §4; Vault KV LIST responses",
      ),
    })
    .loose(),
  "The folder listing.",
);
export type KvListResponse = z.infer<typeof KvListResponse>;

const versionEntry = z
  .object({
    created_time: field(z.string(), "When the version was written.", KV, { unit: "RFC 3339 time" }),
    deletion_time: field(OptionalTime, 'Soft-deletion time or `""`.', KV, { unit: "RFC 3339 time" }),
    destroyed: field(z.boolean(), "Whether the version was destroyed.", KV),
  })
  .loose();

/** `GET <mount>/metadata/<path>`: metadata of a KV v2 key and all its versions (research §2.3). */
export const KvV2MetadataReadResponse = envelopeOf(
  z
    .object({
      cas_required: field(z.boolean(), "Whether writes must give `options.cas`.", KV),
      created_time: field(z.string(), "When the key was first written.", KV, { unit: "RFC 3339 time" }),
      current_version: field(z.number().int().nonnegative(), "Latest version number.", KV, { unit: "count" }),
      custom_metadata: CustomMetadata,
      delete_version_after: field(
        z.string(),
        'Duration after which new versions are soft-deleted; `"0s"` = never.',
        KV,
      ),
      max_versions: field(z.number().int().nonnegative(), "Versions kept; 0 = the mount's setting.", KV, {
        unit: "count",
      }),
      oldest_version: field(z.number().int().nonnegative(), "Oldest version still kept.", KV, {
        unit: "count",
      }),
      updated_time: field(z.string(), "When the key was last written.", KV, { unit: "RFC 3339 time" }),
      versions: field(
        z.record(z.string(), versionEntry),
        "Per-version state, keyed by the version number as a string.",
        KV,
      ),
    })
    .loose(),
  "Metadata of the key and its versions.",
);
export type KvV2MetadataReadResponse = z.infer<typeof KvV2MetadataReadResponse>;

/** `POST <mount>/metadata/<path>` body; answered by 204 (research §2.3). */
export const KvV2MetadataWriteRequest = z.object({
  max_versions: field(z.number().int().nonnegative(), "Versions to keep; 0 = the mount's setting.", KV, {
    unit: "count",
  }).optional(),
  cas_required: field(z.boolean(), "Require check-and-set on writes.", KV).optional(),
  delete_version_after: field(
    z.string(),
    'Go duration (e.g. `"720h"`) after which versions are soft-deleted.',
    KV,
  ).optional(),
  custom_metadata: field(z.record(z.string(), z.string()), "Caller-chosen string metadata.", KV).optional(),
});
export type KvV2MetadataWriteRequest = z.infer<typeof KvV2MetadataWriteRequest>;

/** `GET|POST <mount>/config`: mount-wide KV v2 settings (secrets §2). */
export const KvV2Config = z
  .object({
    max_versions: field(
      z.number().int().nonnegative(),
      "Versions kept per key; 0 = the default (10).",
      "secrets §2",
      {
        unit: "count",
      },
    ),
    cas_required: field(z.boolean(), "Whether every write needs `options.cas`.", "secrets §2"),
    delete_version_after: field(
      z.string(),
      'Duration after which versions are soft-deleted; `"0s"` = never.',
      "secrets §2",
    ),
  })
  .loose();
export type KvV2Config = z.infer<typeof KvV2Config>;

/** Answer to `GET <mount>/config`. */
export const KvV2ConfigResponse = envelopeOf(KvV2Config, "The mount's KV v2 settings.");
export type KvV2ConfigResponse = z.infer<typeof KvV2ConfigResponse>;

/** Body of `POST <mount>/config` (all fields optional). */
export const KvV2ConfigRequest = KvV2Config.partial();
export type KvV2ConfigRequest = z.infer<typeof KvV2ConfigRequest>;

/** Body of `POST <mount>/delete|undelete|destroy/<path>`: the versions to act on; answered by 204 (secrets §2). */
export const KvV2VersionsRequest = z.object({
  versions: field(
    z.array(z.number().int().positive()).min(1),
    "Version numbers to soft-delete, restore or destroy.",
    "secrets §2",
    {
      bounds: "at least one",
    },
  ),
});
export type KvV2VersionsRequest = z.infer<typeof KvV2VersionsRequest>;
