import { manifestFindingRule } from "./manifest-finding-rule.js";

export default manifestFindingRule({
  id: "secret-ref/kv2-path",
  name: "KV version 2 path without data/",
  description: "On a KV version 2 mount the reference lacks `data/` after the mount path.",
  severity: "error",
  fixable: true,
  online: true,
  docs: "Online check (`--online`): KV version 2 stores secrets under `<mount>/data/<path>` (secrets \u00a74 rule 5). The quick fix inserts `data/`.",
  peers: [],
  examples: [],
});
