/**
 * What the ignore-file kind announces in `initialize`: the character that triggers path completion (after
 * a `/` of a pattern).
 */
export const IGNOREFILE_TRIGGER_CHARACTERS = ["/"];
