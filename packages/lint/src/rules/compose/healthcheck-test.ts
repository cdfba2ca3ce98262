/**
 * The `compose/healthcheck-test` rule: healthcheck.test without CMD, CMD-SHELL or NONE.
 * Its metadata is its documentation (`docs/rules/compose/healthcheck-test.md`, `enginekit lint --explain
 * compose/healthcheck-test`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/healthcheck-test",
  name: "healthcheck.test without CMD, CMD-SHELL or NONE",
  docs: "The list form of `healthcheck.test` starts with `CMD` (exec form), `CMD-SHELL` (run by the shell) or `NONE` (disable). The string form is run as `CMD-SHELL`.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "services:\n  web:\n    image: nginx:1.27\n    healthcheck:\n      test: [curl, -f, http://localhost]\n",
    },
    {
      kind: "valid",
      code: "services:\n  web:\n    image: nginx:1.27\n    healthcheck:\n      test: [CMD, curl, -f, http://localhost]\n",
    },
  ],
});
