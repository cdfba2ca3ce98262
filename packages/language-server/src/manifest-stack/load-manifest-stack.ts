/**
 * `loadManifestStack`: imports the server's manifest half on first use and shares it afterwards.
 */
import type { ManifestStack } from "./manifest-stack.js";

let loading: Promise<ManifestStack> | undefined;

/**
 * The manifest half of the server (src/manifest-stack/manifest-stack.ts), imported on the first call —
 * the first manifest document, or a request that needs it — and shared afterwards (one import per
 * process). Rejects only when the module cannot be loaded (a broken install); a later call retries.
 */
export function loadManifestStack(): Promise<ManifestStack> {
  loading ??= import("./manifest-stack.js").then(
    (m) => m.MANIFEST_STACK,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
