/**
 * What the Compose kind announces in `initialize`: the characters that trigger completion (keys after
 * space, values after `:`, paths after `/` and `.`, `svc:` fields after `#`, quoted values after `"`,
 * list items after `-`, interpolation after `{`). Kept apart from the providers so that announcing them
 * does not load the kind (YAML, ajv, the Compose schema).
 */
export const COMPOSE_TRIGGER_CHARACTERS = [":", " ", "/", ".", "#", '"', "-", "{"];
