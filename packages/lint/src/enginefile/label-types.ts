/** The value types a label schema can require (`labelSchema` in `.enginekit.yaml`, hadolint's `label-schema`). */
export const LABEL_TYPES = ["text", "url", "semver", "hash", "rfc3339", "spdx", "email"] as const;

/** One of {@link LABEL_TYPES}. */
export type LabelType = (typeof LABEL_TYPES)[number];
