/**
 * The parts of `@enginekit/lint` the lint action needs only for some options: `findConfig` and
 * `loadConfigFile` (the `.enginekit.yaml` reader, also for the network settings of project-network.ts) and `renderRuleDoc` (`--explain`). The action
 * imports this module dynamically; a dynamic import of the `@enginekit/lint` root instead would make the
 * bundler treat every export of the package as used wherever the root is imported (docs/cli.md "Start-up").
 */
export { findConfig, loadConfigFile, renderRuleDoc } from "@enginekit/lint";
