/**
 * `keepHttpParserOnBaselineTier`: a V8 flag that keeps undici's WebAssembly response parser on the baseline
 * tier, so short commands exit without waiting for an optimising compile (the project's own start-up tuning).
 */
import { setFlagsFromString } from "node:v8";
import { beforeV8FlagsChange } from "../launch/v8-flags-hook.js";

/**
 * Keeps the HTTP clients' response parser on V8's baseline WebAssembly tier, for a command that makes a
 * few requests and exits (`build`, `engine info`, `secrets list`, `lint --online`).
 *
 * undici parses responses with a WebAssembly module (llhttp). Once V8 finds its big parser function hot, it
 * recompiles it with its optimising tier on a background thread, and Node waits for that compile before the
 * process can exit: measured 0.10 s from the last output to the exit of `enginekit engine info` and of a
 * build, 0.02 s with this setting. A short command parses only a few small messages, for which the baseline
 * tier is plenty, so a tiering budget that is never used up keeps it there. Call it before the first
 * request: it affects only WebAssembly compiled afterwards, in this process (the language server, which
 * runs for hours, does not call it). The bundle's code cache of the chunks loaded so far is written
 * first, under the flags they compiled with (`launch/v8-flags-hook.ts`).
 */
export function keepHttpParserOnBaselineTier(): void {
  beforeV8FlagsChange();
  setFlagsFromString("--wasm-tiering-budget=2000000000");
}
