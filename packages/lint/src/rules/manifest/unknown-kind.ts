/**
 * The `manifest/unknown-kind` rule: Unknown manifest kind.
 * Its metadata is its documentation (`docs/rules/manifest/unknown-kind.md`, `enginekit lint --explain
 * manifest/unknown-kind`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/unknown-kind",
  name: "Unknown manifest kind",
  docs: "Name the file `*.container.yaml`, `*.service.yaml`, `*.network.yaml`, `*.volume.yaml` or `*.swarm.yaml`, or add `kind:` (docs/manifests.md). A misspelt `kind` gets a quick fix.",
  peers: [],
  examples: [{ kind: "invalid", code: "kind: contaner\nImage: alpine:3.20\n", fileName: "web.yaml" }],
});
