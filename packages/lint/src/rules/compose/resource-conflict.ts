/**
 * The `compose/resource-conflict` rule: Service resource unlike its deploy.resources twin.
 * Its metadata is its documentation (`docs/rules/compose/resource-conflict.md`, `enginekit lint --explain
 * compose/resource-conflict`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/resource-conflict",
  name: "Service resource unlike its deploy.resources twin",
  docs: "`cpus`, `mem_limit`, `pids_limit` and `mem_reservation` must agree with `deploy.resources.limits.cpus`, `.memory`, `.pids` and `deploy.resources.reservations.memory` when both are set (compared as bytes and CPUs).",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: 'services:\n  web:\n    image: nginx:1.27\n    cpus: 0.5\n    deploy:\n      resources:\n        limits: {cpus: "1"}\n',
    },
    {
      kind: "valid",
      code: "services:\n  web:\n    image: nginx:1.27\n    mem_limit: 512m\n    deploy:\n      resources:\n        limits: {memory: 536870912}\n",
    },
  ],
});
