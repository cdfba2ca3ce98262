/**
 * The `compose/unknown-service` rule: Unknown service.
 * Its metadata is its documentation (`docs/rules/compose/unknown-service.md`, `enginekit lint --explain
 * compose/unknown-service`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/unknown-service",
  name: "Unknown service",
  docs: "`depends_on` (unless `required: false`), `links`, `volumes_from` and `network_mode`/`ipc`/`pid: service:NAME` must name a service of the project. A service disabled by a profile still counts.",
  peers: [],
  examples: [
    { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.27\n    depends_on: [db]\n" },
    {
      kind: "valid",
      code: "services:\n  web:\n    image: nginx:1.27\n    depends_on: [db]\n  db:\n    image: postgres:16\n",
    },
  ],
});
