/**
 * The parts of `@enginekit/lint` the lint action needs only for some options: `findConfig` (the
 * `.enginekit.yaml` reader, for `--online`'s secrets address) and `renderRuleDoc` (`--explain`). The action
 * imports this module dynamically; a dynamic import of the `@enginekit/lint` root instead would make the
 * bundler treat every export of the package as used wherever the root is imported (docs/cli.md "Start-up").
 */
export { findConfig, renderRuleDoc } from "@enginekit/lint";
