import { manifestFindingRule } from "./manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/limit",
  name: "Value outside the API's limits",
  description: "A number, length or size outside a documented bound of the engine API.",
  severity: "error",
  fixable: false,
  docs: "Bounds come from the engine API (engine \u00a78): `BlkioWeight` 10\u20131000, `MemorySwappiness` \u22121 or 0\u2013100, Healthcheck durations 0 or \u2265 1 ms, `CpuShares` \u2265 0 \u2026 \u2014 checked from the schema's single source of truth in `@enginekit/api`.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "Image: alpine:3.20\nHostConfig:\n  BlkioWeight: 5\n",
      fileName: "web.container.yaml",
    },
    {
      kind: "valid",
      code: "Image: alpine:3.20\nHostConfig:\n  BlkioWeight: 10\n",
      fileName: "web.container.yaml",
    },
  ],
});
