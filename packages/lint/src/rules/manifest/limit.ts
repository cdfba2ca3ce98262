import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/limit",
  name: "Value outside the API's limits",
  docs: "Bounds come from the engine API (engine §8): `BlkioWeight` 10–1000, `MemorySwappiness` −1 or 0–100, Healthcheck durations 0 or ≥ 1 ms, `CpuShares` ≥ 0 … — checked from the schema's single source of truth in `@enginekit/api`.",
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
