/**
 * The `manifest/ignored-value` rule: Value the engine accepts but ignores.
 * Its metadata is its documentation (`docs/rules/manifest/ignored-value.md`, `enginekit lint --explain
 * manifest/ignored-value`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/ignored-value",
  name: "Value the engine accepts but ignores",
  docs: "The engine creates and runs the container (or creates the service) but ignores the value, or takes it for something else than written: published ports with `NetworkMode: host`, `MaximumRetryCount` without `on-failure`, `PidsLimit` or `MemorySwap` below -1, a negative `MemoryReservation`, a `Healthcheck.Test` kind other than `NONE`/`CMD`/`CMD-SHELL`, `ExposedPorts` keys that are not `<port>/<protocol>`, `null` label values. Checked against the real engine (Debian docker.io 20.10).",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: 'Image: alpine:3.20\nHostConfig:\n  NetworkMode: host\n  PortBindings:\n    80/tcp: [{HostPort: "8080"}]\n',
      fileName: "web.container.yaml",
    },
    {
      kind: "valid",
      code: 'Image: alpine:3.20\nHostConfig:\n  PortBindings:\n    80/tcp: [{HostPort: "8080"}]\n',
      fileName: "web.container.yaml",
    },
  ],
});
