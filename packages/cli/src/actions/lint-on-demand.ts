/**
 * The part of `@enginekit/lint` the lint action needs only for one option: `renderRuleDoc`
 * (`--explain`). The action imports this module dynamically; a dynamic import of the `@enginekit/lint`
 * root instead would make the bundler treat every export of the package as used wherever the root is
 * imported (docs/cli.md "Start-up"). The configuration reader has its own light entry,
 * `@enginekit/lint/config`.
 */
export { renderRuleDoc } from "@enginekit/lint";
