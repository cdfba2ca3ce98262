/**
 * What the manifest kind announces in `initialize`: the characters that trigger completion (keys after
 * `:`/space, `svc:` paths after `/`, fields after `#`, quoted values after `"`). Kept apart from the
 * providers so that announcing them does not load the kind (zod, the api schemas, YAML).
 */
export const MANIFEST_TRIGGER_CHARACTERS = [":", " ", "/", "#", '"'];
