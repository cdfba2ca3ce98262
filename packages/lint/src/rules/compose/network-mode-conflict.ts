/**
 * The `compose/network-mode-conflict` rule: network_mode with networks.
 * Its metadata is its documentation (`docs/rules/compose/network-mode-conflict.md`, `enginekit lint
 * --explain compose/network-mode-conflict`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/network-mode-conflict",
  name: "network_mode with networks",
  docs: "`network_mode` gives the container another network stack (`host`, `none`, `service:x`): it cannot also join `networks`.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "services:\n  web:\n    image: nginx:1.27\n    network_mode: host\n    networks: [default]\n",
    },
    { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n    network_mode: host\n" },
  ],
});
