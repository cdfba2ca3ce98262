import { manifestFindingRule } from "./manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/unknown-kind",
  name: "Unknown manifest kind",
  description: "The kind of manifest cannot be told from the file name, `kind` or `$schema`.",
  severity: "error",
  fixable: true,
  docs: "Name the file `*.container.yaml`, `*.service.yaml`, `*.network.yaml`, `*.volume.yaml` or `*.swarm.yaml`, or add `kind:` (docs/manifests.md). A misspelt `kind` gets a quick fix.",
  peers: [],
  examples: [{ kind: "invalid", code: "kind: contaner\nImage: alpine:3.20\n", fileName: "web.yaml" }],
});
