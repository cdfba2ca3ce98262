/**
 * What the Compose kind announces in `initialize`: the characters that trigger completion (keys after
 * space, values after `:`, paths and `svc:` segments after `/`, `svc:` fields after `#`, quoted values
 * after `"`, list items after `-`). They are the server's for every document (LSP announces one set), so
 * none that would open completion in an Enginefile for nothing (`.`) is added. Kept apart from the
 * providers so that announcing them does not load the kind (YAML, ajv, the Compose schema).
 */
export const COMPOSE_TRIGGER_CHARACTERS = [":", " ", "/", "#", '"', "-"];
