/**
 * The engine's image reference grammar (distribution `reference` package): optional registry host and
 * port, lower-case path components separated by `/`, optional `:tag` (≤ 128 characters) and `@digest`.
 */
const REFERENCE =
  /^(?:(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*(?::[0-9]+)?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[\w][\w.-]{0,127})?(?:@[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?$/;

/** True when `reference` is a valid image reference (or the special name `scratch`). */
export function isValidImageReference(reference: string): boolean {
  return reference.length <= 255 && REFERENCE.test(reference);
}
