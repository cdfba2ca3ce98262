/**
 * V8 flags and the bundle's code cache. A V8 code cache records a hash of V8's flags, and V8 rejects it
 * when the flags differ. A command that sets a flag while it runs (`keepHttpParserOnBaselineTier`) would
 * write, when it exits, caches that the chunks it had loaded before the change can never use: next time
 * they compile before the change again, under the other hash, so they would be rejected and written anew
 * on every run (measured on `secrets ls`: 28 of 36 files rewritten each run). The bundle's loader
 * (`run-entry.ts`) therefore installs a hook that writes the code cache of every chunk loaded so far, and
 * code that changes a V8 flag calls {@link beforeV8FlagsChange} first. Chunks loaded after the change
 * compile under the new flags every time, so the caches written for them at exit stay valid.
 *
 * The loader and the chunks are built separately, so the hook is found through a registered symbol.
 */
const HOOK = Symbol.for("enginekit.beforeV8FlagsChange");

/** Installs `hook` (the bundle's loader: write the code cache of the chunks loaded so far). */
export function onBeforeV8FlagsChange(hook: () => void): void {
  (globalThis as Record<symbol, unknown>)[HOOK] = hook;
}

/** Runs the installed hook, if any (outside the bundle there is none). Call it before changing a V8 flag. */
export function beforeV8FlagsChange(): void {
  const hook = (globalThis as Record<symbol, unknown>)[HOOK];
  if (typeof hook === "function") hook();
}
