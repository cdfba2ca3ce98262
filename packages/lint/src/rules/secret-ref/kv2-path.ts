/**
 * The `secret-ref/kv2-path` rule: KV version 2 path without data/.
 * Its metadata is its documentation (`docs/rules/secret-ref/kv2-path.md`, `enginekit lint --explain
 * secret-ref/kv2-path`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "secret-ref/kv2-path",
  name: "KV version 2 path without data/",
  docs: "Online check (`--online`): KV version 2 stores secrets under `<mount>/data/<path>` (secrets §4 rule 5). The quick fix inserts `data/`.",
  peers: [],
  examples: [],
});
