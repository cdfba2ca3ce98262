/**
 * `loadComposeNavigation`: the Compose navigation providers (definition, references, highlights, rename,
 * links, symbols) and the project finder they share, imported on the first Compose navigation request, as the
 * manifest half is (src/manifest-stack/load-manifest-stack.ts): they bring `@enginekit/compose` and YAML with
 * them, which an Enginefile-only session never needs.
 */
import type * as Stack from "./navigation-stack-module.js";

let loading: Promise<typeof Stack> | undefined;

/** The providers, imported once per process; rejects only when the module cannot be loaded (a later call retries). */
export function loadComposeNavigation(): Promise<typeof Stack> {
  loading ??= import("./navigation-stack-module.js").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
