/**
 * The Compose navigation providers in one module, imported dynamically by `loadComposeNavigation`
 * (src/features/compose/navigation-stack.ts) so that a bundler puts them, with `@enginekit/compose`, in a
 * chunk of their own.
 */
export { composeLinks } from "./links.js";
export {
  composeDefinition,
  composeHighlights,
  composePrepareRename,
  composeReferences,
  composeRename,
} from "./navigation.js";
export { documentNavigation } from "./navigation-project.js";
export { composeSymbols } from "./symbols.js";
