/**
 * Characters that trigger completion in manifests (keys after `:`/space, `svc:` paths after `/`, fields
 * after `#`, quoted values after `"`). Kept apart from the completion provider so that announcing them at
 * `initialize` does not load the manifest stack (src/manifest-stack/manifest-stack.ts).
 */
export const MANIFEST_TRIGGER_CHARACTERS = [":", " ", "/", "#", '"'];
