/**
 * The `compose/secret-source` rule: Secret or config without source.
 * Its metadata is its documentation (`docs/rules/compose/secret-source.md`, `enginekit lint --explain
 * compose/secret-source`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/secret-source",
  name: "Secret or config without source",
  docs: "A top-level secret needs `file`, `environment` or `external: true`; a config also accepts `content`.",
  peers: [],
  examples: [
    { kind: "invalid", code: "services: {}\nsecrets:\n  token: {}\n" },
    { kind: "valid", code: "services: {}\nsecrets:\n  token:\n    environment: TOKEN\n" },
  ],
});
