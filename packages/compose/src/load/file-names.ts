/**
 * Compose's file names (compose-go `cli/options.go` `DefaultFileNames`, `DefaultOverrideFileNames`), in the
 * order Compose tries them, and the test for a Compose-named file. No imports: discovery in the linter and
 * the language server's document kinds read these without loading the rest of the package.
 */

/** Compose's default file names, in the order Compose tries them. */
export const DEFAULT_FILE_NAMES = [
  "compose.yaml",
  "compose.yml",
  "docker-compose.yml",
  "docker-compose.yaml",
] as const;

/** Compose's default override file names, in the order Compose tries them. */
export const DEFAULT_OVERRIDE_FILE_NAMES = [
  "compose.override.yml",
  "compose.override.yaml",
  "docker-compose.override.yml",
  "docker-compose.override.yaml",
] as const;

/** True for a file name Compose finds by default or that a Compose-named variant uses (`docker-compose.prod.yml`). */
export function isComposeFileName(name: string): boolean {
  return /^(?:docker-)?compose(?:[.-][^/\\]*)?\.ya?ml$/i.test(name);
}
